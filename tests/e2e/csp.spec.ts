import { createHash } from "node:crypto";
import fs from "node:fs";
import { publicPaths } from "../../app/lib/public-routes";
import { freePortSync } from "../free-port";
import { expect, expectNoCspViolations, gotoReady, MOBILE_VIEWPORT, test, waitReady, withCacheRetry } from "./fixtures";
import { exited, seededDataDir, waitReady as serverReady, startServer } from "./spawn-server";
import { pdf, signIn } from "./staff-helpers";

/**
 * The script policy (docs/decisions/0008): no 'unsafe-inline' for scripts. Public pages (cached,
 * shared) run their constant inline scripts by hash; the hydrated staff pages by a nonce that is
 * new for every response. Styles come from our style sheet only (`style-src 'self'`,
 * `style-src-attr 'none'`). Every page opened here also fails its test on any CSP violation
 * (the `test` of ./fixtures).
 */

/** Every public page: the sitemap's (app/lib/public-routes.ts), /thank-you, and the 404 page. */
const PUBLIC_PATHS = [...publicPaths(), "/thank-you", "/no-such-page"];

/** The executable inline scripts of an HTML document (JSON-LD is data, not script). */
function inlineScripts(html: string): { attributes: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes))
    .map(([, attributes = "", body = ""]) => ({ attributes, body }));
}

