import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { guide } from "~/content/guide";
import { site } from "~/content/site";
import { usd0 } from "~/lib/estimate-format";
import { type EstimateSnapshot, estimateSummary } from "~/lib/estimate-snapshot";
import { senderName } from "~/lib/lead-email";
import { isStaffRole, ROLE_LABELS } from "~/lib/staff-messages";
import { isValidEmail } from "~/lib/validation/common";
import { PASSWORD_RESET_MINUTES } from "~/lib/validation/login";
import { estimatePdf } from "../calculator/estimate-pdf.server";
import { getConfig } from "../config.server";
import { isDatabaseUnavailable } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox, leads } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { guidePdf } from "../guide/guide-pdf.server";
import { errorFields, log, maskEmail } from "../log.server";
import { sameContactCount } from "../queries/lead-duplicates.server";
import { readBusinessDetails } from "../settings/business-details-store.server";
import {
  renderAccountVerification,
  renderEstimateDelivery,
  renderFollowUpDigest,
  renderGuideDelivery,
  renderLeadMessage,
  renderLeadsAssigned,
  renderNotification,
  renderPasswordReset,
  renderStaffInvitation,
} from "./render.server";
import { unsubscribeUrl } from "./unsubscribe.server";

/**
 * Delivery of the transactional outbox. Jobs are claimed with a lease (so a crash mid-send
 * means a retry, never a loss), sent outside any transaction (PGlite has one connection: a long
 * transaction would block every form), then marked sent, or rescheduled with exponential backoff.
 *
 * A run goes on while jobs are due (a backlog drains in one run), claims staff notifications
 * before anything sent to a visitor (`priority`, derived from the template by the database), and
 * sends up to `concurrency` messages at once, each lane claiming its next job just before
 * sending it. Decisions 0006 and 0010.
 */
export type MailSender =
  | { kind: "smtp"; transport: Transporter; from: string; siteUrl?: string; concurrency?: number }
  | { kind: "capture"; directory: string; from: string; siteUrl?: string; concurrency?: number };

export type DeliveryReport = { sent: number; captured: number; retried: number; failed: number };

/** The mail outbox's name in error reports (its worker's failures and given-up messages). */
export const MAIL_OUTBOX_JOB = "Mail outbox";

const LEASE_SECONDS = 300;
/**
 * Failed sends in a row after which a run stops (the next poll tries again): with the mail
 * server down, a backlog is not cycled through at full speed, each job failing in turn.
 */
const FAILURES_IN_A_ROW_TO_PAUSE = 10;

/** Seconds before the next attempt after `attempts` failed ones: `firstSeconds` doubling, at most 1 h. */
export function backoffSeconds(attempts: number, firstSeconds = 15): number {
  return Math.min(3600, firstSeconds * 2 ** Math.max(0, attempts - 1));
}

export function createMailSender(options: {
  smtpUrl?: string;
  from: string;
  captureDir: string;
  siteUrl?: string;
  /** Milliseconds to wait for a connection / the greeting (default 10 s each). */
  timeoutMs?: number;
  /** Messages sent at once, and SMTP connections kept open (default MAIL_CONCURRENCY). */
  concurrency?: number;
}): MailSender {
  const concurrency = Math.max(1, options.concurrency ?? getConfig().MAIL_CONCURRENCY);
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    return {
      kind: "smtp",
      from: options.from,
      siteUrl: options.siteUrl,
      concurrency,
      // A pool of at most `concurrency` connections, each reused for many messages (no TCP and
      // TLS handshake per message). Bounded waits: a hanging server fails the attempt (and is
      // retried) well within the claim's lease, so a slow send is never claimed and sent a
      // second time meanwhile. No requeue inside nodemailer: a failed message goes back to the
      // outbox, whose claim, backoff and give-up rules decide what happens next.
      transport: nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: concurrency,
        maxMessages: 100,
        maxRequeues: 0,
        idleTimeout: Math.min(30_000, timeoutMs * 3),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 6,
      }),
    };
  }
  return {
    kind: "capture",
    directory: options.captureDir,
    from: options.from,
    siteUrl: options.siteUrl,
    concurrency,
  };
}

