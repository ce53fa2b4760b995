import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { freePortSync } from "../free-port";
import { expectNoAxeViolations } from "./fixtures";
import { createAdminIn, exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * An e-mail written on a lead page from a template reaches a real SMTP server (a local
 * smtp-server), signed and named as the writer set on My account, with Reply-To the writer and
 * the one-click unsubscribe headers.
 * A server of its own: the suite's shared one captures mail to files.
 */
const ADMIN = { email: "smtp-admin@example.com", password: "Smtp!pass1" };
type Received = { to: string[]; raw: string };
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
let server: Started;
let dataDir: string;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const smtpPort = freePortSync();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", () => resolve()));
  dataDir = seededDataDir("solar-smtp-");
  const port = String(freePortSync());
  base = `http://127.0.0.1:${port}`;
  createAdminIn(dataDir, ADMIN);
  server = startServer({
    PORT: port,
    DATA_DIR: dataDir,
    SITE_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_POLL_SECONDS: "1",
  });
  await waitReady(server);
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  if (server) await exited(server.child);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("an e-mail from a template goes out through SMTP signed by the writer, Reply-To them, with a way to unsubscribe", async ({
  page,
  request,
}) => {
  const consultation = await request.post(`${base}/talk-to-solar-advisor`, {
    form: { name: "Sol Reader", email: "sol@reader.example", question: "Is our roof big enough?" },
    maxRedirects: 0,
  });
  expect(consultation.status()).toBe(302);
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/admin\/leads$/);
  // The name and signature the e-mail carries, set on My account (the account is this spec's own).
  await page.getByRole("link", { name: "My account" }).click();
  const profile = page.getByRole("region", { name: "Name and signature" });
  await profile.getByLabel(/^Your name/).fill("Alex Rivera");
  await profile.getByLabel("E-mail signature").fill("Alex Rivera\nSenior advisor");
  await profile.getByRole("button", { name: "Save name and signature" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Name and signature saved" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${base}/admin/leads`);
  await page.getByRole("link", { name: "Sol Reader", exact: true }).click();
  await page.getByLabel("Start from").selectOption({ label: "First reply" });
  await expect(page.getByLabel("Subject")).toHaveValue("Your solar questions for your business");
  await expect(page.getByLabel("Message")).toHaveValue(/Best regards,\nAlex Rivera\nSenior advisor$/);
  await expect(page.getByText("From Alex Rivera at Commercial Solar Advisors to sol@reader.example.")).toBeVisible();
  await page.getByRole("button", { name: "Send e-mail" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "E-mail on its way" })).toBeVisible();

  await expect
    .poll(() => received.some((mail) => mail.to.includes("sol@reader.example")), { timeout: 20_000 })
    .toBe(true);
  const mail = received.find((message) => message.to.includes("sol@reader.example")) as Received;
  const header = (mail.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  expect(header).toMatch(/^Subject: Your solar questions for your business$/m);
  // The writer's name with the firm's, at the site's own address (not the writer's).
  expect(header).toMatch(/^From: Alex Rivera at Commercial Solar Advisors <[^<>@\s]+@[^<>@\s]+>$/m);
  expect(header).not.toMatch(/^From: .*smtp-admin@example\.com/m);
  expect(mail.raw).toMatch(/Best regards,\r?\nAlex Rivera\r?\nSenior advisor/);
  expect(header).toMatch(new RegExp(`^Reply-To: ${ADMIN.email.replace(".", "\\.")}$`, "m"));
  expect(header).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?e=[\w-]+&t=[\w-]{32}>/m);
  expect(header).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  // On the lead's timeline with its delivery state, once the page is read again.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .getByTestId("lead-timeline")
          .getByRole("listitem")
          .filter({ hasText: "E-mail sent: Your solar questions" })
          .count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
});