/** The sources of one directive of a policy. */
function directive(csp: string | undefined, name: string): string[] {
  const entry = (csp ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return entry?.slice(1) ?? [];
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test.describe("public pages: hashes, no nonce, no unsafe-inline", () => {
  test("every public page's policy allows its own inline scripts by hash, and nothing inline by default", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    for (const pagePath of PUBLIC_PATHS) {
      const response = await request.get(pagePath);
      expect([200, 404], pagePath).toContain(response.status());
      const csp = response.headers()["content-security-policy"];
      const scriptSrc = directive(csp, "script-src");
      expect(scriptSrc, pagePath).toContain("'self'");
      expect(scriptSrc.join(" "), pagePath).not.toContain("unsafe-inline");
      expect(directive(csp, "script-src-attr"), pagePath).toEqual(["'none'"]);
      const html = await response.text();
      const scripts = inlineScripts(html);
      // The pre-paint check inline; the page script is a cached file from 'self' (decision 0031).
      expect(scripts.length, pagePath).toBeGreaterThanOrEqual(1);
      expect(html, pagePath).toMatch(/<script src="\/assets\/page-script-[0-9a-f]{12}\.js" defer="">/);
      for (const script of scripts) {
        expect(scriptSrc, `${pagePath}: a hash for ${script.body.slice(0, 60)}`).toContain(sha256(script.body));
      }
      // A shared page carries nothing of one response: no nonce anywhere in its HTML.
      expect(html, pagePath).not.toMatch(/\snonce=/);
      // Styles from our style sheet only: no <style> element, no style attribute.
      expect(directive(csp, "style-src"), pagePath).toEqual(["'self'"]);
      expect(directive(csp, "style-src-attr"), pagePath).toEqual(["'none'"]);
      const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
      expect(markup, pagePath).not.toMatch(/<style\b/i);
      expect(markup, pagePath).not.toMatch(/<[a-z][^>]*\sstyle\s*=/i);
    }
  });

  test("a page from the HTML cache names a fresh nonce in its header, not the first visitor's", async ({ request }) => {
    await withCacheRetry(async () => {
      await request.get("/mission");
      const first = await request.get("/mission");
      const second = await request.get("/mission");
      expect(second.headers()["x-cache"]).toBe("HIT");
      const nonces = [first, second].map((response) =>
        directive(response.headers()["content-security-policy"], "script-src").find((source) =>
          source.startsWith("'nonce-"),
        ),
      );
      expect(nonces[0]).toBeTruthy();
      expect(nonces[1]).toBeTruthy();
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(await second.text()).toBe(await first.text());
    });
  });
});

test.describe("the page script runs under the policy", () => {
  for (const pagePath of ["/", "/submit-bill", "/incentives", "/farms", "/thank-you", "/no-such-page"]) {
    test(`${pagePath} is enhanced with no CSP violation`, async ({ page }) => {
      await gotoReady(page, pagePath);
    });
  }

  test("a page served from the HTML cache still runs its script", async ({ page, request }) => {
    await withCacheRetry(async () => {
      await request.get("/about");
      const response = await page.goto("/about");
      expect(response?.headers()["x-cache"]).toBe("HIT");
    });
    await waitReady(page);
  });

  test("banner dismissal and the pre-paint check on the next page", async ({ page }) => {
    await gotoReady(page, "/");
    const banner = page.getByRole("region", { name: "Announcement" });
    await banner.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(banner).toBeHidden();
    await gotoReady(page, "/mission");
    await expect(page.locator("html[data-banner-dismissed]")).toHaveCount(1);
    await expect(page.locator("#promo-banner")).toBeHidden();
  });

  test("the mobile menu disclosure opens and closes", async ({ page }) => {
    await page.setViewportSize(MOBILE_VIEWPORT);
    await gotoReady(page, "/");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("a bill uploaded with progress: the response page written into the document runs too", async ({ page }) => {
    await gotoReady(page, "/submit-bill");
    await page.getByLabel("Business Name").fill("CSP Test Farms");
    await page.getByLabel("Contact Person").fill("Casey Policy");
    await page.getByLabel("Email Address").fill(`csp-${Date.now()}@example.com`);
    await page.getByLabel("Energy Bill").setInputFiles({
      name: "bill.pdf",
      mimeType: "application/pdf",
      buffer: pdf(20_000),
    });
    await page.getByRole("button", { name: "Get My Free Assessment" }).click();
    await expect(page).toHaveURL(/\/thank-you/);
    await expect(page.getByText("Assessment request submitted!")).toBeVisible();
    await waitReady(page);
  });
});

test.describe("an inline script the build does not know is refused", () => {
  test.use({ cspViolationsExpected: true });

  test("even on our own page, with our own header", async ({ page, cspViolations }) => {
    await page.route("**/mission", async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace("</head>", "<script>window.__injected = true;</script></head>");
      await route.fulfill({ response, body: html });
    });
    await page.goto("/mission");
    // The page's own scripts still run; the injected one does not, and the browser says so.
    await expect(page.locator("html[data-enhanced='true']")).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
    expect(cspViolations.join("\n")).toContain("script-src");
  });
});

test.describe("styles: our style sheet only", () => {
  test("the calculator's cash-flow chart is drawn without a style attribute", async ({ page }) => {
    await gotoReady(page, "/solar-calculator");
    await page.getByLabel(/monthly electric bill/i).fill("2500");
    await page.getByRole("combobox", { name: "State", exact: true }).selectOption({ label: "California" });
    await page.getByRole("button", { name: "Calculate My Savings" }).click();
    const chart = page.getByRole("img", { name: /^Cumulative cash position from/ });
    await expect(chart).toBeVisible();
    // 26 bars (purchase and 25 years), each with a drawn height, and no style attribute anywhere.
    await expect(chart.locator("rect")).toHaveCount(26);
    const heights = await chart
      .locator("rect")
      .evaluateAll((rects) => rects.map((r) => r.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThan(0);
    expect(await page.locator("main [style]").count()).toBe(0);
    await waitReady(page);
  });

  test("/admin's charts (styles set by script) and a bill image open under the policy", async ({ page }) => {
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // A 1 x 1 PNG bill (padded after its end to the 1 KB minimum): the browser shows it in an
    // image document of its own.
    const png = Buffer.concat([
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
      Buffer.alloc(1024),
    ]);
    const posted = await page.request.post("/submit-bill", {
      multipart: {
        businessName: `Style ${tag} Co`,
        contactPerson: "Sam Sheet",
        email: `style-${tag}@x.example`,
        file: { name: "bill.png", mimeType: "image/png", buffer: png },
      },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    await signIn(page);
    await page.goto("/admin");
    const chart = page.getByTestId("leads-chart");
    await expect(chart.locator("svg").first()).toBeVisible();
    // recharts sizes its wrapper through element.style, which the policy does not govern.
    expect(await chart.locator(".recharts-wrapper").evaluate((el) => getComputedStyle(el).width)).toBe("760px");
    await chart.locator(".recharts-bar-rectangle").last().hover();
    await expect(chart.locator(".recharts-tooltip-wrapper")).toBeVisible();
    await expect(page.getByTestId("views-chart").locator("svg").first()).toBeVisible();

    await page.goto("/admin/leads");
    await page.getByPlaceholder("Search by business name or email...").fill(`style ${tag}`);
    const row = page.getByRole("row").filter({ hasText: `Style ${tag} Co` });
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      row.getByRole("link", { name: /View file/ }).click(),
    ]);
    await popup.waitForLoadState();
    await expect(popup.locator("img")).toHaveCount(1);
    expectNoCspViolations(page.context());
    // The bill's own sandboxed policy replaces the site's (both would block the image view's styles).
    const policies = (await page.request.get(popup.url()))
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "content-security-policy");
    expect(policies.map((header) => header.value)).toEqual([
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    ]);
  });
});

test.describe("an inline style is refused", () => {
  test.use({ cspViolationsExpected: true });

  test("a <style> element and a style attribute injected into our page", async ({ page, cspViolations }) => {
    await page.route("**/mission", async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace("</head>", "<style>h1 { color: rgb(255, 0, 0) }</style></head>")
        .replace("<main", '<main style="color: rgb(255, 0, 0)"');
      await route.fulfill({ response, body: html });
    });
    await page.goto("/mission");
    await expect(page.locator("html[data-enhanced='true']")).toHaveCount(1);
    expect(await page.locator("h1").evaluate((el) => getComputedStyle(el).color)).not.toBe("rgb(255, 0, 0)");
    expect(await page.locator("main").evaluate((el) => getComputedStyle(el).color)).not.toBe("rgb(255, 0, 0)");
    await expect.poll(() => cspViolations.join("\n")).toContain("style-src-elem");
    await expect.poll(() => cspViolations.join("\n")).toContain("style-src-attr");
  });
});

test.describe("staff pages: a nonce per response", () => {
  test("/login's scripts carry this response's nonce, and the next response has another", async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/login");
      const csp = response.headers()["content-security-policy"];
      const nonce = directive(csp, "script-src")
        .find((source) => source.startsWith("'nonce-"))
        ?.slice("'nonce-".length, -1);
      expect(nonce).toBeTruthy();
      expect(directive(csp, "script-src").join(" ")).not.toContain("unsafe-inline");
      const html = await response.text();
      const scripts = inlineScripts(html);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce}"`);
      nonces.push(nonce as string);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("/login hydrates and signs in under the policy", async ({ page }) => {
    await page.goto("/login");
    // Only React in the browser answers this button.
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("with GA4 configured", () => {
  test("the GA bootstrap runs by its hash and sends the page view", async ({ page }) => {
    test.setTimeout(90_000);
    const dataDir = seededDataDir("solar-csp-ga-");
    const port = String(freePortSync());
    const server = startServer({
      PORT: port,
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
      GA_MEASUREMENT_ID: "G-TEST12345",
    });
    try {
      await serverReady(server);
      // Google itself is not contacted: the script tag it adds is enough.
      await page.route("https://www.googletagmanager.com/**", (route) => route.abort());
      await page.goto(`http://127.0.0.1:${port}/about`);
      await waitReady(page);
      const gaEvents = await page.evaluate(() =>
        ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((args) => Array.from(args)),
      );
      expect(gaEvents).toContainEqual(["config", "G-TEST12345", { send_page_view: false }]);
      expect(gaEvents).toContainEqual(["event", "page_view", expect.objectContaining({ page_path: "/about" })]);
    } finally {
      server.child.kill("SIGTERM");
      await exited(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
