import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Load a page and wait until it is interactive, whichever way the page is built: the inline
 * enhancement script has run (`data-enhanced`) and, when the page ships React Router's client
 * scripts, React has hydrated too (`data-hydrated`).
 */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await waitReady(page);
  return response;
}

/** Wait until the current document is interactive (see gotoReady). */
export async function waitReady(page: Page) {
  await expect(page.locator("html[data-hydrated='true'], html[data-enhanced='true']")).toHaveCount(1);
  const hydrates = await page.evaluate(() => "__reactRouterContext" in window);
  if (hydrates) await expect(page.locator("html[data-hydrated='true']")).toHaveCount(1);
}

/** No axe-core violation (WCAG 2.x A/AA rules) on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary).toEqual([]);
}

/** Spec section 2, route table: the 18 industry pages. */
export const SPEC_INDUSTRY_PATHS = [
  "/farms",
  "/car-dealerships",
  "/auto-repair",
  "/medical-offices",
  "/small-manufacturing",
  "/industrial-buildings",
  "/logistics",
  "/rv-parks",
  "/grocery-stores",
  "/department-stores",
  "/storage-units",
  "/hospitals",
  "/car-wash",
  "/winery",
  "/senior-housing",
  "/movie-theaters",
  "/wedding-venues",
  "/veterinary-offices",
] as const;

/** Spec section 1 / 4: the promotional banner. */
export const BANNER_TEXT =
  "Solar tax credits may be repealed under the new administration. Lock in your 30% savings now.";
export const BANNER_CTA = "Get My Custom Solar Quote";
export const BANNER_STORAGE_KEY = "tax-credit-banner-dismissed";

export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;

/** Escape a string for use inside a RegExp. */
export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
