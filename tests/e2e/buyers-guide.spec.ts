import type { Page } from "@playwright/test";
import { BUYERS_GUIDE_TITLE, buyersGuideFaq, buyersGuideSections } from "../../app/content/buyers-guide";
import { expect, expectNoAxeViolations, MOBILE_VIEWPORT, test } from "./fixtures";

/**
 * The buyer's guide to the 2026–2027 rules: readable without JavaScript, every
 * statement with its sources and review date, Article data that matches what is shown,
 * reached from the header, the banner and the calculator; the storage card among federal programs.
 */
const PATH = "/incentives/buyers-guide";

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(value) ? value : [value];
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every section, statement source and question is in the page, with the days left on the site's clock", async ({
    page,
  }) => {
    await page.goto(PATH);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(BUYERS_GUIDE_TITLE);
    // The site's clock in the browser suite is 2026-11-23: 403 days to December 31, 2027.
    await expect(page.getByTestId("deadline-countdown")).toHaveText(
      "Today is November 23, 2026: a new solar system must be placed in service within 403 days, by December 31, 2027, to earn the §48E credit.",
    );
    for (const section of buyersGuideSections) {
      const region = main.getByRole("region", { name: section.heading });
      await expect(region).toBeVisible();
      await expect(region.getByRole("listitem")).toHaveCount(section.statements.length);
      for (const statement of section.statements) {
        const item = region.getByRole("listitem").filter({ hasText: statement.text });
        await expect(item).toContainText("checked November 26, 2026");
        for (const source of statement.sources) {
          await expect(item.getByRole("link", { name: source.title })).toHaveAttribute("href", source.url);
        }
      }
    }
    const questions = main.getByRole("region", { name: "Questions buyers ask" });
    await expect(questions.getByRole("heading", { level: 3 })).toHaveText(buyersGuideFaq.map((q) => q.question));

    // Article data (no FAQPage: decision 0033 addendum); every answer shown on the page.
    const data = await structuredData(page);
    const article = data.find((item) => item["@type"] === "Article");
    expect(article).toMatchObject({ headline: BUYERS_GUIDE_TITLE, dateModified: "2026-11-26" });
    expect(data.map((item) => item["@type"])).not.toContain("FAQPage");
    for (const item of buyersGuideFaq) {
      await expect(questions.getByText(item.answer, { exact: true })).toBeVisible();
    }
  });

  test("reached from the banner, the incentives page and the footer; the storage card is among the federal programs", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(
      page.getByRole("region", { name: "Announcement" }).getByRole("link", { name: "What “in service” means" }),
    ).toHaveAttribute("href", PATH);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /Buyer's Guide/ })).toHaveAttribute(
      "href",
      PATH,
    );

    await page.goto("/incentives?type=Federal");
    await expect(
      page.getByRole("main").getByRole("link", { name: /buyer's guide to the 2026–2027 rules/i }),
    ).toHaveAttribute("href", PATH);
    const card = page.locator(".incentive-card").filter({
      has: page.getByRole("heading", { level: 3, name: "Battery Storage Investment Credit (Section 48E)" }),
    });
    await expect(card).toContainText("construction begins by December 31, 2033");
    await expect(card).toContainText("55%");
    // Solar's own card: the deadline is a placed-in-service date, not a sign-up window.
    await expect(
      page.locator(".incentive-card").filter({
        has: page.getByRole("heading", { level: 3, name: "Clean Electricity Investment Tax Credit (Section 48E)" }),
      }),
    ).toContainText("In service by December 31, 2027");
  });

  test("each need of the fact check's section 6 is answered within two clicks of the home page", async ({ page }) => {
    // One click: the banner's link to the guide.
    await page.goto("/");
    await page
      .getByRole("region", { name: "Announcement" })
      .getByRole("link", { name: "What “in service” means" })
      .click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    const main = page.getByRole("main");
    for (const [heading, fact] of [
      ["Battery storage keeps the credit much longer", "2033"], // 1. storage's longer credit
      ["“Placed in service” is the date that decides the credit", "placed in service"], // 2.
      ["Projects that began construction by July 4, 2026: the continuity window", "four"], // 3. continuity
      ["Foreign-entity rules: where your panels, inverters and batteries come from", "40%"], // 4. thresholds
      ["Bonus depreciation", "100%"], // 6. still available
      ["Elective pay for nonprofits, governments and other tax-exempt owners", "domestic-content"],
    ] as const) {
      await expect(main.getByRole("region", { name: heading })).toContainText(fact);
    }
    // 5. Realistic economics: the calculator (one click from the header) shows cost and payback.
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Estimate Your Savings" }).click();
    await expect(page).toHaveURL(/\/solar-calculator$/);
    // 7. REAP's uncertainty is on the home page's federal cards.
    await page.goto("/");
    await expect(page.locator(".incentive-card").filter({ hasText: "REAP" })).toContainText("At Risk");
  });

  test("the calculator's 2027 cliff links to it", async ({ page }) => {
    await page.goto("/solar-calculator?monthlyBill=2500&state=TX");
    await expect(
      page.getByTestId("cliff-line").getByRole("link", { name: /What “placed in service” means/ }),
    ).toHaveAttribute("href", PATH);
  });
});

for (const [name, viewport] of [
  ["1280 px", { width: 1280, height: 800 }],
  ["375 px", { width: 375, height: 812 }],
] as const) {
  test(`no axe violation at ${name}, and no sideways scroll`, async ({ page }) => {
    await page.setViewportSize(viewport.width === 375 ? { ...MOBILE_VIEWPORT, width: 375 } : viewport);
    await page.goto(PATH);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
