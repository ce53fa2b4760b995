import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * Sources that prove: each card, update and industry page links its entry on
 * /sources, which names every page behind it, what that page proves and the day it was checked.
 */
const credit = federalIncentiveSeed.find((row) => row.slug === "clean-electricity-investment-credit");

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a card's All sources link opens its entry: each page with what it proves and the review date", async ({
    page,
  }) => {
    if (!credit) throw new Error("no 48E record");
    await page.goto("/incentives?type=Federal");
    const card = page.locator(".incentive-card").filter({ hasText: credit.title });
    await card.getByRole("link", { name: `All sources for ${credit.title}` }).click();
    await expect(page).toHaveURL(/\/sources#incentive-clean-electricity-investment-credit$/);
    const entry = page.locator("#incentive-clean-electricity-investment-credit");
    await expect(entry.getByRole("heading", { level: 3 })).toHaveText(credit.title);
    await expect(entry).toContainText("Last reviewed November 23, 2026");
    expect(credit.sources.length).toBeGreaterThanOrEqual(3);
    for (const source of credit.sources) {
      const item = entry.getByRole("listitem").filter({ hasText: source.supports });
      await expect(item.getByRole("link")).toHaveAttribute("href", source.url);
    }
    // The deadline the whole site hinges on, proved by the law's text.
    await expect(entry.getByRole("listitem").filter({ hasText: "Public Law 119-21 §§70512–70513" })).toContainText(
      "placed in service by December 31, 2027",
    );
  });

  test("every section is listed, page texts and industry pages included; an industry page links its entry", async ({
    page,
  }) => {
    await page.goto("/farms");
    await page.getByRole("link", { name: "Sources for this page" }).click();
    await expect(page).toHaveURL(/\/sources#industry-farms$/);
    await expect(page.locator("#industry-farms")).toContainText("REAP grants and loans");
    for (const heading of [
      "Federal incentives",
      "State and utility incentives",
      "Policy Watch updates",
      "Industry pages",
      "Banners and page texts",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.locator("#text-site-banner")).toContainText("Last reviewed November 25, 2026");
    await expect(page.locator("#text-homepage-hero")).toContainText("EIA CBECS 2012, table C14");
  });
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`/sources has no axe violation and no sideways scroll at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/sources");
    await expect(page.getByRole("heading", { level: 1, name: "Sources and Review Dates" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
}