/** Closes the sender's SMTP connections (at shutdown, or at the end of a script). */
export function closeMailSender(sender: MailSender): void {
  if (sender.kind === "smtp") sender.transport.close();
}

type OutboxRow = typeof emailOutbox.$inferSelect;
/** What the staff e-mails about leads carry in `formData` (written by the server, never a visitor). */
type DigestData = Omit<Parameters<typeof renderFollowUpDigest>[0], "siteName">;
type AssignedData = Omit<Parameters<typeof renderLeadsAssigned>[0], "siteName">;

/** The message of one outbox job, by its template. */
async function composeMessage(db: AppDatabase, job: OutboxRow, sender: MailSender) {
  // Never the placeholders to a visitor: if the details cannot be read, the job waits for a retry.
  const contact =
    job.template === "guide-delivery" || job.template === "estimate-delivery" || job.template === "lead-message"
      ? await readBusinessDetails(db)
      : null;
  // A visitor's reply reaches the firm's address, not the sending one (which may be no-reply).
  const base = {
    from: sender.from,
    to: job.toAddress,
    subject: job.subject,
    ...(contact ? { replyTo: contact.email } : {}),
  };
  if (job.template === "guide-delivery" && contact) {
    // Nothing of the job's formData goes in: the address is the visitor's to choose, the words
    // are ours (decision 0010).
    const { text, html } = renderGuideDelivery({
      guideTitle: guide.title,
      siteName: site.name,
      siteUrl: sender.siteUrl ?? "",
      contact,
    });
    const pdf = Buffer.from(await guidePdf(contact));
    return {
      ...base,
      text,
      html,
      attachments: [{ filename: guide.fileName, content: pdf, contentType: "application/pdf" }],
    };
  }
  if (job.template === "estimate-delivery" && contact) {
    // The snapshot the lead stored: the PDF says what the page said on the day.
    const snapshot = job.formData.estimate as EstimateSnapshot;
    const siteUrl = sender.siteUrl ?? "";
    const summary = estimateSummary(snapshot);
    const savings =
      summary.savingsLow === summary.savingsHigh
        ? usd0(summary.savingsLow)
        : `${usd0(summary.savingsLow)} to ${usd0(summary.savingsHigh)}`;
    const rendered = renderEstimateDelivery({
      stateName: snapshot.stateName,
      monthlyBill: usd0(snapshot.monthlyBill),
      savings,
      calculatorUrl: `${siteUrl}${summary.calculatorPath}`,
      siteName: site.name,
      siteUrl,
      contact,
    });
    const pdf = Buffer.from(await estimatePdf(snapshot, siteUrl, contact));
    const filename = `solar-estimate-${snapshot.result.state.toLowerCase()}-${snapshot.today}.pdf`;
    return { ...base, ...rendered, attachments: [{ filename, content: pdf, contentType: "application/pdf" }] };
  }
  if (job.template === "password-reset") {
    const url = String(job.formData.url ?? "");
    return { ...base, ...renderPasswordReset({ url, siteName: site.name, minutes: PASSWORD_RESET_MINUTES }) };
  }
  if (job.template === "staff-invitation") {
    const field = (name: string) => String(job.formData[name] ?? "");
    const role = field("role");
    const rendered = renderStaffInvitation({
      url: field("url"),
      siteName: site.name,
      role: isStaffRole(role) ? ROLE_LABELS[role] : "staff",
      invitedBy: field("invitedBy"),
      expiresAt: field("expiresAt"),
    });
    return { ...base, ...rendered };
  }
  if (job.template === "lead-message" && contact) {
    // Written by a staff member on the lead page: replies go to them. It comes from the site's
    // address (deliverability), under their name with the firm's.
    const staffEmail = String(job.formData.staffEmail ?? "");
    const staffName = String(job.formData.staffName ?? "").trim();
    // A way out in the footer and for the mail client's own button (RFC 8058 one-click).
    const unsubscribe = await unsubscribeUrl(db, sender.siteUrl ?? "", job.toAddress);
    const rendered = renderLeadMessage({
      body: String(job.formData.body ?? ""),
      siteName: site.name,
      contact,
      unsubscribe,
    });
    return {
      ...base,
      ...(staffName ? { from: { name: senderName(staffName, site.name), address: senderAddress(sender.from) } } : {}),
      ...(isValidEmail(staffEmail) ? { replyTo: staffEmail } : {}),
      ...rendered,
      list: { unsubscribe: { url: unsubscribe, comment: "Unsubscribe" } },
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }
  if (job.template === "follow-up-digest") {
    return { ...base, ...renderFollowUpDigest({ siteName: site.name, ...(job.formData as DigestData) }) };
  }
  if (job.template === "leads-assigned") {
    return { ...base, ...renderLeadsAssigned({ siteName: site.name, ...(job.formData as AssignedData) }) };
  }
  if (job.template === "account-verification") {
    const { text, html } = renderAccountVerification({ url: String(job.formData.url ?? ""), siteName: site.name });
    return { ...base, text, html };
  }
  // A staff notification: a link to the lead, and Reply-To the visitor (checked when the lead came in).
  const leadUrl = await leadPageUrl(db, job, sender.siteUrl ?? "");
  const visitor =
    typeof job.formData.email === "string" && isValidEmail(job.formData.email) ? job.formData.email : null;
  const alsoFromThem = visitor ? await earlierFromThem(db, job, visitor) : 0;
  const { text, html } = renderNotification({ formType: job.formType, formData: job.formData, leadUrl, alsoFromThem });
  return { ...base, ...(visitor ? { replyTo: visitor } : {}), text, html };
}

/**
 * A receiving server's final "no" to the address: a 5xx answer to RCPT TO (550 no such mailbox,
 * 551, 553…). Retrying for 72 hours cannot help, so the job fails at once and waits in the mail
 * view for a corrected address. A 5xx to anything else is retried until MAIL_GIVE_UP_HOURS: the
 * sender refused or a sending quota used up ("550 5.4.5 Daily user sending limit exceeded" to
 * MAIL FROM), content refused, a refused login: our relay's state or configuration, which passes
 * or gets fixed, and a staff notification must not be lost to it.
 */
function isPermanentRejection(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return false;
  return command === "RCPT TO";
}

/** How many other leads look like the same business as this notification's lead (0 if none or unknown). */
async function earlierFromThem(db: AppDatabase, job: OutboxRow, email: string): Promise<number> {
  const id = job.leadSubmissionId ?? job.leadId;
  if (!id) return 0;
  const business = typeof job.formData.businessName === "string" ? job.formData.businessName : null;
  return sameContactCount(db, { id, email, businessName: job.leadSubmissionId ? business : null });
}

/** The staff page of the lead a notification is about, or null (a job of no lead). */
async function leadPageUrl(db: AppDatabase, job: OutboxRow, siteUrl: string): Promise<string | null> {
  if (job.leadSubmissionId) return `${siteUrl}/admin/leads/bill/${job.leadSubmissionId}`;
  if (!job.leadId) return null;
  const [lead] = await db.select({ kind: leads.kind }).from(leads).where(eq(leads.id, job.leadId));
  return lead ? `${siteUrl}/admin/leads/${lead.kind}/${job.leadId}` : null;
}

/**
 * Claims the next due job: staff notifications first, then the oldest. `SKIP LOCKED` lets other
 * lanes and instances claim other rows meanwhile; the claim is the lease (next_attempt_at moved
 * on) and a new attempt number, which fences every later update of this job.
 */
async function claimNextJob(db: AppDatabase, now: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    // The literal matches the claim index's predicate (status = 'pending').
    .where(and(sql`${emailOutbox.status} = 'pending'`, lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.priority), asc(emailOutbox.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_SECONDS * 1000),
    })
    // `= (subquery)`: a scalar subquery runs once. Under `IN (…)` the planner may run it again
    // for each row it looks at, and with SKIP LOCKED every run finds another row: one claim
    // would take the whole queue.
    .where(sql`${emailOutbox.id} = (${due})`)
    .returning();
  return job;
}

