import {
  finalCta,
  heroFallback,
  incentiveCutsBanner,
  steps,
  testimonials,
  testimonialsDisclosure,
} from "../../app/content/home";
import { industries } from "../../app/content/industries";
import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { siteContentSeed } from "../../app/content/seed/site-content";
import { expect, gotoReady, test } from "./fixtures";

const seededHero = siteContentSeed.find((block) => block.key === "homepage_hero");
const heroTitle = seededHero?.title ?? heroFallback.title;
const heroCtaLabel = seededHero?.ctaLabel ?? heroFallback.ctaLabel;

const topIncentives = [...federalIncentiveSeed]
  .sort((a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER))
  .slice(0, 3);

const TRUST_BADGES = ["USDA", "Department of Energy", "Solar Energy Industries Association", "NABCEP", "Energy Star"];

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

test("hero: seeded title and a button that scrolls to the industries section", async ({ page }) => {
  await gotoReady(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heroTitle);
  const heroButton = page.getByRole("link", { name: heroCtaLabel });
  await expect(heroButton).toHaveAttribute("href", "#industries");
  await expect(page.locator("#industries")).not.toBeInViewport();
  await heroButton.click();
  await expect(page.locator("#industries")).toBeInViewport();
  await expect(page).toHaveURL(/#industries$/);
});

test("mission blurb links to /mission", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("main").locator('a[href="/mission"]').first()).toBeVisible();
});

test("top incentives: the first three federal incentives by priority, status badges, safe external links", async ({
  page,
}) => {
  await page.goto("/");
  const list = page.getByTestId("top-incentives");
  const cards = list.getByRole("listitem");
  await expect(cards).toHaveCount(3);
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(topIncentives.map((item) => item.title));

  // The e2e server's clock is pinned to 2026-11-23 (playwright.config.ts): no top row has ended.
  for (const [index, incentive] of topIncentives.entries()) {
    const expected = incentive.status === "At Risk" ? "At Risk" : "Active";
    await expect(cards.nth(index).locator(".tags > :last-child"), incentive.title).toHaveText(expected);
    await expect(cards.nth(index).getByText(/^Last reviewed November 23, 2026$/)).toBeVisible();
  }
  expect(topIncentives.some((item) => item.status === "At Risk")).toBe(true);

  const external = list.locator('a[href^="http"]');
  expect(await external.count()).toBeGreaterThan(0);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(link).toHaveAttribute("rel", /\bnoreferrer\b/);
  }
});

test("industries grid: 18 cards each linking to its industry page", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("#industries");
  const cards = section.getByRole("listitem");
  await expect(cards).toHaveCount(18);
  for (const [index, industry] of industries.entries()) {
    const link = cards.nth(index).getByRole("link");
    await expect(link).toHaveAttribute("href", industry.path);
    await expect(link).toContainText(industry.label);
  }
});

test("incentive-cuts banner, trust badges, four steps, three stories, final call to action, lead form", async ({
  page,
}) => {
  await page.goto("/");
  const main = page.getByRole("main");

  const cuts = main.getByRole("region", { name: incentiveCutsBanner.title });
  await expect(cuts).toBeVisible();
  await expect(cuts.getByRole("link", { name: incentiveCutsBanner.cta })).toHaveAttribute(
    "href",
    incentiveCutsBanner.to,
  );

  for (const name of TRUST_BADGES) {
    await expect(main.getByText(name, { exact: true }), name).toBeVisible();
  }

  const howItWorks = main.getByRole("region", { name: "How It Works" });
  await expect(howItWorks.getByRole("listitem")).toHaveCount(4);
  await expect(howItWorks.getByRole("heading", { level: 3 })).toHaveText(steps.map((step) => step.title));

  // Labelled examples, not invented customer reviews (fact check 2026-11; FTC 16 CFR Part 465).
  const stories = main.getByRole("region", { name: "How We Help: Three Examples" });
  await expect(stories.getByRole("listitem")).toHaveCount(3);
  await expect(stories.getByText(testimonialsDisclosure)).toBeVisible();
  for (const story of testimonials) {
    await expect(stories.getByRole("heading", { name: story.title })).toBeVisible();
  }

  const final = main.getByRole("region", { name: finalCta.title });
  await expect(final).toBeVisible();
  await expect(final.getByRole("link", { name: finalCta.primary.label })).toHaveAttribute("href", finalCta.primary.to);
  await expect(final.getByRole("link", { name: finalCta.secondary.label })).toHaveAttribute(
    "href",
    finalCta.secondary.to,
  );

  await expect(page.locator("#lead-form")).toHaveCount(1);
});

test("the mission page links to /#lead-form and /#industries", async ({ page }) => {
  await page.goto("/mission");
  const main = page.getByRole("main");
  await expect(main.locator('a[href="/#lead-form"]').first()).toBeVisible();
  await expect(main.locator('a[href="/#industries"]').first()).toBeVisible();
});

test("without JavaScript the server HTML holds the hero, top incentives and industry links", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(escapeHtml(heroTitle));
  for (const incentive of topIncentives) expect(html).toContain(escapeHtml(incentive.title));
  // Scoped to the industries section: the header and footer link every industry too.
  const grid = /<section id="industries"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  for (const industry of industries) expect(grid).toContain(`href="/${industry.slug}"`);
  expect(grid.match(/<li>/g)).toHaveLength(industries.length);
});
