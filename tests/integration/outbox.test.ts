import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/rows.server";
import { emailOutbox, leads } from "~/server/db/schema";
import { storeLead } from "~/server/leads/lead-store.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { closeMailSender, createMailSender, type MailSender } from "~/server/mail/outbox-message.server";
import { mailSubjects } from "~/server/mail/render.server";
import {
  discardMail,
  listUndeliveredMail,
  MAIL_VIEW_LIMIT,
  readdressMail,
  undeliveredMailQuery,
} from "~/server/queries/staff-admin.server";
import { freePortSync } from "../free-port";
import { dbTargets, openMigrated } from "./db-targets";

type Received = { subject: string; raw: string; to: string[]; messageId: string };

const DAY = 24 * 3_600_000;

/** What the test SMTP server saw at most at one time: connections, and mail transactions. */
type Peaks = { sessions: number; transactions: number };

type SmtpOptions = {
  /** Holds each message's final reply until this many messages are held (then all go on). */
  barrier?: { open: number; giveUpMs: number };
  /** Answers RCPT TO for this address with 550 (no such mailbox). */
  noSuchMailbox?: string;
  /** Answers MAIL FROM with 550 5.4.5 (a sending quota used up) while it returns true. */
  quotaExceeded?: () => boolean;
};

function startSmtp(port: number, received: Received[], options: SmtpOptions = {}) {
  const peaks: Peaks = { sessions: 0, transactions: 0 };
  let sessions = 0;
  let transactions = 0;
  let waiting: (() => void)[] = [];
  const releaseIfFull = () => {
    if (options.barrier && waiting.length >= options.barrier.open) {
      for (const release of waiting) release();
      waiting = [];
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      sessions++;
      peaks.sessions = Math.max(peaks.sessions, sessions);
      callback();
    },
    onClose() {
      sessions--;
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.noSuchMailbox) {
        const refusal = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (options.quotaExceeded?.()) {
        callback(Object.assign(new Error("5.4.5 Daily user sending limit exceeded"), { responseCode: 550 }));
        return;
      }
      transactions++;
      peaks.transactions = Math.max(peaks.transactions, transactions);
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", async () => {
        if (options.barrier) {
          const { giveUpMs } = options.barrier;
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            releaseIfFull();
            setTimeout(resolve, giveUpMs);
          });
        }
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
        const messageId = /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";
        received.push({ subject, raw, to: session.envelope.rcptTo.map((r) => r.address), messageId });
        transactions--;
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; peaks: Peaks }>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, peaks })),
  );
}

const closeSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

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
      closeMailSender(sender);
      await closeSmtp(smtp.server);
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

  it("fails at once on a permanent refusal of the address, then sends to a corrected address", async () => {
    const port = freePortSync();
    const sender = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "" });
    await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    const [job] = await handle.db
      .insert(emailOutbox)
      .values({
        formType: "Lead Generation",
        template: "staff-notification",
        subject: "Typo",
        toAddress: "owner@farm.exmaple",
        formData: {},
      })
      .returning({ id: emailOutbox.id });
    const received: Received[] = [];
    const smtp = await startSmtp(port, received, { noSuchMailbox: "owner@farm.exmaple" });
    try {
      const refused = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 3 * DAY });
      expect(refused).toMatchObject({ sent: 0, failed: 1, retried: 0 });
      const [failed] = await handle.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, job?.id ?? ""));
      expect(failed).toMatchObject({ status: "failed", attempts: 1 });
      expect(failed?.lastError).toMatch(/^Refused for good by the receiving server: .*550/);

      expect(await readdressMail(handle.db, job?.id ?? "", "owner@farm.example")).toBe("owner@farm.exmaple");
      expect(await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 3 * DAY })).toMatchObject({ sent: 1 });
      expect(received.map((mail) => mail.to)).toEqual([["owner@farm.example"]]);
      // Sent: nothing left to discard.
      expect(await discardMail(handle.db, job?.id ?? "")).toBe(false);
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
  });

  it("retries a 550 that is not about the address (a sending quota used up) until the relay takes it", async () => {
    const port = freePortSync();
    const sender = createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "" });
    await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    const id = await newLead("Quota");
    const received: Received[] = [];
    let quotaUsed = true;
    const smtp = await startSmtp(port, received, { quotaExceeded: () => quotaUsed });
    try {
      const refused = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 3 * DAY, retrySeconds: 1 });
      expect(refused).toMatchObject({ sent: 0, failed: 0 });
      expect(refused.retried).toBeGreaterThan(0);
      const jobs = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
      expect(jobs.map((job) => job.status)).not.toContain("failed");
      expect(jobs.find((job) => job.template === "staff-notification")?.lastError).toMatch(/550 5\.4\.5/);

      quotaUsed = false;
      const later = new Date(Date.now() + 60_000);
      expect(await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 3 * DAY, now: later })).toMatchObject({
        failed: 0,
      });
      const settled = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
      expect(settled.map((job) => job.status)).toEqual(settled.map(() => "sent"));
      expect(received.length).toBe(settled.length);
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
  });

  it("the mail view lists a failed staff notification first, however many old failures pile up, and counts them all", async () => {
    await handle.db
      .update(emailOutbox)
      .set({ status: "sent" })
      .where(inArray(emailOutbox.status, ["pending", "failed"]));
    const old = new Date("2026-01-01T00:00:00Z");
    await handle.db.insert(emailOutbox).values(
      Array.from({ length: MAIL_VIEW_LIMIT + 1 }, (_, i) => ({
        formType: "Lead Generation",
        template: "guide-delivery",
        subject: `Guide ${i}`,
        toAddress: `bot${i}@example.com`,
        formData: {},
        status: "failed",
        createdAt: new Date(old.getTime() + i * 60_000),
      })),
    );
    await handle.db.insert(emailOutbox).values([
      {
        formType: "Solar Advisor Consultation",
        template: "staff-notification",
        subject: "New Solar Advisor Consultation Request",
        toAddress: "staff@example.com",
        formData: {},
        status: "failed",
        createdAt: old,
      },
    ]);
    const { rows, total } = await listUndeliveredMail(handle.db);
    expect(total).toBe(MAIL_VIEW_LIMIT + 2);
    expect(rows).toHaveLength(MAIL_VIEW_LIMIT);
    expect(rows[0]?.subject).toBe("New Solar Advisor Consultation Request");
    // Then the newest: the oldest failure is the one left off.
    expect(rows[1]?.subject).toBe(`Guide ${MAIL_VIEW_LIMIT}`);
    expect(rows.map((row) => row.subject)).not.toContain("Guide 0");
    // Served in order by the partial index: no sort of every failure kept (76 → 0.3 ms at 200,000).
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${undeliveredMailQuery(handle.db)}`))
        .map((row) => Object.values(row).join(" "))
        .join("\n");
    });
    expect(plan).toContain("email_outbox_undelivered_idx");
    expect(plan).not.toMatch(/\bSort\b/);
    await handle.db.update(emailOutbox).set({ status: "discarded" }).where(eq(emailOutbox.status, "failed"));
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

  it("keeps a message discarded, or sent to its new address, when staff act during a failing attempt", async () => {
    const discarded = await newLead("Discarded mid-attempt");
    const readdressed = await newLead("Readdressed mid-attempt");
    await handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
    await handle.db
      .update(emailOutbox)
      .set({ status: "pending" })
      .where(inArray(emailOutbox.leadId, [discarded, readdressed]));
    const jobOf = async (leadId: string) =>
      (await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, leadId)))[0];
    const discardedJob = (await jobOf(discarded))?.id ?? "";
    const readdressedJob = (await jobOf(readdressed))?.id ?? "";
    // The old address's attempt fails (a server down), and while it is in flight staff act on it.
    const failingSender = {
      kind: "smtp" as const,
      from: "site@example.com",
      transport: {
        sendMail: async (message: { to: string; messageId: string }) => {
          if (message.messageId.includes(discardedJob)) await discardMail(handle.db, discardedJob);
          if (message.to === "fixed@farm.example") return;
          if (message.messageId.includes(readdressedJob)) {
            await readdressMail(handle.db, readdressedJob, "fixed@farm.example");
          }
          throw new Error("connect ECONNREFUSED");
        },
      } as unknown as Transporter,
    };
    await deliverDueEmails(handle.db, failingSender, { giveUpAfterMs: DAY, concurrency: 1 });
    // The failed attempts settled neither: no discarded message back in the queue, and the new
    // address was tried at once, not after the old address's back-off.
    expect(await jobOf(discarded)).toMatchObject({ status: "discarded" });
    expect(await jobOf(readdressed)).toMatchObject({
      status: "sent",
      toAddress: "fixed@farm.example",
      lastError: null,
    });
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
    await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, id));
    const file = fs.readdirSync(dir).find((name) => name.includes(String(job?.id)));
    const eml = fs.readFileSync(path.join(dir, file as string), "utf8");
    expect(eml).toContain("To: eve@winery.example");
    expect(eml).toMatch(/Content-Type: application\/pdf;\s+name=top-10-hidden-solar-incentives-by-industry\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=top-10-hidden-solar-incentives-by-industry\.pdf/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("captures mail to a folder when no SMTP server is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-capture-"));
    const id = await newLead("Dee");
    const sender = createMailSender({ from: "site@example.com", captureDir: dir });
    const report = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
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

  // --- M5: the outbox drains, puts staff first, and sends several at once within a bound -------

  /** Marks everything earlier tests left pending as sent: each test below counts its own jobs. */
  const clearQueue = () =>
    handle.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));

  const smtpSender = (port: number, concurrency: number): MailSender =>
    createMailSender({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "site@example.com", captureDir: "", concurrency });

  /** Queues jobs straight into the outbox; `minutesAgo` orders them by age. */
  const queue = async (
    jobs: {
      template: "staff-notification" | "guide-delivery" | "account-verification";
      to: string;
      minutesAgo: number;
    }[],
  ) => {
    const rows = await handle.db
      .insert(emailOutbox)
      .values(
        jobs.map((job, i) => ({
          formType: "Lead Generation",
          template: job.template,
          subject: `${job.template} ${i}`,
          toAddress: job.to,
          formData:
            job.template === "account-verification" ? { url: "https://solar.example/verify" } : { name: `N${i}` },
          createdAt: new Date(Date.now() - job.minutesAgo * 60_000),
          nextAttemptAt: new Date(Date.now() - job.minutesAgo * 60_000),
        })),
      )
      .returning({ id: emailOutbox.id });
    return rows.map((row) => row.id);
  };

  const staffJobs = (count: number, minutesAgo = 1) =>
    Array.from({ length: count }, () => ({
      template: "staff-notification" as const,
      to: "staff@example.com",
      minutesAgo,
    }));

  it("drains a backlog larger than one batch in a single run", async () => {
    await clearQueue();
    const ids = await queue(staffJobs(45));
    const port = freePortSync();
    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    const sender = smtpSender(port, 4);
    try {
      const report = await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
      expect(report).toEqual({ sent: 45, captured: 0, retried: 0, failed: 0 });
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
    expect(received).toHaveLength(45);
    const rows = await handle.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("sends staff notifications before visitor copies queued earlier, and account checks in between", async () => {
    await clearQueue();
    await queue([
      { template: "guide-delivery", to: "v1@visitor.example", minutesAgo: 30 },
      { template: "guide-delivery", to: "v2@visitor.example", minutesAgo: 29 },
      { template: "guide-delivery", to: "v3@visitor.example", minutesAgo: 28 },
      { template: "account-verification", to: "new@staff.example", minutesAgo: 20 },
      { template: "guide-delivery", to: "v4@visitor.example", minutesAgo: 10 },
      { template: "staff-notification", to: "staff@example.com", minutesAgo: 0 },
    ]);
    const port = freePortSync();
    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    // One at a time, so the order received is the order claimed.
    const sender = smtpSender(port, 1);
    try {
      expect((await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY })).sent).toBe(6);
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
    expect(received.map((mail) => mail.to[0])).toEqual([
      "staff@example.com",
      "new@staff.example",
      "v1@visitor.example",
      "v2@visitor.example",
      "v3@visitor.example",
      "v4@visitor.example",
    ]);
  });

  it("sends MAIL_CONCURRENCY messages at once, never more (connections and transactions)", async () => {
    await clearQueue();
    await queue(staffJobs(6));
    const port = freePortSync();
    const received: Received[] = [];
    // The server answers each message only once three are waiting for their answer (or after
    // 2 s), so a worker that sends one at a time peaks at 1, and one without a bound goes past 3.
    const smtp = await startSmtp(port, received, { barrier: { open: 3, giveUpMs: 2_000 } });
    const sender = smtpSender(port, 3);
    try {
      expect((await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY })).sent).toBe(6);
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
    expect(received).toHaveLength(6);
    expect(smtp.peaks.transactions).toBe(3);
    expect(smtp.peaks.sessions).toBeLessThanOrEqual(3);
  }, 60_000);

  it("lets two workers (two instances on PostgreSQL) drain one backlog, each job sent exactly once", async () => {
    await clearQueue();
    const ids = await queue([
      ...staffJobs(30, 5),
      ...Array.from({ length: 30 }, (_, i) => ({
        template: "guide-delivery" as const,
        to: `v${i}@visitor.example`,
        minutesAgo: 6,
      })),
    ]);
    // On PostgreSQL the second worker has its own pool, as another instance would.
    const pool = (handle.db as unknown as { $client: unknown }).$client;
    const other =
      pool instanceof pg.Pool
        ? await openDatabase({ databaseUrl: String(pool.options.connectionString), poolMax: 4 })
        : undefined;
    const port = freePortSync();
    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    const senders = [smtpSender(port, 3), smtpSender(port, 3)];
    try {
      const reports = await Promise.all([
        deliverDueEmails(handle.db, senders[0] as MailSender, { giveUpAfterMs: DAY }),
        deliverDueEmails(other?.db ?? handle.db, senders[1] as MailSender, { giveUpAfterMs: DAY }),
      ]);
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(60);
    } finally {
      for (const sender of senders) closeMailSender(sender);
      await closeSmtp(smtp.server);
      await other?.close();
    }
    const counted = new Map<string, number>();
    for (const mail of received) counted.set(mail.messageId, (counted.get(mail.messageId) ?? 0) + 1);
    expect(counted.size).toBe(60);
    expect([...counted.values()].every((times) => times === 1)).toBe(true);
    expect(new Set(ids.map((id) => `<outbox-${id}@example.com>`))).toEqual(new Set(counted.keys()));
    const rows = await handle.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  // --- M3: the guide mail carries nothing the visitor typed ---------------------------------

  it("greets the guide's recipient without any text from the form", async () => {
    await clearQueue();
    const lure = "Claim your refund at evil.example/r";
    await queue([{ template: "guide-delivery", to: "victim@example.org", minutesAgo: 0 }]);
    await handle.db
      .update(emailOutbox)
      .set({ formData: { name: lure } })
      .where(eq(emailOutbox.toAddress, "victim@example.org"));
    const port = freePortSync();
    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    const sender = smtpSender(port, 1);
    try {
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: DAY });
    } finally {
      closeMailSender(sender);
      await closeSmtp(smtp.server);
    }
    expect(received).toHaveLength(1);
    const decoded = received[0]?.raw.replace(/=\r?\n/g, "") ?? "";
    expect(decoded).toContain("Hello,");
    expect(decoded).not.toContain("evil.example");
    expect(decoded).not.toContain("Claim your refund");
  });
});
