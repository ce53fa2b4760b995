import type { Page } from "@playwright/test";
import { expect, SPEC_INDUSTRY_PATHS, test } from "./fixtures";

async function jsonLdTypes(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as unknown;
    const items = Array.isArray(value) ? value : [value];
    return items.map((item) => (item as { "@type"?: unknown })["@type"]);
  });
}

for (const path of ["/", "/about"]) {
  test(`${path}: title, description, canonical, Open Graph and Organization JSON-LD`, async ({ page, baseURL }) => {
    await page.goto(path);
    expect((await page.title()).trim()).not.toBe("");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
    expect(await jsonLdTypes(page)).toContain("Organization");
  });
}

test("/thank-you is not indexed", async ({ page }) => {
  await page.goto("/thank-you");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("robots.txt points to the sitemap and keeps crawlers out of the admin area", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain("Sitemap:");
  expect(text).toContain("Disallow: /admin/");
});

test("sitemap.xml lists public pages, all 50 states and 18 industries, not private pages", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
  const paths = locs.map((loc) => loc.slice((baseURL ?? "").length));

  expect(locs.every((loc) => loc.startsWith(`${baseURL}/`))).toBe(true);
  expect(paths).toContain("/");
  expect(paths).toContain("/incentives/states/ny");
  const statePaths = paths.filter((path) => /^\/incentives\/states\/[a-z]{2}$/i.test(path));
  expect(new Set(statePaths).size).toBe(50);
  for (const industryPath of SPEC_INDUSTRY_PATHS) expect(paths).toContain(industryPath);
  expect(paths).not.toContain("/thank-you");
  expect(paths).not.toContain("/admin/leads");
});

test("a state page has its own title and canonical", async ({ page, baseURL }) => {
  await page.goto("/incentives/states/tx");
  await expect(page).toHaveTitle(/Texas/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/incentives/states/tx`);
});
