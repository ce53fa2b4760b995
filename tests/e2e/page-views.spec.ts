import type { Page, Request } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures";

type Beacon = { path: string; title: string; location: string; referrer?: string | null };

function isBeaconFor(path: string) {
  return (request: Request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/page-view") return false;
    try {
      return (JSON.parse(request.postData() ?? "") as Beacon).path === path;
    } catch {
      return false;
    }
  };
}

async function beaconStatus(request: Request): Promise<number | undefined> {
  const response = await request.response();
  return response?.status();
}

async function expectBeacon(page: Page, request: Request, path: string) {
  const body = JSON.parse(request.postData() ?? "") as Beacon;
  expect(body.path).toBe(path);
  await expect(page).toHaveTitle(body.title);
  expect(body.title.length).toBeGreaterThan(0);
  expect(body.location).toBe(page.url());
  expect(await beaconStatus(request)).toBe(204);
}

test("a page view is sent on load, and again on the next page after following a link", async ({ page, baseURL }) => {
  // Chromium only exposes a sendBeacon body to Playwright when the request is intercepted: pass it through.
  await page.route("**/api/page-view", (route) => route.continue());
  const home = page.waitForRequest(isBeaconFor("/"));
  await gotoReady(page, "/");
  const homeBeacon = await home;
  expect(page.url()).toBe(`${baseURL}/`);
  await expectBeacon(page, homeBeacon, "/");

  const next = page.waitForRequest(isBeaconFor("/how-it-works"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  const nextBeacon = await next;
  await expectBeacon(page, nextBeacon, "/how-it-works");
  expect((JSON.parse(nextBeacon.postData() ?? "") as Beacon).title).not.toBe(
    (JSON.parse(homeBeacon.postData() ?? "") as Beacon).title,
  );
});

test("the page-view endpoint answers 204 to views (also with DNT), 400 to malformed ones, 405 to GET", async ({
  request,
  baseURL,
}) => {
  const view = { path: "/", title: "Home", location: `${baseURL}/` };

  const ok = await request.post("/api/page-view", { data: view });
  expect(ok.status()).toBe(204);

  const dnt = await request.post("/api/page-view", { headers: { DNT: "1" }, data: view });
  expect(dnt.status()).toBe(204);

  const malformed = await request.post("/api/page-view", {
    headers: { "Content-Type": "application/json" },
    data: "{not json",
  });
  expect(malformed.status()).toBe(400);

  const invalid = await request.post("/api/page-view", { data: { path: "no-slash", location: "javascript:1" } });
  expect(invalid.status()).toBe(400);

  const get = await request.get("/api/page-view");
  expect(get.status()).toBe(405);
});

test("the page-view endpoint refuses control characters in any field (400) instead of failing in the database", async ({
  request,
  baseURL,
}) => {
  const view = { path: "/", title: "Home", location: `${baseURL}/` };
  for (const data of [
    { ...view, title: "Home\u0000" },
    { ...view, title: "Home\u001b[2J" },
    { ...view, referrer: "https://search.example/\u0000" },
    { ...view, location: `${baseURL}/?q=\u0000` },
  ]) {
    const response = await request.post("/api/page-view", { data });
    expect(response.status()).toBe(400);
  }
  expect((await request.post("/api/page-view", { data: view })).status()).toBe(204);
});
