import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { leadSentence } from "../../app/lib/lead-sentence";
import { expect, test } from "./fixtures";

/**
 * Lighter for the eye on a phone. The banner stays compact, an industry page's form is one tap
 * from the first screen and comes before the long sections, and a card shows its title and date
 * with the rest one step away (a details element: no JavaScript needed).
 */
test.use({ viewport: { width: 375, height: 800 } });

test("the banner takes at most 14% of a phone screen (it took 18%), its call to action still a link", async ({
  page,
}) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Announcement" });
  const box = await banner.boundingBox();
  expect(box?.height ?? 999).toBeLessThanOrEqual(112);
  await expect(banner.getByRole("link", { name: "Get My Custom Solar Quote" })).toBeVisible();
});

test("an industry page's form is one tap from the first screen and comes before the long sections", async ({
  page,
}) => {
  await page.goto("/farms");
  const jump = page.getByRole("link", { name: "Get your free assessment" });
  const box = await jump.boundingBox();
  expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  await jump.click();
  await expect(page).toHaveURL(/#assessment$/);
  const form = page.getByRole("heading", { level: 2, name: "Ask a solar advisor" });
  await expect(form).toBeInViewport();
  // It sat at 9,000 px of a 12,000 px page (2026-11-29): now after the introduction, before Benefits.
  const formTop = (await form.boundingBox())?.y ?? 0;
  const benefitsTop = (await page.getByRole("heading", { level: 2, name: "Benefits" }).boundingBox())?.y ?? 0;
  expect(formTop).toBeLessThan(benefitsTop);
});

test("on a phone /incentives is at most half its height of 2026-11-29 (15,770 px): cards open on demand", async ({
  page,
}) => {
  await page.goto("/incentives");
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(15_770 / 2);
  const card = page.locator(".incentive-card").filter({ hasText: "Clean Electricity Investment Tax Credit" });
  await expect(card.getByText("In service by December 31, 2027", { exact: true })).toBeVisible();
  await expect(card.getByText("Value:")).toBeHidden();
  await card.getByText("Value and details").click();
  await expect(card.getByText("Value:")).toBeVisible();
  await expect(card.getByRole("link", { name: /irs\.gov/ })).toBeVisible();
});

test("nothing moves once drawn: the web font does not shift the page (Lighthouse saw CLS 0.25)", async ({
  browser,
}) => {
  // A fresh context: no font in the cache, as for a first visit.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { shift: number };
    w.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const path of ["/incentives?q=solar", "/farms"]) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift), path).toBeLessThan(0.05);
  }
  await context.close();
});

test("icons are drawn once, by the style sheet: no inline lucide SVG on public pages, each mask painted", async ({
  page,
  request,
}) => {
  for (const path of ["/", "/incentives/states", "/policy-watch", "/farms", "/incentives?q=solar"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('class="lucide');
  }
  await page.goto("/incentives/states");
  const pins = page.locator(".icon-map-pin");
  await expect(pins).toHaveCount(50);
  expect(await pins.first().evaluate((el) => getComputedStyle(el).maskImage)).toContain("data:image/svg+xml");
  // Marks the style sheet adds after a link: the source link's external-link mark, the card's arrow.
  await page.goto("/policy-watch");
  const source = page.locator(".policy-update .source").first();
  expect(await source.evaluate((el) => getComputedStyle(el, "::after").maskImage)).toContain("M15 3h6v6");
  await page.goto("/");
  const more = page.locator(".industry-card .more").first();
  expect(await more.evaluate((el) => getComputedStyle(el, "::after").maskImage)).toContain("m12 5 7 7-7 7");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a card shows its title and date; its first sentence and the conditions open from the keyboard", async ({
    page,
  }) => {
    const bonus = federalIncentiveSeed.find((row) => row.slug === "bonus-depreciation");
    if (!bonus) throw new Error("no bonus depreciation record");
    const { lead, rest } = leadSentence(bonus.description);
    expect(rest.length).toBeGreaterThan(0);
    await page.goto("/incentives?type=Federal");
    const card = page.locator(".incentive-card").filter({ hasText: bonus.title });
    await expect(card.getByRole("heading", { name: bonus.title })).toBeVisible();
    await expect(card.getByText(lead, { exact: true })).toBeHidden();
    // A summary is focusable and opens with Enter: first the card's details, then its conditions.
    await card.locator("summary").first().focus();
    await page.keyboard.press("Enter");
    await expect(card.getByText(lead, { exact: true })).toBeVisible();
    await expect(card.getByText(rest, { exact: true })).toBeHidden();
    await card.locator("summary").nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByText(rest, { exact: true })).toBeVisible();
  });
});
