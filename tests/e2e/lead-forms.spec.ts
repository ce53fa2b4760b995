import type { Page } from "@playwright/test";
import {
  decodeHtml,
  expect,
  expectNoAxeViolations,
  gotoReady,
  SPEC_STATE_NAMES,
  test,
  toasts,
  watchSubmission,
} from "./fixtures";

/**
 * Spec sections 2-5, 8: the consultation forms (page and industry sidebar), the guide forms
 * (sidebar and the home page's full form) and /thank-you.
 *
 * The server allows 30 lead submissions per 10 minutes per address for the whole run: this file
 * makes 11 (every consultation / guide POST below, valid or not, counts once).
 */

/** Spec section 3: the consultation form's industries (all 9) and the guide forms' (7). */
const CONSULTATION_INDUSTRIES = [
  "Farms & Agriculture",
  "Nonprofits & Churches",
  "Mobile Home Parks",
  "Healthcare Facilities",
  "HOA / Condo Complex",
  "Warehouses & Industrial",
  "Automotive",
  "Retail & Commercial",
  "Other",
];
const GUIDE_INDUSTRIES = CONSULTATION_INDUSTRIES.filter(
  (label) => label !== "Automotive" && label !== "Retail & Commercial",
);
const SOLAR_READINESS = [
  { value: "researching", label: "Researching Options" },
  { value: "planning", label: "Planning for Next Year" },
  { value: "ready", label: "Ready to Move Forward" },
  { value: "quotes", label: "Already Getting Quotes" },
  { value: "unsure", label: "Not Sure Yet" },
];