export type DeliveryOptions = {
  /** A job still failing this long after it was queued is marked failed (it stays in the table). */
  giveUpAfterMs: number;
  /** A fixed clock (tests); by default each claim reads the time, so jobs queued meanwhile are seen. */
  now?: Date;
  /** Messages sent at once; default the sender's (MAIL_CONCURRENCY). */
  concurrency?: number;
  /** Ends the run after the messages in flight (shutdown). */
  signal?: AbortSignal;
  /** Delay before the first retry (doubling to 1 h); default MAIL_RETRY_SECONDS (15). */
  retrySeconds?: number;
};

const captureTransport = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** Sends (or captures) one claimed job and settles it, if the claim is still ours. */
async function deliverJob(
  db: AppDatabase,
  sender: MailSender,
  job: OutboxRow,
  options: DeliveryOptions,
  report: DeliveryReport,
): Promise<boolean> {
  // Only the claim that is still ours may settle the job: if the lease ran out and another
  // worker claimed it again, `attempts` has moved on and these updates change nothing.
  const ours = and(eq(emailOutbox.id, job.id), eq(emailOutbox.attempts, job.attempts));
  const about = { jobId: job.id, template: job.template, attempt: job.attempts };
  try {
    const message = {
      ...(await composeMessage(db, job, sender)),
      messageId: `<outbox-${job.id}@${messageDomain(sender.from)}>`,
    };
    if (sender.kind === "smtp") {
      await sender.transport.sendMail(message);
      await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(ours);
      report.sent++;
    } else {
      const raw = await captureTransport.sendMail(message);
      await fs.mkdir(sender.directory, { recursive: true });
      const file = path.join(sender.directory, `${job.createdAt.toISOString().replace(/[:.]/g, "-")}-${job.id}.eml`);
      await fs.writeFile(file, raw.message as Buffer);
      await db.update(emailOutbox).set({ status: "captured", sentAt: new Date(), lastError: null }).where(ours);
      log.info({ ...about, to: maskEmail(job.toAddress), file }, "Mail captured (no SMTP_URL)");
      report.captured++;
    }
    return true;
  } catch (error) {
    const now = options.now ?? new Date();
    const permanent = isPermanentRejection(error);
    const message = error instanceof Error ? error.message : String(error);
    const reason = permanent ? `Refused for good by the receiving server: ${message}` : message;
    const giveUp = permanent || now.getTime() - job.createdAt.getTime() >= options.giveUpAfterMs;
    const retryIn = backoffSeconds(job.attempts, options.retrySeconds ?? getConfig().MAIL_RETRY_SECONDS);
    // Staff may have discarded the message or given it a new address meanwhile: then this
    // failure is not the message's any more (a discarded one must not come back to the queue).
    const unchanged = and(ours, eq(emailOutbox.status, "pending"), eq(emailOutbox.toAddress, job.toAddress));
    await db
      .update(emailOutbox)
      .set({
        status: giveUp ? "failed" : "pending",
        lastError: reason.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryIn * 1000),
      })
      .where(unchanged);
    if (giveUp) {
      log.error({ ...about, reason: masked(reason) }, "Mail FAILED: given up, kept in the outbox as failed");
      reportError(error, { job: MAIL_OUTBOX_JOB });
      report.failed++;
    } else {
      log.warn({ ...about, reason: masked(reason), retryInSeconds: retryIn }, "Mail attempt failed, will retry");
      report.retried++;
    }
    return false;
  }
}

