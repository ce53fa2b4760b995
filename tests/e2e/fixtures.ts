import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { banner } from "../../app/content/site";

export { expect };

/**
 * Content-Security-Policy violations seen by every page of a browser context: the page's
 * `securitypolicyviolation` events and the console errors the browser writes for them (those also
 * cover documents replaced by `document.write`, where the event listener is gone).
 */
const watchedContexts = new WeakMap<BrowserContext, string[]>();
const CSP_BINDING = "__e2eCspViolation";

async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const known = watchedContexts.get(context);
  if (known) return known;
  const violations: string[] = [];
  watchedContexts.set(context, violations);
  await context.exposeBinding(CSP_BINDING, (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "an inline script"} on ${location.pathname}: ${event.sample}`,
      );
    });
  }, CSP_BINDING);
  context.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

/** Fails the test if any page of the context has run into the Content-Security-Policy. */
export function expectNoCspViolations(context: BrowserContext) {
  expect(watchedContexts.get(context) ?? [], "Content-Security-Policy violations").toEqual([]);
}

/**
 * Playwright's `test`, with every page watched for CSP violations: a test fails if any page it
 * opened ran into the policy. (A spec that checks a refusal on purpose sets
 * `test.use({ cspViolationsExpected: true })` and reads the `cspViolations` fixture.)
 */
export const test = base.extend<{ cspViolationsExpected: boolean; cspViolations: string[] }>({
  cspViolationsExpected: [false, { option: true }],
  cspViolations: [
    async ({ context, cspViolationsExpected }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      if (!cspViolationsExpected) expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

/** Load a page and wait until its inline page script (app/client/enhance/) has run. */
export async function gotoReady(page: Page, path: string) {
  // Specs on the plain Playwright `test` get the CSP check here.
  await watchCspViolations(page.context());
  const response = await page.goto(path);
  await waitReady(page);
  return response;
}

/** Wait until the current document is interactive (see gotoReady), with no CSP violation so far. */
export async function waitReady(page: Page) {
  await expect(page.locator("html[data-enhanced='true']")).toHaveCount(1);
  expectNoCspViolations(page.context());
}

/**
 * Presses Tab until `target` has the focus, at most `maxPresses` times, as a keyboard user
 * would; then `target` must be focused.
 */
export async function tabTo(page: Page, target: Locator, maxPresses: number) {
  for (let step = 0; step < maxPresses; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * Runs `attempt` (which expects an answer from the HTML cache) until it passes: the browser suite
 * shares one server, and another test's publish or settings change clears its cache at any moment,
 * also between a page's first request (stored) and the next (a HIT). That a first miss is stored
 * is held by app/server/html-cache.server.test.ts; specs with a server of their own (the content
 * editor's) need no retry.
 */
export async function withCacheRetry(attempt: () => Promise<void>) {
  await expect(attempt).toPass({ timeout: 15_000 });
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

/**
 * Spec section 1 / 4: the promotional banner. Its spec sentence ("Solar tax credits may be
 * repealed under the new administration. Lock in your 30% savings now.") is no longer true and
 * was replaced (docs/content-deviations.md); this is the text the site shows instead.
 */
export const BANNER_TEXT = banner.text;
export const BANNER_CTA = "Get My Custom Solar Quote";
export const BANNER_STORAGE_KEY = "tax-credit-banner-dismissed";

export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;

/** Spec section 3: the 50 US states (the guide form sends the lowercase name). */
export const SPEC_STATE_NAMES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

/** The visible text of server-rendered HTML entities, for asserting on a raw HTML response. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export type SubmitWatch = {
  /** URLs of the requests (POSTs, or GETs of a GET form) the browser sent for the watched form. */
  posts: string[];
  /** One entry per submit event on the page: whether it was cancelled (ignored) by the page. */
  submits: boolean[];
  /** What the submit button showed while the first POST was on its way. */
  pending: Promise<{ text: string; disabled: boolean; ariaDisabled: string | null }>;
};

/**
 * Watches the next form submission on the current page. Its POST (matched by URL) is held until
 * the page has reported what the submit button shows while the request is on its way (and, with
 * `secondAttempt`, until the page has tried to submit the same form again), then let through.
 * The page reports through an exposed function because this Chromium answers no script
 * evaluation in a document whose navigation is pending.
 */
export async function watchSubmission(
  page: Page,
  matches: (url: URL) => boolean,
  { secondAttempt = false, method = "POST" }: { secondAttempt?: boolean; method?: "GET" | "POST" } = {},
): Promise<SubmitWatch> {
  const posts: string[] = [];
  const submits: boolean[] = [];
  let reportPending!: (value: { text: string; disabled: boolean; ariaDisabled: string | null }) => void;
  const pending = new Promise<{ text: string; disabled: boolean; ariaDisabled: string | null }>((resolve) => {
    reportPending = resolve;
  });
  await page.exposeFunction("__e2eSubmitted", (prevented: boolean) => {
    submits.push(prevented);
  });
  await page.exposeFunction(
    "__e2ePending",
    (state: { text: string; disabled: boolean; ariaDisabled: string | null }) => {
      reportPending(state);
    },
  );
  await page.route(matches, async (route) => {
    if (route.request().method() === method) {
      posts.push(route.request().url());
      await pending;
    }
    await route.continue();
  });
  await page.evaluate((again) => {
    const report = window as unknown as {
      __e2eSubmitted: (prevented: boolean) => void;
      __e2ePending: (state: { text: string; disabled: boolean; ariaDisabled: string | null }) => void;
    };
    let first = true;
    // On window: runs after the page's own submit handling (registered on document).
    window.addEventListener("submit", (event) => {
      report.__e2eSubmitted(event.defaultPrevented);
      if (!first || event.defaultPrevented) return;
      first = false;
      const form = event.target as HTMLFormElement;
      const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
      // After the page's own deferred work for this submit.
      setTimeout(() => {
        if (again) {
          button?.click();
          form.requestSubmit();
        }
        report.__e2ePending({
          text: button?.textContent?.trim() ?? "",
          disabled: button?.disabled ?? false,
          ariaDisabled: button?.getAttribute("aria-disabled") ?? null,
        });
      }, 0);
    });
  }, secondAttempt);
  return { posts, submits, pending };
}

/** The server-rendered toasts of the current page. */
export function toasts(page: Page) {
  return page.locator("[data-toast]");
}
