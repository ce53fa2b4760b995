import fs from "node:fs";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { freePortSync } from "../free-port";
import { expect, expectNoAxeViolations, tabTo, test } from "./fixtures";
import { createAdminIn, exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";
import { capturedMailTo, setRoleAsAdmin, signIn, verifiedAccountWithoutRole } from "./staff-helpers";

/**
 * The content editor as editors use it: edit, preview, publish, history and restore,
 * retire, the stale-content queue; invalid records refused in place; text with HTML shown as text.
 * A server of its own (same clock, HTML cache on), so changing the banner or an incentive here
 * never changes what other specs see; the tests create their own records with unique values.
 */
test.describe.configure({ mode: "serial" });

/**
 * This server's day: 98 days after the built-in content's review date (the suite's E2E_TODAY,
 * 2026-11-23), so the stale-content queue holds the built-in records, due for review. Every date
 * the tests write is later still.
 */
const TODAY = "2027-03-01";

const ADMIN = { email: "content-admin@example.com", password: "C0ntent!pass" };
const EDITOR_EMAIL = "content-editor@example.com";

// The port is known when the file loads, so Playwright's own `page.goto("/…")` reaches this server.
const port = String(freePortSync());
const base = `http://127.0.0.1:${port}`;
test.use({ baseURL: base });

let server: Started;
let dataDir: string;
let anonymous: APIRequestContext;
let admin: APIRequestContext;
let editorApi: APIRequestContext;
let editorAccount: { email: string; password: string };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedInContext(account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL: base });
  const response = await context.post("/login", {
    form: { mode: "login", email: account.email, password: account.password, redirectTo: "/admin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return context;
}

/** A public page as a visitor gets it (no cookie: the HTML cache answers when it can). */
async function publicPage(pathname: string) {
  const response = await anonymous.get(pathname);
  expect(response.status(), pathname).toBe(200);
  return { html: await response.text(), cache: response.headers()["x-cache"] ?? "" };
}

/** An incentive published as the editor's form posts it without JavaScript; returns its id. */
async function createIncentive(fields: Record<string, string>): Promise<string> {
  const response = await editorApi.post("/admin/content/incentives/new", {
    form: {
      intent: "publish",
      type: "State",
      state: "VT",
      priority: "1",
      "sources[0].url": "https://example.gov/barn-grant/rules",
      "sources[0].supports": "The grant's amount and who qualifies.",
      ...fields,
    },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  const id = /\/admin\/content\/incentives\/([0-9a-f-]{36})/.exec(response.headers().location ?? "")?.[1];
  if (!id) throw new Error(`no id in ${response.headers().location}`);
  return id;
}

async function signInEditor(page: Page) {
  await signIn(page, editorAccount);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = seededDataDir("solar-content-");
  createAdminIn(dataDir, ADMIN);
  server = startServer({
    PORT: port,
    DATA_DIR: dataDir,
    SITE_URL: base,
    MAIL_POLL_SECONDS: "1",
    CLOCK_TODAY: TODAY,
    FORM_RATE_LIMIT: "1000",
    LOGIN_FAILURES_PER_ADDRESS: "1000",
  });
  await waitReady(server);
  anonymous = await playwrightRequest.newContext({ baseURL: base });
  admin = await signedInContext(ADMIN);
  editorAccount = await verifiedAccountWithoutRole(anonymous, dataDir, EDITOR_EMAIL, "Ed1tor!pass");
  await setRoleAsAdmin(admin, EDITOR_EMAIL, "editor");
  editorApi = await signedInContext(editorAccount);
});

test.afterAll(async () => {
  await Promise.all([anonymous?.dispose(), admin?.dispose(), editorApi?.dispose()]);
  server?.child.kill("SIGTERM");
  if (server) await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("an editor changes an incentive's amount and end date, previews, publishes, sees it live at once, and restores the old values", async ({
  page,
}) => {
  // Two dozen page loads, a sign-in and a publish: over 30 s at a load of 10 on 2 cores (seen
  // twice, decision 0023 and 0025). Three times the usual limit, as for paging's keyboard tests.
  test.slow();
  const title = `Vermont Barn Solar Grant ${unique()}`;
  const id = await createIncentive({
    title,
    description: "A grant for farm roofs.",
    link: "https://example.gov/barn-grant",
    moneyValue: "$1,000 per barn",
    expiresOn: "2027-07-01",
  });
  // The public pages are cached for visitors: the second request is a HIT.
  await publicPage("/incentives");
  const before = await publicPage("/incentives");
  expect(before.cache).toBe("HIT");
  expect(before.html).toContain("Available through June 30, 2027");
  expect(before.html).toContain("$1,000 per barn");
  await publicPage("/incentives/states/vt");

  await signInEditor(page);
  await page.goto(`${base}/admin/content/incentives`);
  await page.getByLabel("Search incentives").fill(title);
  await expect(page.getByTestId("content-count")).toHaveText("1 record");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByLabel("Money value").fill("$2,500 per barn");
  await page.getByLabel("End date").fill("2028-01-01");

  // Preview: the public list as it will be, marked as a preview; visitors still see the old one.
  // It opens on the list's page that holds the card, scrolled to the card, outlined.
  await page.getByRole("button", { name: "Preview" }).click();
  await page.waitForURL(new RegExp(`/incentives\\?preview=incentive:${id}#incentive-vermont-barn-solar-grant-`));
  const bar = page.getByRole("region", { name: "Preview" });
  await expect(bar).toContainText("Preview — not published");
  const previewed = page.locator("[data-previewed]");
  await expect(previewed).toContainText(title);
  await expect(previewed).toBeInViewport();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Available through December 31, 2027",
  );
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Value: $2,500 per barn");
  // Paging and searching the list keep the preview on (the draft is found by the search).
  await page.getByTestId("pagination").getByRole("link").first().click();
  await expect(page).toHaveURL(/[?&]page=\d+/);
  await expect(page).toHaveURL(new RegExp(`[?&]preview=incentive(:|%3A)${id}`));
  await expect(bar).toContainText("Preview — not published");
  await page.getByLabel("Search incentives").fill(title);
  await page.getByLabel("Search incentives").press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]preview=incentive(:|%3A)${id}`));
  await expect(page.getByTestId("incentive-count")).toContainText(title);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Value: $2,500 per barn");
  await expect(bar).toContainText("Preview — not published");
  await bar.getByRole("link", { name: "/incentives/states/vt" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(
    "Available through December 31, 2027",
  );
  expect((await publicPage("/incentives")).html).toContain("Available through June 30, 2027");
  await bar.getByRole("link", { name: "Back to the editor" }).click();
  await expect(page.getByTestId("record-state")).toContainText("unpublished changes");
  await expect(page.getByLabel("Money value")).toHaveValue("$2,500 per barn");

  // Publish: the next visitor request shows it (the cached copy was dropped, not served stale).
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Published");
  for (const pathname of ["/incentives", "/incentives/states/vt"]) {
    const after = await publicPage(pathname);
    expect(after.cache, pathname).not.toBe("HIT");
    expect(after.html, pathname).toContain("Available through December 31, 2027");
    expect(after.html, pathname).not.toContain("Available through June 30, 2027");
    expect(after.html, pathname).toContain("$2,500 per barn");
    expect(after.html, pathname).not.toContain("$1,000 per barn");
  }

  // History: who, and each field before → after.
  const history = page.getByRole("region", { name: "History" });
  const latest = history.getByTestId("history-entry").first();
  await expect(latest).toContainText("Published by");
  await expect(latest).toContainText("Money value");
  await expect(latest).toContainText("$1,000 per barn → $2,500 per barn");
  await expect(latest).toContainText("2027-07-01 → 2028-01-01");
  await expectNoAxeViolations(page);

  // Restore the version it was created with: it asks first (Cancel changes nothing), then the old
  // values come back, as a new change.
  const older = history.getByTestId("history-entry").nth(1);
  await older.getByRole("button", { name: /Restore/ }).click();
  await expect(older.getByRole("alert")).toContainText("It goes live at once.");
  await expect(older.getByRole("button", { name: "Yes, restore it" })).toBeFocused();
  await older.getByRole("button", { name: "Cancel" }).click();
  await expect(history.getByTestId("history-entry").first()).not.toContainText("Restored an earlier version");
  await older.getByRole("button", { name: /Restore/ }).click();
  await older.getByRole("button", { name: "Yes, restore it" }).click();
  await expect(history.getByTestId("history-entry").first()).toContainText("Restored an earlier version");
  await expect(history.getByTestId("history-entry").first()).toContainText("$2,500 per barn → $1,000 per barn");
  await expect(page.getByLabel("Money value")).toHaveValue("$1,000 per barn");
  await expect(page.getByLabel("End date")).toHaveValue("2027-07-01");
  const restored = await publicPage("/incentives");
  expect(restored.cache).not.toBe("HIT");
  expect(restored.html).toContain("Available through June 30, 2027");
  expect(restored.html).toContain("$1,000 per barn");
});

test("an editor is refused the lead list (403) and sees Access Denied", async ({ page }) => {
  expect((await editorApi.get("/admin/leads", { maxRedirects: 0 })).status()).toBe(403);
  await signInEditor(page);
  const response = await page.goto(`${base}/admin/leads`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
});

test("a policy update is written with the keyboard alone, previewed and published", async ({ page }) => {
  const title = `Vermont net metering review ${unique()}`;
  await signInEditor(page);
  await page.goto(`${base}/admin/content/policy-updates/new`);
  await page.getByLabel("Headline").focus();
  await page.keyboard.type(title);
  await page.keyboard.press("Tab");
  await page.keyboard.type("The commission reviews net metering credits.");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Confirmed");
  await page.keyboard.press("Tab");
  await page.keyboard.type("State");
  await tabTo(page, page.getByLabel("Date published"), 6); // A date field's parts take a Tab each.
  await page.keyboard.type("02282027");
  await tabTo(page, page.getByLabel("Official source"), 8); // Past the end date and its kind.
  await page.keyboard.type("https://example.gov/net-metering");
  // The page that proves it, and what it proves: added from the keyboard too.
  await tabTo(page, page.getByRole("button", { name: "Add source to sources" }), 4);
  await page.keyboard.press("Enter");
  // The new row's first field takes the focus.
  await expect(page.getByRole("textbox", { name: "Page", exact: true })).toBeFocused();
  await page.keyboard.type("https://example.gov/net-metering/order");
  await page.keyboard.press("Tab");
  await page.keyboard.type("The commission's order opening the review.");
  // Enter in a text field sends the form with its first button: Save draft.
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("editor-status")).toContainText("Draft saved");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect((await publicPage("/policy-watch")).html).not.toContain(title);

  await page.getByRole("button", { name: "Preview" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/policy-watch\?preview=policy_update:/);
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("Preview — not published");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // Filtering the list keeps the preview on: the draft (a State update) is still there.
  await page.getByLabel("Level").selectOption("State");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]level=State/);
  await expect(page).toHaveURL(/[?&]preview=policy_update(:|%3A)/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await page.getByRole("button", { name: "Publish" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("editor-status")).toContainText("Published");
  const live = await publicPage("/policy-watch");
  expect(live.cache).not.toBe("HIT");
  expect(live.html).toContain(title);
});

test("the banner is edited the same way, and text with HTML shows as text on every public page", async ({ page }) => {
  const marker = unique();
  const text = `Spring offer ${marker} <img src=x onerror="window.__xss=1"><b>bold</b> & more`;
  // A visitor who closed the banner before the edit (on a page other than the one they see after
  // it: pages may be reused from the browser's cache for 60 s).
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error("no browser");
  const visit = await visitor.newPage();
  await visit.goto(`${base}/how-it-works`);
  await visit.getByRole("button", { name: "Dismiss announcement" }).click();
  await visit.reload();
  await expect(visit.locator("#promo-banner")).toBeHidden();
  await signInEditor(page);
  await page.goto(`${base}/admin/content/blocks`);
  await page.getByRole("link", { name: "Site banner" }).click();
  await page.getByLabel("Text").fill(text);
  await page.getByRole("button", { name: "Preview" }).click();
  await page.waitForURL(`${base}/?preview=site_content:site_banner`);
  await expect(page.getByRole("region", { name: "Preview" })).toContainText("Site banner");
  const banner = page.getByRole("region", { name: "Announcement" });
  await expect(banner).toContainText(text);
  expect((await publicPage("/")).html).not.toContain(marker);

  await publicPage("/about");
  expect((await publicPage("/about")).cache).toBe("HIT");
  await page.getByRole("link", { name: "Back to the editor" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Published");
  const live = await publicPage("/about");
  expect(live.cache).not.toBe("HIT");
  expect(live.html).toContain("&lt;img src=x");
  expect(live.html).not.toContain('<img src="x"');
  expect(live.html).not.toContain("<b>bold</b>");

  // In that visitor's browser: the new announcement shows (it was the old one they closed); the
  // words are there, no element was made from them, nothing ran.
  await visit.goto(`${base}/`);
  const shown = visit.getByRole("region", { name: "Announcement" });
  await expect(shown).toContainText(text);
  await expect(shown.locator("img, b")).toHaveCount(0);
  expect(await visit.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await visitor.close();
});

test("an invalid record (bad address, end before start) is refused with each field's message and nothing is saved", async ({
  page,
}) => {
  const title = `Refused update ${unique()}`;
  // Without JavaScript: a plain post gets the form back with the messages, and 400.
  const plain = await editorApi.post("/admin/content/policy-updates/new", {
    form: {
      intent: "publish",
      title,
      summary: "Should never be stored.",
      status: "Confirmed",
      level: "State",
      datePublished: "2026-11-01",
      expiresOn: "2026-10-01",
      link: "javascript:alert(1)",
    },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(plain.status()).toBe(400);
  const html = await plain.text();
  expect(html).toContain("Enter a full web address starting with https://");
  expect(html).toContain("The end date cannot be before the date published.");
  expect(html).toContain("Add at least one source: the page that proves the statements, and what it proves.");

  // In the browser: the messages sit under their fields, linked by aria-describedby.
  await signInEditor(page);
  await page.goto(`${base}/admin/content/policy-updates/new`);
  await page.getByLabel("Headline").fill(title);
  await page.getByLabel("Summary").fill("Should never be stored.");
  await page.getByLabel("Status").selectOption("Confirmed");
  await page.getByLabel("Level").selectOption("State");
  await page.getByLabel("Date published").fill("2026-11-01");
  await page.getByLabel("End date").fill("2026-10-01");
  await page.getByLabel("Official source").fill("http://example.gov/not-https");
  await page.getByRole("button", { name: "Publish" }).click();
  const link = page.getByLabel("Official source");
  await expect(link).toHaveAttribute("aria-invalid", "true");
  await expect(link).toHaveAccessibleDescription(/Enter a full web address starting with https:\/\//);
  await expect(page.getByLabel("End date")).toHaveAccessibleDescription(
    /The end date cannot be before the date published\./,
  );
  await expect(page.getByTestId("error-summary")).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Sources" }).getByText("Add at least one source: the page that proves"),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // Nothing was stored: not in the editor's list, not on Policy Watch.
  await page.goto(`${base}/admin/content/policy-updates?q=${encodeURIComponent(title)}`);
  await expect(page.getByTestId("content-count")).toHaveText("0 records");
  expect((await publicPage("/policy-watch")).html).not.toContain(title);
});

/** Whether the header, the footer and the sitemap link an industry page (visitors' copies). */
async function linked(pathname: string) {
  const home = (await publicPage("/about")).html;
  const header = /<header[\s\S]*?<\/header>/.exec(home)?.[0] ?? "";
  const footer = /<footer[\s\S]*?<\/footer>/.exec(home)?.[0] ?? "";
  const sitemap = await (await anonymous.get("/sitemap.xml")).text();
  return {
    header: header.includes(`href="${pathname}"`),
    footer: footer.includes(`href="${pathname}"`),
    sitemap: sitemap.includes(`${pathname}</loc>`),
  };
}

test("a retired industry page is gone publicly and back when unretired; its history keeps both", async ({ page }) => {
  expect((await anonymous.get("/winery")).status()).toBe(200);
  expect(await linked("/winery")).toEqual({ header: true, footer: true, sitemap: true });
  await signInEditor(page);
  await page.goto(`${base}/admin/content/industries`);
  await page.getByLabel("Search industry pages").fill("winer");
  await expect(page.getByTestId("content-count")).toHaveText("1 record");
  await page.getByTestId("content-table").getByRole("link").first().click();
  await expect(page.getByTestId("readonly-slug")).toHaveText("/winery");
  await page.getByRole("button", { name: "Retire" }).click();
  await expect(page.getByTestId("record-state")).toContainText("Retired");
  expect((await anonymous.get("/winery")).status()).toBe(404);
  // No link leads to the 404: the header, the footer and the sitemap leave it out at once.
  expect(await linked("/winery")).toEqual({ header: false, footer: false, sitemap: false });
  await page.getByRole("button", { name: "Unretire" }).click();
  await expect(page.getByTestId("record-state")).toContainText("Published");
  expect((await anonymous.get("/winery")).status()).toBe(200);
  expect(await linked("/winery")).toEqual({ header: true, footer: true, sitemap: true });
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByTestId("history-entry").first()).toContainText("Unretired");
  await expect(history.getByTestId("history-entry").nth(1)).toContainText("Retired");
});

test("the dashboard lists stale content with its reasons, and Mark reviewed takes a record off the queue", async ({
  page,
}) => {
  await signInEditor(page);
  await page.goto(`${base}/admin`);
  const queue = page.getByTestId("content-queue");
  await expect(queue.getByRole("heading", { name: "Content to check" })).toBeVisible();
  const first = queue.getByTestId("queue-item").first();
  await expect(first).toContainText("Not reviewed in 90 days");
  // Its review date, whichever record is first (the built-in ones were checked 2026-11-23 to -26).
  await expect(first).toContainText(/Last reviewed 2026-11-2[3-6]/);
  const name = (await first.getByRole("link").first().textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  await first.getByRole("button", { name: /Mark reviewed/ }).click();
  // The queue is read again after the action: the record has left it (and stays gone on reload).
  await expect(queue.getByRole("link", { name, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(queue.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("an unsaved change warns before leaving the editor", async ({ page }) => {
  await signInEditor(page);
  await page.goto(`${base}/admin/content/blocks/how_it_works_intro`);
  await page.getByLabel("Heading").fill(`Changed ${unique()}`);
  await page.getByRole("link", { name: "Back to content blocks" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("You have unsaved changes");
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/blocks\/how_it_works_intro$/);
  await page.getByRole("link", { name: "Back to content blocks" }).click();
  await page.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/blocks$/);
});

test("an editor gives a program calculator terms in the editor, and the calculator counts it at once", async ({
  page,
}) => {
  const title = `Vermont Farm Solar Rebate ${unique()}`;
  const id = await createIncentive({
    title,
    description: "A rebate for farm roofs.",
    link: "https://example.gov/farm-rebate",
    moneyValue: "$5,000 per farm",
  });
  const calculator = `/solar-calculator?monthlyBill=3000&state=VT`;
  // Without terms it is listed as "may also apply", not counted.
  const before = await (await anonymous.get(calculator)).text();
  expect(before.includes(title), "listed before it has terms").toBe(true);
  expect(before.includes('data-testid="state-line"'), "no state line before it has terms").toBe(false);

  await signInEditor(page);
  await page.goto(`${base}/admin/content/incentives/${id}`);
  const terms = page.getByRole("group", { name: "Calculator terms" });
  await expect(terms).toContainText("Without terms it is only listed");
  await terms.getByRole("button", { name: "Add calculator term" }).click();
  await terms.getByLabel("How it pays").selectOption({ label: "A fixed amount" });
  await terms.getByLabel("Rate").fill("5000");
  await terms.getByLabel("Who can claim it").selectOption({ label: "Both" });
  await terms.getByLabel("Conditions").fill("$5,000 per farm, once.");
  await terms.getByLabel("Source of these terms").fill("https://example.gov/farm-rebate/terms");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Published");

  const after = await page.context().newPage();
  await after.goto(`${base}${calculator}`);
  const line = after.getByRole("main").getByTestId("state-line").filter({ hasText: title });
  await expect(line).toContainText("$5,000");
  await expect(line.getByRole("link", { name: /Source/ })).toHaveAttribute(
    "href",
    "https://example.gov/farm-rebate/terms",
  );
  await after.close();
});

test("an editor corrects a calculator figure: a price typed in cents is refused, the right one is live at once with its source", async ({
  page,
}) => {
  const source = `EIA Electric Power Monthly, table 5.6.A ${unique()}`;
  const calculator = `/solar-calculator?monthlyBill=3000&state=VT`;
  expect(await (await anonymous.get(calculator)).text()).toContain("$0.18 per kWh");

  await signInEditor(page);
  await page.goto(`${base}/admin/content`);
  await page.getByRole("link", { name: "Calculator figures" }).click();
  await page.getByLabel("State").selectOption("VT");
  const row = page.getByTestId("content-table").getByRole("link", {
    name: "Average commercial electricity price, Vermont",
  });
  await row.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Average commercial electricity price, Vermont");
  await expect(page.getByRole("button", { name: "Preview" })).toHaveCount(0);
  const value = page.getByLabel("Value ($/kWh)");
  await expect(value).toHaveValue("0.18");
  await value.fill("19.5");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert")).toContainText("Enter a price between 0.01 and 1.00 dollars per kWh");
  expect(await (await anonymous.get(calculator)).text()).toContain("$0.18 per kWh");

  await value.fill("0.195");
  await page.getByRole("textbox", { name: "Source", exact: true }).fill(source);
  await page
    .getByLabel("Source page")
    .fill("https://www.eia.gov/electricity/monthly/epm_table_grapher.php?t=epmt_5_6_a");
  await page.getByLabel("Data year").fill("2025");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Published");

  const after = await page.context().newPage();
  await after.goto(`${base}${calculator}`);
  const price = after
    .getByRole("main")
    .getByRole("listitem")
    .filter({ hasText: "Average commercial electricity price" });
  await expect(price).toContainText("$0.195 per kWh");
  await expect(price).toContainText(source);
  await after.close();
});

test("an industry page: Preview opens that page; after Publish the editor's own browser shows the new version at once, with one confirmation", async ({
  page,
}) => {
  // Seen a moment ago, before signing in: the browser holds a copy (public pages may be reused
  // for a minute; signed-in pages are never stored).
  await page.goto(`${base}/rv-parks`);
  const before = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  expect(before).not.toBe("");
  await signInEditor(page);

  await page.goto(`${base}/admin/content/industries`);
  await page.getByLabel("Search industry pages").fill("rv park");
  await expect(page.getByTestId("content-count")).toHaveText("1 record");
  await page.getByTestId("content-table").getByRole("link").first().click();
  await expect(page.getByTestId("readonly-slug")).toHaveText("/rv-parks");
  const title = `Solar for RV Parks ${unique()}`;
  await page.getByRole("textbox", { name: "Heading", exact: true }).fill(title);

  // Preview: this page, not the home page.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/rv-parks\?preview=industry(:|%3A)/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.goBack();

  await page.getByRole("textbox", { name: "Heading", exact: true }).fill(title);
  // The actions stay in view at the top of a long form's scroll.
  await expect(page.getByRole("button", { name: "Publish" })).toBeInViewport();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("editor-status")).toHaveText("Published: The public pages show it now.");
  // One confirmation: the status line, not a toast as well.
  await expect(page.getByText("The public pages show it now.")).toHaveCount(1);

  await page.goto(`${base}/rv-parks`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("an admin sets the business details: the footer, About and the visitor's guide e-mail show them at once", async ({
  page,
}) => {
  const firm = {
    email: `hello-${unique()}@sunvalleyadvisors.com`,
    phone: "(602) 555-2143",
    address: "2 N Central Ave, Phoenix, AZ 85004",
  };
  // The built-in placeholders, until an admin saves the firm's own.
  expect((await publicPage("/")).html).toContain("hello@example.com");
  await signIn(page, ADMIN);
  await page.goto(`${base}/admin/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
  await expect(page.getByTestId("placeholder-warning")).toContainText("Contact e-mail, Phone, Address, Booking page");
  await expectNoAxeViolations(page);
  await page.getByLabel("Contact e-mail").fill("not an address");
  await page.getByRole("button", { name: "Save business details" }).click();
  await expect(page.getByText("Enter the e-mail address visitors should write to.")).toBeVisible();
  await page.getByLabel("Contact e-mail").fill(firm.email);
  await page.getByLabel("Phone").fill(firm.phone);
  await page.getByLabel("Address").fill(firm.address);
  await page.getByLabel("Booking page").fill("https://calendly.com/sunvalley/consultation");
  await expect(page.getByLabel("Reply time promised (hours)")).toHaveValue("24");
  await page.getByLabel("Reply time promised (hours)").fill("48");
  await page.getByRole("button", { name: "Save business details" }).click();
  await expect(page.getByText("Every page, PDF and e-mail now shows these details.")).toBeVisible();

  // The reply time is the firm's: 48 hours everywhere, then no time at all once the field is cleared.
  const advisor = (await publicPage("/talk-to-solar-advisor")).html;
  expect(advisor).toContain("we reply within 48 hours.");
  expect(advisor).not.toContain("24 hours");
  await page.getByLabel("Reply time promised (hours)").fill("");
  await page.getByRole("button", { name: "Save business details" }).click();
  await expect(page.getByLabel("Reply time promised (hours)")).toHaveValue("");
  await expect.poll(async () => (await publicPage("/talk-to-solar-advisor")).html).toContain("Free, and we reply.");
  for (const pathname of ["/talk-to-solar-advisor", "/submit-bill", "/", "/farms", "/policy-watch", "/how-it-works"]) {
    expect((await publicPage(pathname)).html, pathname).not.toMatch(/within \d+ hours?/i);
  }
  // The toast and the thank-you page after a consultation say no time either.
  const thanks = await anonymous.post("/talk-to-solar-advisor", {
    form: { name: "Nora Notime", email: `nora-${unique()}@farm.example`, question: "When will you reply?" },
  });
  const thanksHtml = await thanks.text();
  expect(thanksHtml).toContain("An advisor will reply by email or phone.");
  expect(thanksHtml).toContain("An advisor will reply.");
  expect(thanksHtml).not.toMatch(/within \d+ hours?/i);

  // The next visitor's pages: the cached copies were dropped.
  for (const pathname of ["/", "/about"]) {
    const { html } = await publicPage(pathname);
    expect(html, pathname).toContain(firm.email);
    expect(html, pathname).toContain('href="tel:+16025552143"');
    expect(html, pathname).not.toContain("hello@example.com");
  }
  // The visitor's guide e-mail signs with them.
  const visitor = `guide-${unique()}@farm.example`;
  const posted = await anonymous.post("/farms?intent=guide", {
    form: { intent: "guide", name: "Gail Grower", email: visitor, industryType: "agriculture" },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const mail = await capturedMailTo(dataDir, visitor);
  expect(mail).toContain(firm.email);
  expect(mail).toContain(firm.phone);
});
