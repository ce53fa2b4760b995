import fs from "node:fs";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import { freePortSync } from "../free-port";
import { createAdminIn, exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";
import { pdf, setRoleAsAdmin, verifiedAccountWithoutRole } from "./staff-helpers";

/**
 * Every staff route, action, export and file × {anonymous, signed in without a role, editor,
 * admin}, with plain HTTP requests (no browser to help), docs/decisions/0012: anonymous visitors
 * are sent to /login, accounts without a role get 403 everywhere, editors get the dashboard and
 * the content section and 403 on everything that shows a lead or a bill (and on mail and
 * accounts), admins get everything; nobody but the admin sees a byte of the lead. A server of its
 * own, so it starts with no lead (a copy of the seeded database, content only: the spec's "No lead
 * submissions found.").
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "matrix-admin@example.com", password: "Matr1x!pass" };
const EDITOR_EMAIL = "matrix-editor@example.com";
const LEAD_EMAIL = "matrix-lead@example.com";

let server: Started;
let dataDir: string;
let base: string;
let anonymous: APIRequestContext;
let noRole: APIRequestContext;
let editor: APIRequestContext;
let admin: APIRequestContext;
let editorId: string;

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
  dataDir = seededDataDir("solar-authz-");
  const port = String(freePortSync());
  base = `http://127.0.0.1:${port}`;
  createAdminIn(dataDir, ADMIN);
  server = startServer({ PORT: port, DATA_DIR: dataDir, SITE_URL: base, MAIL_POLL_SECONDS: "1" });
  await waitReady(server);
  anonymous = await playwrightRequest.newContext({ baseURL: base });
  admin = await signedInContext(ADMIN);
  const account = await verifiedAccountWithoutRole(anonymous, dataDir, "matrix-staff@example.com");
  noRole = await signedInContext(account);
  // The editor: a confirmed account given the role by the admin on the accounts page.
  const writer = await verifiedAccountWithoutRole(anonymous, dataDir, EDITOR_EMAIL);
  editorId = await setRoleAsAdmin(admin, EDITOR_EMAIL, "editor");
  editor = await signedInContext(writer);
});

test.afterAll(async () => {
  await Promise.all([anonymous?.dispose(), noRole?.dispose(), editor?.dispose(), admin?.dispose()]);
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
  // The lead's id is the row's only UUID (the estimate columns come after it, empty for a bill).
  const row = csv.split("\n").find((line) => line.includes(LEAD_EMAIL)) ?? "";
  const id = /,([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}),/.exec(`${row},`)?.[1];
  expect(id, csv).toBeTruthy();

  const contentList = await (await admin.get("/admin/content/incentives")).text();
  const incentiveId = /\/admin\/content\/incentives\/([0-9a-f-]{36})/.exec(contentList)?.[1];
  expect(incentiveId, "an incentive in the editor's list").toBeTruthy();
  const incentivePath = `/admin/content/incentives/${incentiveId}`;

  const origin = { Origin: base };
  type Who = "anonymous" | "noRole" | "editor" | "admin";
  // Each route's section decides the editor's answer: admin-only → 403, dashboard and content →
  // what the admin gets. Anonymous: 302 to /login, except React Router data requests, which carry
  // the redirect in a 202 answer for the browser app to follow. Signed in without a role: 403.
  const routes: {
    name: string;
    section: "dashboard" | "content" | "ownAccount" | "adminOnly";
    send: (c: APIRequestContext, who: Who) => ReturnType<APIRequestContext["get"]>;
    anonymous?: number;
    admin: number;
  }[] = [
    {
      name: "GET /admin (dashboard)",
      section: "dashboard",
      send: (c) => c.get("/admin", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET /admin (data)",
      section: "dashboard",
      send: (c) => c.get("/admin.data", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      name: "GET /admin/content",
      section: "content",
      send: (c) => c.get("/admin/content", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET /admin/content (data)",
      section: "content",
      send: (c) => c.get("/admin/content.data", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      // No content action yet: the guard answers first, then React Router's 405.
      name: "POST /admin/content",
      section: "content",
      send: (c) => c.post("/admin/content", { form: { x: "1" }, headers: origin, maxRedirects: 0 }),
      admin: 405,
    },
    {
      // Mark reviewed from the dashboard's stale-content queue (both roles).
      name: "POST /admin mark reviewed",
      section: "dashboard",
      send: (c) =>
        c.post("/admin?index", {
          form: { intent: "review", kind: "incentive", id: incentiveId ?? "" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "GET content list",
      section: "content",
      send: (c) => c.get("/admin/content/incentives?q=solar", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET content list (data)",
      section: "content",
      send: (c) => c.get("/admin/content/incentives.data?q=solar", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      name: "GET new record form",
      section: "content",
      send: (c) => c.get("/admin/content/policy-updates/new", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET record editor",
      section: "content",
      send: (c) => c.get(incentivePath, { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET record editor (data)",
      section: "content",
      send: (c) => c.get(`${incentivePath}.data`, { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      // Refused by the schema (no title, a javascript: link): 400 with the messages, nothing saved.
      name: "POST publish (invalid)",
      section: "content",
      send: (c) =>
        c.post("/admin/content/policy-updates/new", {
          form: { intent: "publish", link: "javascript:alert(1)" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 400,
    },
    {
      name: "POST save draft",
      section: "content",
      send: (c) =>
        c.post(incentivePath, {
          form: {
            intent: "save",
            title: "Matrix draft",
            description: "A draft from the matrix.",
            type: "Federal",
            link: "https://example.gov/matrix",
            "sources[0].url": "https://example.gov/matrix/rules",
            "sources[0].supports": "The rules this draft states.",
            priority: "500",
          },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "POST discard draft",
      section: "content",
      send: (c) => c.post(incentivePath, { form: { intent: "discard" }, headers: origin, maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "POST mark reviewed",
      section: "content",
      send: (c) => c.post(incentivePath, { form: { intent: "review" }, headers: origin, maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "POST retire",
      section: "content",
      send: (c) => c.post(incentivePath, { form: { intent: "retire" }, headers: origin, maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "POST unretire",
      section: "content",
      send: (c) => c.post(incentivePath, { form: { intent: "unretire" }, headers: origin, maxRedirects: 0 }),
      admin: 200,
    },
    {
      // An unknown version: the guard answers first, then 404.
      name: "POST restore",
      section: "content",
      send: (c) =>
        c.post(incentivePath, {
          form: { intent: "restore", revisionId: crypto.randomUUID() },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      name: "GET /admin/mail",
      section: "adminOnly",
      send: (c) => c.get("/admin/mail", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "POST mail retry",
      section: "adminOnly",
      send: (c) => c.post("/admin/mail", { form: { id: crypto.randomUUID() }, headers: origin, maxRedirects: 0 }),
      admin: 404,
    },
    {
      name: "GET /admin/account (own)",
      section: "ownAccount",
      send: (c) => c.get("/admin/account", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET /admin/account (data)",
      section: "ownAccount",
      send: (c) => c.get("/admin/account.data", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      // A session of nobody's: each signed-in member may end only their own (404 here).
      name: "POST end a session",
      section: "ownAccount",
      send: (c) =>
        c.post("/admin/account", {
          form: { intent: "end-session", sessionId: "0".repeat(32) },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      name: "POST sign an account out everywhere",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/accounts", {
          form: { intent: "end-sessions", userId: "0".repeat(32) },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      name: "GET /admin/accounts",
      section: "adminOnly",
      send: (c) => c.get("/admin/accounts", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      // The others try to make the editor an admin; the admin is sent an unknown account (a
      // well-formed better-auth id: a malformed one is refused earlier, with 400).
      name: "POST set role",
      section: "adminOnly",
      send: (c, who) =>
        c.post("/admin/accounts", {
          form: { userId: who === "admin" ? "0".repeat(32) : editorId, role: "admin" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      // The admin sends an address that is not one (400): the others never reach the form's check.
      name: "POST invite a colleague",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/accounts", {
          form: { intent: "invite", email: "matrix-at-example", role: "admin" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 400,
    },
    {
      name: "POST withdraw an invitation",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/accounts", {
          form: { intent: "revoke-invitation", invitationId: "00000000-0000-4000-8000-000000000000" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      name: "GET /admin/audit",
      section: "adminOnly",
      send: (c) => c.get("/admin/audit?q=matrix&action=role.granted", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET /admin/audit (data)",
      section: "adminOnly",
      send: (c) => c.get("/admin/audit.data", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      name: "GET /admin/settings",
      section: "adminOnly",
      send: (c) => c.get("/admin/settings", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      // Refused by the schema even for an admin: the matrix changes no business detail.
      name: "POST business details",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/settings", {
          form: { email: "matrix-at-example", phone: "1", address: "x", bookingUrl: "x", marketplaceDisclosure: "x" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 400,
    },
    {
      name: "GET /admin/mail/templates",
      section: "adminOnly",
      send: (c) => c.get("/admin/mail/templates", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      // Refused by the schema even for an admin: the matrix changes no template.
      name: "POST e-mail template",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/mail/templates", {
          form: { intent: "save", id: "follow-up", subject: "", body: "matrix" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 400,
    },
    {
      name: "GET /admin/webhooks",
      section: "adminOnly",
      send: (c) => c.get("/admin/webhooks", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      // Refused by the schema even for an admin: the matrix adds no endpoint.
      name: "POST add webhook",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/webhooks", {
          form: { intent: "add", url: "http://matrix.example/hook", events: "lead.created" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 400,
    },
    {
      name: "POST send test webhook",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/webhooks", {
          form: { intent: "test", webhookId: "00000000-0000-4000-8000-000000000000" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 404,
    },
    {
      name: "GET /admin/leads",
      section: "adminOnly",
      send: (c) => c.get("/admin/leads?q=matrix", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET /admin/leads (data)",
      section: "adminOnly",
      send: (c) => c.get("/admin/leads.data?q=matrix", { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      name: "GET lead page",
      section: "adminOnly",
      send: (c) => c.get(`/admin/leads/bill/${id}`, { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET lead page (data)",
      section: "adminOnly",
      send: (c) => c.get(`/admin/leads/bill/${id}.data`, { maxRedirects: 0 }),
      anonymous: 202,
      admin: 200,
    },
    {
      name: "POST status",
      section: "adminOnly",
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
      section: "adminOnly",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, {
          form: { intent: "note", body: "matrix" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "POST owner and next step",
      section: "adminOnly",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, {
          form: { intent: "next-step", on: "2026-12-01", task: "matrix call" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      // A lead that does not exist: the admin's answer is a refusal, not a change.
      name: "POST merge",
      section: "adminOnly",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, {
          form: { intent: "merge", from: "guide:00000000-0000-4000-8000-000000000000" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 409,
    },
    {
      name: "POST separate",
      section: "adminOnly",
      send: (c) =>
        c.post(`/admin/leads/bill/${id}`, { form: { intent: "separate" }, headers: origin, maxRedirects: 0 }),
      admin: 409,
    },
    {
      // Unassigns (nobody): the matrix gives the lead to no one.
      name: "POST bulk assign",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/leads", {
          form: { intent: "assign", lead: `bill:${id}`, ownerId: "" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "GET pipeline board",
      section: "adminOnly",
      send: (c) => c.get("/admin/leads/board?q=matrix", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "POST board move",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/leads/board", {
          form: { intent: "move", lead: `bill:${id}`, status: "won" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      name: "POST save view",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/leads", {
          form: { intent: "save-view", name: "Matrix view", query: "status=new" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 200,
    },
    {
      // An editor cannot take leads: refused even for an admin asking for them.
      name: "POST lead rotation",
      section: "adminOnly",
      send: (c) =>
        c.post("/admin/accounts", {
          form: { intent: "rotation", userId: editorId, on: "1" },
          headers: origin,
          maxRedirects: 0,
        }),
      admin: 409,
    },
    {
      name: "GET CSV export",
      section: "adminOnly",
      send: (c) => c.get("/admin/leads/export.csv", { maxRedirects: 0 }),
      admin: 200,
    },
    {
      name: "GET bill file",
      section: "adminOnly",
      send: (c) => c.get(`/admin/bills/${id}`, { maxRedirects: 0 }),
      admin: 200,
    },
  ];

  const asked: string[] = [];
  for (const route of routes) {
    const anon = await route.send(anonymous, "anonymous");
    expect(await anon.text(), `${route.name} anonymous`).not.toContain(LEAD_EMAIL);
    expect(anon.status(), `${route.name} anonymous`).toBe(route.anonymous ?? 302);
    if (anon.status() === 302) expect(anon.headers().location, route.name).toMatch(/^\/login\?redirectTo=/);

    const denied = await route.send(noRole, "noRole");
    expect(await denied.text(), `${route.name} no role`).not.toContain(LEAD_EMAIL);
    expect(denied.status(), `${route.name} no role`).toBe(403);

    const asEditor = await route.send(editor, "editor");
    expect(await asEditor.text(), `${route.name} editor`).not.toContain(LEAD_EMAIL);
    expect(asEditor.status(), `${route.name} editor`).toBe(route.section === "adminOnly" ? 403 : route.admin);

    const allowed = await route.send(admin, "admin");
    expect(allowed.status(), `${route.name} admin`).toBe(route.admin);
    asked.push(route.name);
  }
  // 53 routes and actions × 4 kinds of visitor.
  expect(asked).toHaveLength(53);

  // After all that, only the admin's status change and note reached the lead, and the editor is
  // still an editor (their attempt to make themselves admin was refused).
  const lead = await (await admin.get(`/admin/leads/bill/${id}`)).text();
  expect(lead).toContain("matrix");
  expect(lead).toContain("matrix call");
  expect((await (await admin.get("/admin/leads/export.csv")).text()).split("\n")[1]).toContain("Won");
  const accounts = await (await admin.get("/admin/accounts")).text();
  expect(accounts.split("<tr").find((row) => row.includes(EDITOR_EMAIL))).toContain(">Editor</td>");
  expect((await editor.get("/admin/leads", { maxRedirects: 0 })).status()).toBe(403);
});

test("an editor's pages name no lead figure and link only where an editor may go", async () => {
  const dashboard = await (await editor.get("/admin")).text();
  expect(dashboard).toContain('href="/admin/content"');
  for (const hidden of [
    'href="/admin/leads"',
    'href="/admin/mail"',
    'href="/admin/accounts"',
    'href="/admin/audit"',
    'href="/admin/settings"',
    'href="/admin/webhooks"',
  ]) {
    expect(dashboard).not.toContain(hidden);
  }
  for (const figure of ["Bill uploads", "Consultations", "Guide requests", "Leads per day", "brought leads"]) {
    expect(dashboard).not.toContain(figure);
  }
  expect(dashboard).toContain("Page views per day");
  const content = await editor.get("/admin/content");
  expect(content.headers()["cache-control"]).toContain("no-store");
  expect(await content.text()).toContain('href="/admin/content/incentives"');
  // The admin's dashboard has them.
  const adminDashboard = await (await admin.get("/admin")).text();
  expect(adminDashboard).toContain("Leads per day");
  expect(adminDashboard).toContain('href="/admin/leads"');
  // Access Denied for an editor offers the way back to the dashboard; for no role it does not.
  const refused = await (await editor.get("/admin/leads")).text();
  expect(refused).toContain("Access Denied");
  expect(refused).toContain("Go to the staff dashboard");
  expect(await (await noRole.get("/admin/leads")).text()).not.toContain("Go to the staff dashboard");
});
