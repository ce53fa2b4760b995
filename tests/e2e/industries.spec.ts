import pg from "pg";
import { industries } from "../../app/content/industries";
import { industryPages } from "../../app/content/industry-pages";
import { freePortSync } from "../free-port";
import { decodeHtml, expect, expectNoAxeViolations, MOBILE_VIEWPORT, test } from "./fixtures";
import { exited, startServer, waitReady } from "./spawn-server";

const ASSESSMENT_HERO = new Set(["winery", "wedding-venues"]);
const FREE_ESTIMATE = new Set(["medical-offices", "department-stores", "movie-theaters"]);
const MOBILE_AXE_PAGES = new Set(["farms", "winery", "wedding-venues", "medical-offices"]);

for (const entry of industries) {
  const page = industryPages[entry.slug];
  test.describe(entry.path, () => {
    test("complete in the server HTML, with the spec's calls to action", async ({ request }) => {
      if (!page) throw new Error(entry.slug);
      const response = await request.get(entry.path);
      expect(response.status()).toBe(200);
      const html = decodeHtml(await response.text());
      // JavaScript off: everything is in the HTML the server sends.
      for (const text of [
        page.title,
        page.subtitle,
        page.intro,
        ...page.benefits.map((item) => item.title),
        ...page.incentives.map((item) => item.title),
        ...page.useCases.map((item) => item.title),
        page.example.summary,
        ...page.faq.map((item) => item.question),
        page.ctaText,
        "Top 10 Hidden Solar Incentives by Industry",
      ]) {
        expect(html, text).toContain(text);
      }
      expect(html).toContain('id="assessment"');
      expect(html).toContain(`src="/images/industries/${entry.slug}.svg"`);
      expect(html).toContain('"@type":"Service"');
      // No FAQPage: Google shows FAQ results only for government and health sites (decision 0033).
      expect(html).not.toContain('"@type":"FAQPage"');
      expect(html).toContain(`<link rel="canonical" href="${test.info().project.use.baseURL}${entry.path}"/>`);
      expect(html).not.toMatch(/coming soon/i);
      // Its own Open Graph image, a PNG that exists.
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(og).toMatch(new RegExp(`/images/og/${entry.slug}\\.png$`));
      const image = await request.get(new URL(og).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");

      const hero = /<section aria-labelledby="industry-title"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      if (ASSESSMENT_HERO.has(entry.slug)) expect(hero).toContain('href="#assessment"');
      else expect(hero).toContain('href="/submit-bill"');
      const estimate = /href="([^"]+)"[^>]*>Estimate Your Savings/.exec(hero)?.[1];
      expect(estimate).toBe(entry.slug === "wedding-venues" ? "/submit-bill" : "/solar-calculator");
      const closing = /<section aria-labelledby="closing-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      expect(closing).toContain('href="/submit-bill"');
      expect(closing.includes('href="/free-estimate"')).toBe(FREE_ESTIMATE.has(entry.slug));
      expect(html).toMatch(/href="\/"[^>]*>(?:(?!<\/a>)[\s\S]){0,800}Back to Home<\/a>/);
    });

    // Every page at 1280 px; at 375 px one page of each hero and closing variant: the pages share
    // one template, and what differs between them (text, images, links) does not depend on width.
    const narrow = MOBILE_AXE_PAGES.has(entry.slug);
    test(`no axe violation at 1280 px${narrow ? " and 375 px" : ""}`, async ({ page: browserPage }) => {
      await browserPage.goto(entry.path);
      await expectNoAxeViolations(browserPage);
      if (!narrow) return;
      await browserPage.setViewportSize({ width: 375, height: MOBILE_VIEWPORT.height });
      await browserPage.reload();
      await expectNoAxeViolations(browserPage);
    });
  });
}

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