/**
 * Delivers every due job: `concurrency` lanes each claim a job, send it, settle it, and go on
 * until none is due (or the run is stopped, or sends keep failing: then the next poll resumes).
 */
export async function deliverDueEmails(
  db: AppDatabase,
  sender: MailSender,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, captured: 0, retried: 0, failed: 0 };
  const lanes = Math.max(1, options.concurrency ?? sender.concurrency ?? 1);
  let failuresInARow = 0;
  let stop = false;
  let firstError: unknown;

  const lane = async () => {
    while (!stop && !options.signal?.aborted) {
      const job = await claimNextJob(db, options.now ?? new Date());
      if (!job) return;
      if (await deliverJob(db, sender, job, options, report)) {
        failuresInARow = 0;
      } else if (++failuresInARow >= FAILURES_IN_A_ROW_TO_PAUSE) {
        log.warn({ failuresInARow }, "Outbox: sends keep failing; pausing until the next poll");
        stop = true;
      }
    }
  };
  await Promise.all(
    Array.from({ length: lanes }, () =>
      lane().catch((error: unknown) => {
        // A database error: stop the other lanes after their current message, then report it.
        stop = true;
        firstError ??= error;
      }),
    ),
  );
  if (firstError !== undefined) throw firstError;
  return report;
}

