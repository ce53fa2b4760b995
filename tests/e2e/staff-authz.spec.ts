import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { freePortSync } from "../free-port";
import { exited, type Started, startServer, waitReady } from "./spawn-server";
import { pdf, verifiedAccountWithoutRole } from "./staff-helpers";

/**
 * Every staff route, action, export and file × {anonymous, signed in without a role, admin},
 * with plain HTTP requests (no browser to help): only the admin gets anything, the others are
 * sent to /login or refused with 403, and none of them sees a byte of the lead. A server of its
 * own, so the database starts empty (the spec's "No lead submissions found.").
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "matrix-admin@example.com", password: "Matr1x!pass" };
const LEAD_EMAIL = "matrix-lead@example.com";

let server: Started;
let dataDir: string;
let base: string;
let anonymous: APIRequestContext;
let noRole: APIRequestContext;
let admin: APIRequestContext;

async function signedInContext(account: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL: base });
  const response = await context.post("/login", {
    form: { mode: "login", email: account.email, password: account.password, redirectTo: "/admin/leads" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return context;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-authz-"));
  const port = String(freePortSync());
  base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", ADMIN.email, "--password", ADMIN.password],
    { env, stdio: "pipe" },
  );
  server = startServer({ PORT: port, DATA_DIR: dataDir, SITE_URL: base, MAIL_POLL_SECONDS: "1" });
  await waitReady(server);
  anonymous = await playwrightRequest.newContext({ baseURL: base });
  admin = await signedInContext(ADMIN);
  const account = await verifiedAccountWithoutRole(anonymous, dataDir, "matrix-staff@example.com");
  noRole = await signedInContext(account);
});

test.afterAll(async () => {
  await Promise.all([anonymous?.dispose(), noRole?.dispose(), admin?.dispose()]);
  server?.child.kill("SIGTERM");
  if (server) await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("an empty workspace says No lead submissions found.", async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("No lead submissions found.")).toBeVisible();
  await expect(page.getByTestId("lead-count")).toHaveText("0 of 0 submissions");
});

test("every staff route, action, export and file answers each kind of visitor as it should", async () => {
  const upload = await anonymous.post("/submit-bill", {
    multipart: {
      businessName: "Matrix Dairy",
      contactPerson: "Mat Rix",
      email: LEAD_EMAIL,
      file: { name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() },
    },
    maxRedirects: 0,
  });
  expect(upload.status()).toBe(302);
  const csv = await (await admin.get("/admin/leads/export.csv")).text();
  const id = /,([0-9a-f-]{36})\s*$/m.exec(csv)?.[1];
  expect(id, csv).toBeTruthy();

  const origin = { Origin: base };
  // Anonymous: 302 to /login, except React Router data requests, which carry the redirect in a
  // 202 answer for the browser app to follow. Signed in without the role: 403. Admin: the page.
  const routes: {
    name: string;
    send: (c: APIRequestContext) => ReturnType<APIRequestContext["get"]>;
    anonymous?: number;
    admin: number;
  }[] = [
    { name: "GET /admin (dashboard)", send: (c) => c.get("/admin", { maxRedirects: 0 }), admin: 200 },
    { name: "GET /admin/mail", send: (c) => c.get("/admin/mail", { maxRedirects: 0 }), admin: 200 },
    {
      name: "POST mail retry",
      send: (c) => c.post("/admin/mail", { form: { id: crypto.randomUUID() }, headers: origin, maxRedirects: 0 }),
      admin: 404,
    },
    { name: "GET /admin/accounts", send: (c) => c.get("/admin/accounts", { maxRedirects: 0 }), admin: 200 },
    {
      name: "POST grant role",
      send: (c) =>
        c.post("/admin/accounts", {
          form: { intent: "grant", userId: "no-such-account" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    { name: "GET /admin/leads", send: (c) => c.get("/admin/leads?q=matrix", { maxRedirects: 0 }), admin: 200 },
    {
      name: "GET /admin/leads (data)",
      send: (c) => c.get("/admin/leads.data?q=matrix", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    { name: "GET lead page", send: (c) => c.get(`/admin/leads/bill/${id}`, { maxRedirects: 0 }), admin: 200 },
    {
      name: "POST status",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, {
          form: { intent: "status", status: "won" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "POST note",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, {
          form: { intent: "note", body: "matrix" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    { name: "GET CSV export", send: (c) => c.get("/admin/leads/export.csv", { maxRedirects: 0 }), admin: 200 },
    { name: "GET bill file", send: (c) => c.get(`/admin/bills/${id}`, { maxRedirects: 0 }), admin: 200 },
  ];

  for (const route of routes) {
    const anon = await route.send(anonymous);
    expect(await anon.text(), `${route.name} anonymous`).not.toContain(LEAD_EMAIL);
    expect(anon.status(), `${route.name} anonymous`).toBe(route.anonymous ?? 302);
    if (anon.status() === 302) expect(anon.headers().location, route.name).toMatch(/^\/login\?redirectTo=/);

    const denied = await route.send(noRole);
    expect(await denied.text(), `${route.name} no role`).not.toContain(LEAD_EMAIL);
    expect(denied.status(), `${route.name} no role`).toBe(403);

    const allowed = await route.send(admin);
    expect(allowed.status(), `${route.name} admin`).toBe(route.admin);
  }

  // After all that, only the admin's status change and note reached the lead.
  const lead = await (await admin.get(`/admin/leads/bill/${id}`)).text();
  expect(lead).toContain("matrix");
  expect((await (await admin.get("/admin/leads/export.csv")).text()).split("\n")[1]).toContain("Won");
});
