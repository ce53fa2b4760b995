import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../e2e-staff";

/** A small but real PDF (the server checks the first bytes). */
export function pdf(size = 4096): Buffer {
  const head = Buffer.from("%PDF-1.4\n");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 32)]);
}

/** A bill upload made as a visitor makes it (a plain form post), with unique fields. */
export async function submitBill(
  request: APIRequestContext,
  fields: {
    businessName: string;
    contactPerson: string;
    email: string;
    phone?: string;
    monthlyBillAmount?: string;
    utm_source?: string;
  },
) {
  const response = await request.post("/submit-bill", {
    multipart: { ...fields, file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() } },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

export async function signIn(page: Page, account: { email: string; password: string } = E2E_ADMIN) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/admin\//);
}

/** Quoted-printable text (how the captured .eml files carry long lines) as plain text. */
export function decodeQuotedPrintable(value: string): string {
  return value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The newest captured e-mail to `address` in `dataDir`/mail (waits for the outbox worker). */
export async function capturedMailTo(dataDir: string, address: string, containing?: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  let found = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return false;
        for (const name of fs.readdirSync(dir).sort().reverse()) {
          const text = decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), "utf8"));
          // The To header itself: a staff notification carries the visitor's address in Reply-To.
          const to = text.split(/\r?\n/).some((line) => line.trim() === `To: ${address}`);
          if (to && (!containing || text.includes(containing))) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

/**
 * A confirmed account without any role: signs up through /login (the verification e-mail goes
 * out through the outbox) and follows the link it carries.
 */
export async function verifiedAccountWithoutRole(
  request: APIRequestContext,
  dataDir: string,
  email: string,
  password = "N0role!pass",
) {
  const signUp = await request.post("/login", {
    form: { mode: "signup", email, password, redirectTo: "/admin/leads" },
    maxRedirects: 0,
  });
  expect(signUp.status()).toBe(302);
  const mail = await capturedMailTo(dataDir, email, "/api/auth/verify-email");
  const link = /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail)?.[0];
  if (!link) throw new Error(`no verification link in:\n${mail}`);
  const verified = await request.get(new URL(link).pathname + new URL(link).search, { maxRedirects: 0 });
  expect(verified.status()).toBeLessThan(400);
  return { email, password };
}

/** An account's id, as the accounts page carries it (the admin's request context). */
async function accountId(admin: APIRequestContext, email: string): Promise<string> {
  const page = await admin.get("/admin/accounts");
  expect(page.status()).toBe(200);
  const row = (await page.text()).split("<tr").find((chunk) => chunk.includes(email));
  const id = row ? /name="userId" value="([^"]+)"/.exec(row)?.[1] : undefined;
  if (!id) throw new Error(`no account ${email} on /admin/accounts`);
  return id;
}

/**
 * Gives `email` a role (or none) as an admin does it: the accounts page's form, posted plainly.
 * Returns the account's id.
 */
export async function setRoleAsAdmin(
  admin: APIRequestContext,
  email: string,
  role: "admin" | "editor" | "none",
): Promise<string> {
  const userId = await accountId(admin, email);
  const response = await admin.post("/admin/accounts", { form: { userId, role }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(200);
  return userId;
}

export { totpCode } from "../totp";
