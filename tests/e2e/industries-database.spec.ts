import pg from "pg";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, startServer, waitReady } from "./spawn-server";

/**
 * Against PostgreSQL (a database of its own): a staff edit of an industry row shows on the page
 * with no code change, and a failed read is the spec's error screen.
 */
test.describe("industry pages read the database", () => {
  test.describe.configure({ mode: "serial" });
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, "needs a PostgreSQL server (TEST_DATABASE_URL; .ci/run sets it when one answers)");

  test("an edited row changes the page; a failed read shows Error loading industry data", async ({ page }) => {
    test.setTimeout(90_000);
    const name = `e2e_industry_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${name}`;
    const port = String(freePortSync());
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({ PORT: port, SITE_URL: base, DATABASE_URL: url.toString(), HTML_CACHE_SECONDS: "0" });
    const db = new pg.Client({ connectionString: url.toString() });
    try {
      await waitReady(server);
      await db.connect();
      await db.query(
        `update industries set title = 'Solar for Dairies and Orchards', subtitle = 'Edited by staff' where slug = 'farms'`,
      );
      await page.goto(`${base}/farms`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solar for Dairies and Orchards");
      await expect(page.getByTestId("industry-subtitle")).toHaveText("Edited by staff");

      // A subtitle left empty falls back to the slug with hyphens as spaces.
      await db.query(`update industries set subtitle = null where slug = 'car-wash'`);
      await page.goto(`${base}/car-wash`);
      await expect(page.getByTestId("industry-subtitle")).toHaveText("car wash");

      await db.query("alter table industries rename to industries_gone");
      // A new address: the browser may keep the earlier /farms for a minute (public max-age).
      const response = await page.goto(`${base}/farms?after-the-table-went`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error loading industry data");
      await page.getByRole("link", { name: "Return Home" }).click();
      await expect(page).toHaveURL(`${base}/`);
      await expect.poll(server.output).toContain("Error loading industry data (farms)");
      await db.query("alter table industries_gone rename to industries");
    } finally {
      await db.end().catch(() => {});
      server.child.kill("SIGTERM");
      await exited(server.child);
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    }
  });
});