const GUIDE_TITLE = "Top 10 Hidden Solar Incentives by Industry";
const GUIDE_SUCCESS = "Your information has been submitted. You'll receive your free guide shortly.";
const INDUSTRY_SUCCESS = "We'll get back to you within 24 hours to discuss your solar questions.";

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** A unique address per test, so leads never collide. */
function email(tag: string) {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

function realOptions(select: ReturnType<Page["locator"]>) {
  return select.locator('option:not([value=""])');
}

function consultationSidebar(page: Page) {
  return page.locator("#assessment form").filter({ has: page.locator('input[name="intent"][value="consultation"]') });
}

function guideSidebar(page: Page) {
  return page.locator("#assessment form").filter({ has: page.locator('input[name="intent"][value="guide"]') });
}

async function expectSuccessOnThankYou(page: Page, description: string | RegExp) {
  // (The home form posts to /?index#lead-form: the browser keeps that fragment across the redirect.)
  await expect(page).toHaveURL(/\/thank-you(#lead-form)?$/);
  const toast = toasts(page).filter({ hasText: "Success!" });
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute("role", "status");
  await expect(toast).toContainText(description);
}

test.describe("/talk-to-solar-advisor", () => {
  test("benefits, fields and the 9 industries of the consultation form; no axe violations", async ({ page }) => {
    await gotoReady(page, "/talk-to-solar-advisor");
    const main = page.getByRole("main");
    for (const benefit of [
      /industry-specific expertise/i,
      /custom solar assessment/i,
      /incentive guidance/i,
      /no-pressure consultation/i,
    ]) {
      await expect(main.getByRole("heading", { name: benefit })).toBeVisible();
    }

    const form = main.locator("form").filter({ has: page.locator('input[name="intent"][value="consultation"]') });
    await expect(form.getByLabel("Full Name")).toHaveAttribute("required", "");
    await expect(form.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Email Address")).toHaveAttribute("required", "");
    await expect(form.getByLabel(/phone/i)).not.toHaveAttribute("required", "");
    const industry = form.locator('select[name="industry"]');
    await expect(industry).not.toHaveAttribute("required", "");
    await expect(realOptions(industry)).toHaveText(CONSULTATION_INDUSTRIES);
    await expect(form.getByRole("button", { name: "Request My Free Consultation" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a valid request reads Processing... while sent, then lands on /thank-you with Success!", async ({ page }) => {
    await gotoReady(page, "/talk-to-solar-advisor");
    const form = page.getByRole("main").locator("form");
    await form.getByLabel("Full Name").fill("Dana Advisor-Test");
    await form.getByLabel("Email Address").fill(email("consult-page"));
    await form.getByLabel(/phone/i).fill("(555) 123-4567");
    await form.locator('select[name="industry"]').selectOption({ label: "Automotive" });
    await form.getByLabel(/question/i).fill("Would solar pay off for our two service bays?");

    const watch = await watchSubmission(page, onPath("/talk-to-solar-advisor"));
    await form.getByRole("button", { name: "Request My Free Consultation" }).click();
    expect(await watch.pending).toEqual({ text: "Processing...", disabled: true, ariaDisabled: "true" });
    await expectSuccessOnThankYou(page, /within 24 hours/);
    expect(watch.posts).toHaveLength(1);
  });

  test("a plain POST without name and email is refused: 400, Missing information", async ({ request }) => {
    const response = await request.post("/talk-to-solar-advisor", {
      form: { intent: "consultation", name: "", email: "", phone: "", industry: "", question: "Hello?" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = decodeHtml(await response.text());
    expect(html).toContain("Missing information");
    expect(html).toContain("Please fill out name and email fields.");
    expect(html).not.toContain("Please fill in your name and email.");
  });
});

test.describe("industry page /farms #assessment", () => {
  test("consultation and guide sidebars; the guide offers the 7 guide industries only; no axe violations", async ({
    page,
  }) => {
    await gotoReady(page, "/farms");
    const consultation = consultationSidebar(page);
    await expect(consultation).toHaveCount(1);
    const consultIndustry = consultation.locator('select[name="industryType"]');
    await expect(consultIndustry).toHaveCount(1);
    await expect(realOptions(consultIndustry)).toHaveText(CONSULTATION_INDUSTRIES);
    await expect(consultation.getByRole("button", { name: "Request Free Consultation" })).toBeVisible();

    const guide = guideSidebar(page);
    await expect(guide).toHaveCount(1);
    const guideIndustry = guide.locator('select[name="industryType"]');
    await expect(realOptions(guideIndustry)).toHaveText(GUIDE_INDUSTRIES);
    await expect(guideIndustry.locator("option", { hasText: "Automotive" })).toHaveCount(0);
    await expect(guideIndustry.locator("option", { hasText: "Retail & Commercial" })).toHaveCount(0);
    await expect(guide.locator('select[name="state"], select[name="solarReadiness"]')).toHaveCount(0);
    await expect(guide.getByRole("button", { name: "Get My Free Guide" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a valid consultation returns to /farms with the toast and all fields empty", async ({ page }) => {
    await gotoReady(page, "/farms");
    const form = consultationSidebar(page);
    await form.getByLabel("Full Name").fill("Farmer Test");
    await form.getByLabel("Email Address").fill(email("consult-farms"));
    await form.getByLabel(/phone/i).fill("555-987-6543");
    await form.locator('select[name="industryType"]').selectOption({ label: "Farms & Agriculture" });
    await form.getByLabel(/question/i).fill("Does REAP cover grain dryers?");
    await form.getByRole("button", { name: "Request Free Consultation" }).click();

    await expect(page).toHaveURL(/\/farms(#assessment)?$/);
    const toast = toasts(page).filter({ hasText: "Consultation requested!" });
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(INDUSTRY_SUCCESS);
    const cleared = consultationSidebar(page);
    await expect(cleared.getByLabel("Full Name")).toHaveValue("");
    await expect(cleared.getByLabel("Email Address")).toHaveValue("");
    await expect(cleared.getByLabel(/phone/i)).toHaveValue("");
    await expect(cleared.locator('select[name="industryType"]')).toHaveValue("");
    await expect(cleared.getByLabel(/question/i)).toHaveValue("");
  });

  test("a plain consultation POST without name and email: 400, the industry page wording", async ({ request }) => {
    const response = await request.post("/farms?intent=consultation", {
      form: { intent: "consultation", name: "Only A Name", email: "", industryType: "agriculture" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = decodeHtml(await response.text());
    expect(html).toContain("Missing information");
    expect(html).toContain("Please fill in your name and email.");
    expect(html).not.toContain("Please fill out name and email fields.");
  });

  test("a plain guide POST with bad values: 400, the three messages joined, values kept", async ({ request }) => {
    const response = await request.post("/farms?intent=guide", {
      form: { intent: "guide", name: "A", email: "bad", industryType: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = decodeHtml(await response.text());
    expect(html).toContain("Please correct the following errors:");
    expect(html).toContain(
      "Name must be between 2 and 50 characters. Please enter a valid email address. Please select an industry type.",
    );
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="A"/);
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="bad"/);
  });

  test("guide errors shown in the browser: alert toast, fields marked, no axe violations", async ({ page }) => {
    await gotoReady(page, "/farms");
    const form = guideSidebar(page);
    // Past the browser's own checks, as a client without them would post.
    await form.evaluate((element: HTMLFormElement) => {
      element.noValidate = true;
    });
    await form.getByLabel("Full Name").fill("A");
    await form.getByLabel("Email Address").fill("bad");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && onPath("/farms")(new URL(r.url()))),
      form.getByRole("button", { name: "Get My Free Guide" }).click(),
    ]);
    expect(response.status()).toBe(400);

    const toast = toasts(page).filter({ hasText: "Please correct the following errors:" });
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveAttribute("role", "alert");
    await expect(toast).toContainText(
      "Name must be between 2 and 50 characters. Please enter a valid email address. Please select an industry type.",
    );
    const shown = guideSidebar(page);
    await expect(shown.getByLabel("Full Name")).toHaveValue("A");
    await expect(shown.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(shown.getByLabel("Email Address")).toHaveValue("bad");
    await expect(shown.locator('select[name="industryType"]')).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  test("a valid guide request reads Sending... while sent, then /thank-you with Success!", async ({ page }) => {
    await gotoReady(page, "/farms");
    const form = guideSidebar(page);
    await form.getByLabel("Full Name").fill("Guide Reader");
    await form.getByLabel("Email Address").fill(email("guide-farms"));
    await form.locator('select[name="industryType"]').selectOption({ label: "Farms & Agriculture" });

    const watch = await watchSubmission(page, onPath("/farms"));
    await form.getByRole("button", { name: "Get My Free Guide" }).click();
    expect(await watch.pending).toEqual({ text: "Sending...", disabled: true, ariaDisabled: "true" });
    await expectSuccessOnThankYou(page, GUIDE_SUCCESS);
  });

  test("a second submit while the first is on its way is ignored: one POST", async ({ page }) => {
    await gotoReady(page, "/farms");
    const form = consultationSidebar(page);
    await form.getByLabel("Full Name").fill("Double Clicker");
    await form.getByLabel("Email Address").fill(email("double"));

    const watch = await watchSubmission(page, onPath("/farms"), { secondAttempt: true });
    await form.getByRole("button", { name: "Request Free Consultation" }).click();
    expect(await watch.pending).toEqual({ text: "Sending...", disabled: true, ariaDisabled: "true" });
    await expect(toasts(page).filter({ hasText: "Consultation requested!" })).toHaveCount(1);
    // The first submit went out; the second (sent while the first POST was held) was cancelled.
    expect(watch.submits).toEqual([false, true]);
    expect(watch.posts).toHaveLength(1);
  });
});

test.describe("home #lead-form, the full guide form", () => {
  test("state and solar readiness selects, the spec's options and button", async ({ page }) => {
    await gotoReady(page, "/");
    const form = page.locator("#lead-form form");
    await expect(form).toHaveCount(1);
    await expect(realOptions(form.locator('select[name="industryType"]'))).toHaveText(GUIDE_INDUSTRIES);

    const state = form.locator('select[name="state"]');
    await expect(state.locator("option")).toHaveCount(51);
    await expect(realOptions(state)).toHaveText([...SPEC_STATE_NAMES]);
    expect(
      await realOptions(state).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(SPEC_STATE_NAMES.map((name) => name.toLowerCase()));

    const readiness = form.locator('select[name="solarReadiness"]');
    await expect(readiness.locator("option")).toHaveCount(6);
    await expect(realOptions(readiness)).toHaveText(SOLAR_READINESS.map((option) => option.label));
    expect(
      await realOptions(readiness).evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(SOLAR_READINESS.map((option) => option.value));

    await expect(form.getByRole("button", { name: "Download My Free Guide" })).toBeVisible();
  });

  test("a valid request (name with < > is sanitised) reads Processing..., then /thank-you", async ({ page }) => {
    await gotoReady(page, "/");
    const form = page.locator("#lead-form form");
    await form.getByLabel("Full Name").fill("<Jo>");
    await form.getByLabel("Email Address").fill(email("guide-home"));
    await form.locator('select[name="industryType"]').selectOption({ label: "HOA / Condo Complex" });
    await form.locator('select[name="state"]').selectOption({ label: "New York" });
    await form.locator('select[name="solarReadiness"]').selectOption({ label: "Ready to Move Forward" });

    const watch = await watchSubmission(page, onPath("/"));
    await form.getByRole("button", { name: "Download My Free Guide" }).click();
    expect(await watch.pending).toEqual({ text: "Processing...", disabled: true, ariaDisabled: "true" });
    await expectSuccessOnThankYou(page, GUIDE_SUCCESS);
    expect(watch.posts).toHaveLength(1);
  });
});

test.describe("/thank-you", () => {
  test("not indexed; the guide by email; three next steps; safe booking link; home link; no axe violations", async ({
    page,
  }) => {
    await gotoReady(page, "/thank-you");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const main = page.getByRole("main");
    // Opened on its own: the neutral message, which still names the guide (the variants after each
    // form are in page-gaps.spec.ts).
    await expect(main.getByTestId("thank-you-message")).toContainText(GUIDE_TITLE);
    await expect(main.getByTestId("thank-you-message")).toContainText("on its way to your email");

    const steps = main.getByRole("region", { name: "Your next steps" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText(/check your email/i);
    await expect(steps.nth(0)).toContainText(/spam/i);
    await expect(steps.nth(1)).toContainText(/review your incentives/i);
    await expect(steps.nth(2)).toContainText(/schedule a free consultation/i);

    const booking = steps.nth(2).getByRole("link");
    await expect(booking).toHaveAttribute("href", /^https:\/\//);
    await expect(booking).toHaveAttribute("target", "_blank");
    await expect(booking).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(booking).toHaveAttribute("rel", /\bnoreferrer\b/);

    await expect(main.locator('a[href="/"]')).toHaveCount(1);
    await expect(main.locator('a[href="/"]')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("Download the guide now (PDF) serves a PDF", async ({ page, request }) => {
    await gotoReady(page, "/thank-you");
    const link = page.getByRole("main").getByRole("link", { name: "Download the guide now (PDF)" });
    const href = await link.getAttribute("href");
    expect(href).toBeTruthy();
    const response = await request.get(href as string);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
    const body = await response.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});

test("honeypot: a filled hidden field is sent quietly to /thank-you", async ({ request }) => {
  const response = await request.post("/talk-to-solar-advisor", {
    form: {
      intent: "consultation",
      name: "Spam Bot",
      email: email("bot"),
      hp_zx7: "https://spam.example",
    },
    maxRedirects: 0,
  });
  expect([302, 303]).toContain(response.status());
  expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe("/thank-you");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the consultation page form still submits and shows Success! on /thank-you", async ({ page }) => {
    await page.goto("/talk-to-solar-advisor");
    const form = page.getByRole("main").locator("form");
    await form.getByLabel("Full Name").fill("No Script");
    await form.getByLabel("Email Address").fill(email("nojs"));
    // Enter submits the form (implicit submission): no script involved.
    await form.getByLabel("Email Address").press("Enter");
    await expectSuccessOnThankYou(page, /within 24 hours/);
  });

  test("on a desktop viewport nothing covers the form: its submit button takes a click", async ({ page }) => {
    await page.goto("/talk-to-solar-advisor");
    const button = page.getByRole("main").getByRole("button", { name: "Request My Free Consultation" });
    await expect(button).toBeVisible();
    // A trial click runs every check of a real click (nothing on top of the button) without sending.
    await button.click({ trial: true, timeout: 5_000 });
  });
});
