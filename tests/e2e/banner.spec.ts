import { expect, type Page, test } from "@playwright/test";
import { BANNER_CTA, BANNER_STORAGE_KEY, BANNER_TEXT, gotoReady, waitReady } from "./fixtures";

function banner(page: Page) {
  return page.getByRole("region", { name: "Announcement" });
}

/** Keep React from ever loading: no client JavaScript reaches the page. */
async function blockClientScripts(page: Page) {
  await page.route("**/assets/**/*.js", (route) => route.abort());
}

test("the banner shows the announcement and links to /submit-bill", async ({ page }) => {
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByText(BANNER_TEXT, { exact: true })).toBeVisible();
  const cta = banner(page).getByRole("link", { name: BANNER_CTA });
  await expect(cta).toBeVisible();
  await expect(cta).toHaveAttribute("href", "/submit-bill");
});

test("dismissing hides the banner, saves the flag, and it stays hidden after reload", async ({ page }) => {
  await gotoReady(page, "/");
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), BANNER_STORAGE_KEY)).toBe("true");

  await page.reload();
  await waitReady(page);
  await expect(page.locator("#promo-banner")).toBeHidden();
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
});

test("a dismissed banner is hidden before any client script runs (no flash)", async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, "true"), BANNER_STORAGE_KEY);
  await blockClientScripts(page);
  await page.goto("/");
  // The server-rendered markup still holds the banner; only the inline head check can hide it.
  await expect(page.locator("#promo-banner")).toHaveCount(1);
  await expect(page.locator("#promo-banner")).toBeHidden();
  await expect(page.locator("html[data-hydrated='true']")).toHaveCount(0);
});

test("without the flag the banner is visible even when client scripts are blocked", async ({ page }) => {
  await blockClientScripts(page);
  await page.goto("/");
  await expect(page.locator("#promo-banner")).toBeVisible();
  await expect(page.getByText(BANNER_TEXT, { exact: true })).toBeVisible();
  await expect(page.locator("html[data-hydrated='true']")).toHaveCount(0);
});
