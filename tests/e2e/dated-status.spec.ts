import fs from "node:fs";
import type { Page } from "@playwright/test";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * Dates drive status: with the site's clock set either side of the federal solar
 * credit's end (in service by December 31, 2027), the same seeded records read Active the day
 * before and Expired on the day, on the incentive list, a state page and the home cards, and the
 * calculator stops counting the federal credit. Nobody edits a record in between.
 */
test.describe.configure({ mode: "serial" });

const CREDIT = "Clean Electricity Investment Tax Credit (Section 48E)";
const UTAH_CREDIT = "Utah Commercial Renewable Energy Systems Tax Credit";

function cardTitled(page: Page, title: string | RegExp) {
  return page.locator(".incentive-card").filter({ has: page.getByRole("heading", { level: 3, name: title }) });
}

for (const { day, status, endLabel } of [
  // A placed-in-service deadline, not a sign-up window (fact check 2026-11-25).
  { day: "2027-12-31", status: "Active", endLabel: "In service by December 31, 2027" },
  { day: "2028-01-01", status: "Expired", endLabel: "Ended for systems in service after December 31, 2027" },
]) {
  test.describe(`on ${day}`, () => {
    let server: Started;
    let dataDir: string;
    let base: string;

    test.beforeAll(async () => {
      // As long as waitReady may wait (a loaded machine), not the 30 s of a test.
      test.setTimeout(90_000);
      dataDir = seededDataDir("solar-clock-");
      const port = String(freePortSync());
      base = `http://127.0.0.1:${port}`;
      server = startServer({ PORT: port, DATA_DIR: dataDir, SITE_URL: base, CLOCK_TODAY: day });
      await waitReady(server);
      expect(server.output()).toContain(`CLOCK_TODAY is set: the site behaves as if today were ${day}`);
    });
    test.afterAll(async () => {
      server.child.kill("SIGTERM");
      await exited(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test(`the federal credit reads ${status} on the incentive list, a state page and the home cards`, async ({
      page,
    }) => {
      await page.goto(`${base}/incentives?type=Federal`);
      const listed = cardTitled(page, CREDIT);
      await expect(listed.locator(".tags > :last-child")).toHaveText(status);
      await expect(listed).toContainText(endLabel);

      await page.goto(`${base}/incentives/states/ut`);
      await expect(cardTitled(page, CREDIT).locator(".tags > :last-child")).toHaveText(status);
      // Utah's own credit ends the same day (2025 H.B. 264): placed in service before 2028.
      await expect(cardTitled(page, UTAH_CREDIT).locator(".tags > :last-child")).toHaveText(status);

      await page.goto(`${base}/`);
      const home = page.getByTestId("top-incentives").locator(".incentive-card").first();
      await expect(home.getByRole("heading", { level: 3 })).toHaveText(CREDIT);
      await expect(home.locator(".tags > :last-child")).toHaveText(status);
    });

    test(`the calculator ${status === "Active" ? "counts" : "does not count"} the federal credit`, async ({ page }) => {
      await page.goto(`${base}/solar-calculator`);
      await page.getByLabel("Average monthly electric bill ($)").fill("1000");
      await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "Texas" });
      await page.getByRole("button", { name: "Calculate My Savings" }).click();
      const main = page.getByRole("main");
      await expect(main.getByText("Estimated annual savings")).toBeVisible();
      const federal = main.getByTestId("federal-line");
      if (status === "Active") {
        await expect(federal).toContainText("Federal tax credit (§48E, 30%)");
        await expect(federal).toContainText("Placed in service by December 31, 2027.");
        await expect(main.getByTestId("cliff-line")).toBeVisible();
      } else {
        await expect(federal).toContainText("Not counted");
        await expect(federal).toContainText(
          "No solar credit: in service after December 31, 2027 without construction begun by July 4, 2026.",
        );
        await expect(main.getByTestId("cliff-line")).toHaveCount(0);
      }
    });
  });
}
