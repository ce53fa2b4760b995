import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { emailOutbox, webhookDeliveries, webhooks } from "~/server/db/schema";
import { initErrorReporting } from "~/server/error-reporting.server";
import { deliverDueEmails, MAIL_OUTBOX_JOB } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { OutboxWorker } from "~/server/mail/outbox-worker.server";
import {
  deliverDueWebhooks,
  newWebhookSecret,
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_MAX_ATTEMPTS,
} from "~/server/webhooks/webhook-delivery.server";
import { type FakeSentry, startFakeSentry } from "../fake-sentry";
import { dbTargets, openMigrated } from "./db-targets";

// Needs fresh modules: the error-reporting SDK is started for this file's process alone.

const EMAIL = "jo.example@acme-farms.com";
const DAY = 86_400_000;

let ingest: FakeSentry;
beforeAll(async () => {
  ingest = await startFakeSentry();
  await initErrorReporting({ dsn: ingest.dsn, release: "solar-test@1", environment: "test" });
});
afterAll(async () => {
  await ingest.close();
});

const jobEvents = (job: string) => ingest.events().filter((event) => event.tags?.job === job);

describe("the outbox workers' reports", () => {
  it("report a database outage once, not at every poll", async () => {
    const before = jobEvents("Outage test").length;
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const worker = new OutboxWorker(() => Promise.reject(refused), 20, "Outage test");
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await worker.stop();
    await expect.poll(() => jobEvents("Outage test").length).toBe(before + 1);
  });
});

describe.each(dbTargets)("given-up deliveries on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("a mail refused for good is reported as the mail outbox's, without the address", async () => {
    const before = jobEvents(MAIL_OUTBOX_JOB).length;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error(`<${EMAIL}>: no such mailbox`), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const sender = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "" });
    try {
      await handle.db.insert(emailOutbox).values({
        formType: "Password reset",
        template: "password-reset",
        subject: "Reset",
        toAddress: EMAIL,
        formData: { url: "https://site.example/reset-password?token=x" },
      });
      expect(await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY })).toMatchObject({ failed: 1 });
      await expect.poll(() => jobEvents(MAIL_OUTBOX_JOB).length).toBe(before + 1);
      expect(JSON.stringify(jobEvents(MAIL_OUTBOX_JOB).at(-1))).toContain("[email]");
      for (const body of ingest.bodies) expect(body).not.toContain(EMAIL);
    } finally {
      if (sender.kind === "smtp") sender.transport.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it("a webhook given up is reported as the webhook worker's", async () => {
    const before = jobEvents(WEBHOOK_DELIVERY_JOB).length;
    // Its last attempt, to a port nobody listens on.
    const [hook] = await handle.db
      .insert(webhooks)
      .values({ url: "http://127.0.0.1:9/hook", secret: newWebhookSecret(), events: ["lead.created"] })
      .returning({ id: webhooks.id });
    await handle.db.insert(webhookDeliveries).values({
      webhookId: hook?.id ?? "",
      event: "lead.created",
      payload: { email: EMAIL },
      attempts: WEBHOOK_MAX_ATTEMPTS - 1,
    });
    expect(await deliverDueWebhooks(handle.db, { allowInternal: true })).toMatchObject({ failed: 1 });
    await expect.poll(() => jobEvents(WEBHOOK_DELIVERY_JOB).length).toBe(before + 1);
  });
});
