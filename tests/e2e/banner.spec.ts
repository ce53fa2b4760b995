import type { Page } from "@playwright/test";
import { bannerPrePaintScript } from "../../app/lib/inline-script-sources";
import { BANNER_CTA, BANNER_STORAGE_KEY, BANNER_TEXT, expect, gotoReady, test, waitReady } from "./fixtures";

function banner(page: Page) {
  return page.getByRole("region", { name: "Announcement" });
}

/**
 * Serve `/` without any script but the <head> pre-paint check: every other executable script
 * (the page script bundled from app/client/enhance/, any module script) is cut out of the HTML,
 * so whatever hides the banner can only be the check that runs before first paint. The response
 * keeps its headers, so the CSP still has to allow the check by its hash.
 */
async function onlyThePrePaintScript(page: Page) {
  await page.route("**/", async (route) => {
    const response = await route.fetch();
    const removed: string[] = [];
    const html = (await response.text()).replace(
      /<script(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g,
      (element, _attributes: string, body: string) => {
        if (body === bannerPrePaintScript) return element;
        removed.push(body);
        return "";
      },
    );
    // The page script was there and is gone; the pre-paint check is still in.
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect(html).toContain(bannerPrePaintScript);
    await route.fulfill({ response, body: html });
  });
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
  // What is remembered is this banner's version, which the page carries on <html>.
  const version = await page.locator("html").getAttribute("data-banner-version");
  expect(version).toBeTruthy();
  expect(await page.evaluate((key) => localStorage.getItem(key), BANNER_STORAGE_KEY)).toBe(version);

  await page.reload();
  await waitReady(page);
  await expect(page.locator("#promo-banner")).toBeHidden();
  await expect(page.getByText(BANNER_TEXT)).toBeHidden();
});

async function bannerVersionOf(page: Page): Promise<string> {
  const html = await (await page.request.get("/")).text();
  return /<html[^>]* data-banner-version="([^"]+)"/.exec(html)?.[1] ?? "";
}

test("a dismissed banner is hidden by the pre-paint check alone (no flash)", async ({ page }) => {
  const version = await bannerVersionOf(page);
  expect(version).not.toBe("");
  await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: BANNER_STORAGE_KEY,
    value: version,
  });
  await onlyThePrePaintScript(page);
  await page.goto("/");
  // The server-rendered markup still holds the banner; only the inline head check can hide it.
  await expect(page.locator("#promo-banner")).toHaveCount(1);
  await expect(page.locator("#promo-banner")).toBeHidden();
  await expect(page.locator("html[data-enhanced]")).toHaveCount(0);
});

test("without the flag the pre-paint check leaves the banner visible", async ({ page }) => {
  await onlyThePrePaintScript(page);
  await page.goto("/");
  await expect(page.locator("#promo-banner")).toBeVisible();
  await expect(page.getByText(BANNER_TEXT, { exact: true })).toBeVisible();
  await expect(page.locator("html[data-enhanced]")).toHaveCount(0);
});

test("a banner dismissed in another version (or with the old flag) shows again", async ({ browser }) => {
  for (const stored of ["true", "an-older-banner"]) {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const page = await context.newPage();
      await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
        key: BANNER_STORAGE_KEY,
        value: stored,
      });
      await onlyThePrePaintScript(page);
      await page.goto("/");
      await expect(page.locator("#promo-banner"), stored).toBeVisible();
    } finally {
      await context.close();
    }
  }
});