/** An SMTP error often quotes the recipient: the log gets the masked address (the outbox row keeps it). */
function masked(reason: string): string {
  return reason.replace(/[^\s<>"'@]+@[^\s<>"']+/g, (address) => maskEmail(address));
}

/** The address of MAIL_FROM ("Name <address>" or a bare address), to send under another name. */
function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

function messageDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/**
 * Polls the outbox in the background; `kick()` asks for a run soon (after a form is stored).
 * `run` receives a signal that is aborted by `stop()`: pass it to `deliverDueEmails`.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  /** When the pending timer fires (Date.now() clock). */
  private dueAt = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The last run failed because the database was unreachable (decision 0015). */
  private databaseDown = false;
  private abort = new AbortController();

  constructor(
    private readonly run: (signal: AbortSignal) => Promise<unknown>,
    private readonly intervalMs: number,
    /** The job's name in error reports ("Mail outbox", "Webhook delivery"). */
    private readonly job = "Outbox",
  ) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(0);
  }

  kick(): void {
    if (!this.stopped) this.schedule(50);
  }

  /**
   * A database outage is said (and reported) once (the pages and /readyz say it too), then
   * quietly retried every poll until it answers; any other failure is an error every time.
   */
  private report(error: unknown): void {
    if (isDatabaseUnavailable(error) && this.databaseDown) {
      return void log.debug(errorFields(error), "Outbox: database still unreachable");
    }
    reportError(error, { job: this.job });
    if (!isDatabaseUnavailable(error)) return void log.error(errorFields(error), "Outbox delivery error");
    this.databaseDown = true;
    log.error(errorFields(error), "Outbox paused: the database is unreachable; retrying every poll");
  }

  /**
   * Never postpones a run already due sooner: under a steady stream of leads each kick used to
   * push the next run back, and nothing was sent until the stream stopped (review N12).
   */
  private schedule(delay: number): void {
    const dueAt = Date.now() + delay;
    if (this.timer) {
      if (this.dueAt <= dueAt) return;
      clearTimeout(this.timer);
    }
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) {
      this.schedule(this.intervalMs);
      return;
    }
    this.running = this.run(this.abort.signal)
      .then(() => {
        if (this.databaseDown) log.info("Outbox: the database answers again; delivering");
        this.databaseDown = false;
      })
      .catch((error) => this.report(error))
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (!this.stopped) this.schedule(this.intervalMs);
  }

  /** Stops polling, ends the run after the messages in flight, and waits for it, at most `timeoutMs`. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}

let registered: OutboxWorker | undefined;

export function registerOutboxWorker(worker: OutboxWorker | undefined): void {
  registered = worker;
}

/** Ask the running worker (if any) to deliver soon: called after a lead is stored. */
export function kickOutbox(): void {
  registered?.kick();
}
