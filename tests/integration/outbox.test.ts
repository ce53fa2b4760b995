import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { emailOutbox, leads } from "~/server/db/schema";
import { storeLead } from "~/server/leads/lead-store.server";
import { createMailSender, deliverDueEmails } from "~/server/mail/outbox.server";
import { mailSubjects } from "~/server/mail/render.server";
import { freePortSync } from "../free-port";
import { dbTargets, openMigrated } from "./db-targets";

type Received = { subject: string; raw: string; to: string[] };

const DAY = 24 * 3_600_000;

function startSmtp(port: number, received: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        received.push({ subject, raw, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

const attribution = {
  sourcePage: "/talk-to-solar-advisor",
  referrer: null,
  utmSource: "newsletter",
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
};

describe.each(dbTargets)("lead + outbox on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const newLead = (name: string) =>
    storeLead(
      handle.db,
      { kind: "consultation", name, email: "owner@farm.example", ...attribution },
      {
        formType: "Solar Advisor Consultation",
        subject: mailSubjects.pageConsultation,
        to: "staff@example.com",
        formData: { name, email: "owner@farm.example", phone: null, industry: "agriculture", question: "<b>hi</b>" },
      },
    );

  it("stores the lead and its e-mail job together, or neither", async () => {
    const id = await newLead("Ann Grower");
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(job).toMatchObject({ status: "pending", attempts: 0, subject: mailSubjects.pageConsultation });

    const before = (await handle.db.select().from(leads)).length;
    await expect(
      storeLead(
        handle.db,
        { kind: "consultation", name: "No Mail", email: "x@example.com" },
        // A job the outbox refuses (no recipient): the lead must not be kept without its mail.
        { formType: "Lead Generation", subject: "s", to: null as unknown as string, formData: {} },
      ),
    ).rejects.toThrow();
    expect(await handle.db.select().from(leads)).toHaveLength(before);
  });

  it("keeps the lead and retries when SMTP is down, then delivers once it is back", async () => {
    const port = freePortSync();
    const sender = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "" });
    const id = await newLead("Bob <script>alert(1)</script>");
    await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    await handle.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.leadId, id));

    const down = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
    expect(down).toEqual({ sent: 0, captured: 0, retried: 1, failed: 0 });
    const [afterFailure] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFailure?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await handle.db.select().from(leads).where(eq(leads.id, id))).toHaveLength(1);

    // Not due yet: nothing is sent before the backoff has passed.
    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    try {
      expect(await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY })).toEqual({
        sent: 0,
        captured: 0,
        retried: 0,
        failed: 0,
      });
      const later = new Date(Date.now() + 60_000);
      expect(await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY, now: later })).toMatchObject({ sent: 1 });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe(mailSubjects.pageConsultation);
    expect(received[0]?.to).toEqual(["staff@example.com"]);
    const decoded = received[0]?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
    expect(decoded).toContain("Bob &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(decoded).not.toContain("<script>alert(1)</script></td>");
    const [delivered] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(delivered).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("treats an SMTP server that accepts but never answers as down, within its timeout", async () => {
    const silent = net.createServer(() => {
      // Accept the connection, say nothing.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const sender = createMailSender({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "s@example.com",
        captureDir: "",
        timeoutMs: 300,
      });
      const id = await newLead("Hung");
      await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
      await handle.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.leadId, id));
      const report = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
      expect(report.retried).toBe(1);
      const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
      expect(job).toMatchObject({ status: "pending", attempts: 1 });
      expect(job?.lastError).toMatch(/timeout|greeting/i);
    } finally {
      silent.close();
    }
  });

  it("keeps retrying through a long outage, and only gives up on a job older than the limit", async () => {
    const port = freePortSync();
    const sender = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "" });
    const id = await newLead("Cara");
    // Twenty failed attempts within the limit: still pending.
    await handle.db.update(emailOutbox).set({ attempts: 20 }).where(eq(emailOutbox.leadId, id));
    expect((await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY })).retried).toBeGreaterThanOrEqual(1);
    const [still] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(still).toMatchObject({ status: "pending", attempts: 21 });
    // Four days later the job is marked failed, and kept.
    const later = new Date(Date.now() + 4 * DAY);
    const report = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 3 * DAY, now: later });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(job).toMatchObject({ status: "failed", attempts: 22 });
  });

  it("lets only the current claim settle a job (a worker whose lease ran out changes nothing)", async () => {
    const id = await newLead("Lease");
    await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    await handle.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.leadId, id));
    // While this worker is sending, its lease runs out and another worker claims the job again.
    const slowSender = {
      kind: "smtp" as const,
      from: "site@example.com",
      transport: {
        sendMail: async () => {
          await handle.db.update(emailOutbox).set({ attempts: 2 }).where(eq(emailOutbox.leadId, id));
        },
      } as unknown as Transporter,
    };
    await deliverDueEmails(handle.db, slowSender, { giveUpAfterMs: DAY });
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    // The late worker did not mark it sent: the current claim (attempt 2) settles it.
    expect(job).toMatchObject({ status: "pending", attempts: 2 });
  });

  it("sends the visitor's guide as a PDF attachment", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-guide-"));
    const id = await storeLead(handle.db, { kind: "guide", name: "Eve", email: "eve@winery.example" }, [
      {
        formType: "Lead Generation",
        template: "guide-delivery",
        subject: "Your free guide",
        to: "eve@winery.example",
        formData: { name: "Eve <b>" },
      },
    ]);
    const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
    await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY, log: () => {} });
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    const file = fs.readdirSync(dir).find((name) => name.includes(String(job?.id)));
    const eml = fs.readFileSync(path.join(dir, file as string), "utf8");
    expect(eml).toContain("To: eve@winery.example");
    expect(eml).toMatch(/Content-Type: application\/pdf;\s+name=top-10-hidden-solar-incentives-by-industry\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=top-10-hidden-solar-incentives-by-industry\.pdf/);
    expect(eml).toContain("Eve &lt;b&gt;");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("captures mail to a folder when no SMTP server is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-capture-"));
    const id = await newLead("Dee");
    const sender = createMailSender({ from: "site@example.com", captureDir: dir });
    const report = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY, log: () => {} });
    expect(report.captured).toBeGreaterThanOrEqual(1);
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    expect(job?.status).toBe("captured");
    const files = fs.readdirSync(dir).filter((file) => file.includes(String(job?.id)));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0] as string), "utf8");
    expect(eml).toContain(`Subject: ${mailSubjects.pageConsultation}`);
    // A fixed Message-ID per job: a message sent twice after a crash can be recognised.
    expect(eml).toContain(`Message-ID: <outbox-${job?.id}@example.com>`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
