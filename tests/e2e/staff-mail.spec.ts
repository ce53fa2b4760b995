import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { freePortSync } from "../free-port";
import { expectNoAxeViolations } from "./fixtures";
import { createAdminIn, exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * With the mail server down, leads are still taken, the staff see what has not gone out and can
 * retry it, and the dashboard counts the day's leads. A server of its own (SMTP pointed at a
 * closed port).
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "mail-admin@example.com", password: "Ma1l!pass" };
let server: Started;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dataDir = seededDataDir("solar-mail-");
  const port = String(freePortSync());
  base = `http://127.0.0.1:${port}`;
  createAdminIn(dataDir, ADMIN);
  server = startServer({
    PORT: port,
    DATA_DIR: dataDir,
    SITE_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${freePortSync()}`,
    MAIL_POLL_SECONDS: "1",
  });
  await waitReady(server);
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  if (server) await exited(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("undelivered mail is listed and can be retried; the dashboard counts the lead", async ({ page, request }) => {
  const consultation = await request.post(`${base}/talk-to-solar-advisor`, {
    form: { name: "Mae Down", email: "mae@down.example", question: "Is my roof big enough?" },
    maxRedirects: 0,
  });
  expect(consultation.status()).toBe(302);

  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/admin\/leads$/);

  await page.getByRole("link", { name: "Mail" }).click();
  const row = page.getByRole("row").filter({ hasText: "New Solar Advisor Consultation Request" });
  await expect(row.getByRole("cell", { name: "Pending" })).toBeVisible();
  // The first attempt has failed (connection refused) and been recorded.
  // Columns: status, subject, to, lead, queued, attempts, last error.
  const attempts = async () => Number((await row.getByRole("cell").nth(5).textContent()) ?? "0");
  const attemptsAfterReload = async () => {
    await page.reload();
    return attempts();
  };
  await expect.poll(attemptsAfterReload, { timeout: 20_000 }).toBeGreaterThan(0);
  const before = await attempts();
  await expect(row.getByRole("cell").nth(6)).not.toHaveText("-");
  await expect(row.getByRole("link", { name: /Open lead/ })).toHaveAttribute("href", /^\/admin\/leads\/consultation\//);
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: /Retry/ }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Retry queued" })).toBeVisible();
  await expect.poll(attemptsAfterReload, { timeout: 20_000 }).toBeGreaterThan(before);

  // A message can go to a corrected address, or be discarded (then it leaves the list).
  await row.getByRole("button", { name: /Change address/ }).click();
  await row.getByLabel(/New address for/).fill("team@down.example");
  await row.getByRole("button", { name: "Send there" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Sending to the new address" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "team@down.example", exact: true })).toBeVisible();
  await row.getByRole("button", { name: /Discard/ }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Message discarded" })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole("link", { name: "Dashboard" }).click();
  const totals = page.getByTestId("dashboard-totals");
  await expect(totals.getByText("Consultations").locator("xpath=following-sibling::dd[1]")).toHaveText("1");
  await expect(page.getByTestId("leads-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Pages that brought leads" })).toBeVisible();
  await expectNoAxeViolations(page);
});
