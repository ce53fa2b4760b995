import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../e2e-staff";
import { expectNoAxeViolations } from "./fixtures";
import { signIn, submitBill, verifiedAccountWithoutRole } from "./staff-helpers";

/** The audit log (decision 0018): what an admin does shows on /admin/audit, for admins only. */

const DATA_DIR = process.env.E2E_DATA_DIR ?? "";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const toast = (page: Page, title: string) => page.locator("[data-toast]").filter({ hasText: title });

test("an admin's export and role grant show in the audit log; an editor is refused it", async ({ page, request }) => {
  const tag = unique();
  const account = await verifiedAccountWithoutRole(request, DATA_DIR, `audit-${tag}@example.com`);
  await submitBill(request, {
    businessName: `Audit ${tag} Dairy`,
    contactPerson: `Ann ${tag}`,
    email: `ann-${tag}@example.com`,
  });
  await signIn(page);
  // Its bill opened: the log's subject is the upload's id, which the page names.
  const list = await (await page.request.get(`/admin/leads?q=${encodeURIComponent(`Ann ${tag}`)}`)).text();
  const billId = /\/admin\/leads\/bill\/([0-9a-f-]{36})/.exec(list)?.[1] ?? "";
  expect((await page.request.get(`/admin/bills/${billId}`)).status()).toBe(200);

  // The CSV of a search no lead matches: the search is what the log keeps.
  await page.goto(`/admin/leads?q=audit-${tag}`);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  await download.path();

  await page.getByRole("link", { name: "Accounts" }).click();
  const theirs = page.getByRole("row").filter({ hasText: account.email });
  await theirs.getByRole("combobox", { name: `Role for ${account.email}` }).selectOption("editor");
  await theirs.getByRole("button", { name: /Save role/ }).click();
  await expect(toast(page, "Role set to Editor")).toBeVisible();

  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["When", "Who", "What", "Subject", "From", "Details"]);

  // Searched as you type: the account's e-mail finds the grant.
  await page.getByRole("searchbox", { name: "Search the audit log" }).fill(account.email);
  await expect(page).toHaveURL(new RegExp(`q=audit-${tag}`));
  const grant = page.getByRole("row").filter({ hasText: "Role granted" });
  await expect(grant).toHaveCount(1);
  // People by their names (accounts made without one are named by the address's first part).
  await expect(grant.getByRole("cell")).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2}\s[AP]M\s(EST|EDT)$/,
    "admin",
    "Role granted",
    `audit-${tag}`,
    "127.0.0.1",
    /role: editor/,
  ]);
  await expect(grant.getByRole("cell").nth(1)).toHaveAttribute("title", E2E_ADMIN.email);

  // A lead by its person and business, linked to its page, not by its id.
  await page.getByRole("searchbox", { name: "Search the audit log" }).fill(billId);
  const opened = page.getByRole("row").filter({ hasText: "Bill file opened" });
  await expect(opened.getByRole("link", { name: `Ann ${tag} · Audit ${tag} Dairy` })).toHaveAttribute(
    "href",
    `/admin/leads/bill/${billId}`,
  );
  await expect(opened).not.toContainText(billId);

  // The action filter: the export, with its search in the details.
  await page.getByRole("searchbox", { name: "Search the audit log" }).fill("");
  await page.getByRole("combobox", { name: "Action" }).selectOption("leads.exported");
  await expect(page).toHaveURL(/action=leads\.exported/);
  const exported = page.getByRole("row").filter({ hasText: `q: audit-${tag}` });
  await expect(exported).toHaveCount(1);
  await expect(exported.getByRole("cell").nth(1)).toHaveText("admin");
  await expect(exported.getByRole("cell").nth(2)).toHaveText("Leads exported (CSV)");
  await expectNoAxeViolations(page);

  // The same views as plain GETs (no JavaScript needed): the filter is in the URL.
  const plain = await page.request.get(`/admin/audit?action=role.granted&q=${encodeURIComponent(account.email)}`);
  expect(plain.status()).toBe(200);
  expect(plain.headers()["cache-control"]).toContain("no-store");
  expect(await plain.text()).toContain(account.email);

  // The new editor signs in: the audit log is admins' only.
  const signedIn = await request.post("/login", {
    form: { mode: "login", email: account.email, password: account.password, redirectTo: "/admin" },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  expect((await request.get("/admin/audit", { maxRedirects: 0 })).status()).toBe(403);
  expect((await request.get("/admin/audit.data", { maxRedirects: 0 })).status()).toBe(403);
});
