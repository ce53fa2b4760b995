import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { log, maskEmail } from "../log.server";
import { composeMessage, type MailSender } from "./outbox-message.server";

/**
 * Delivery of the transactional outbox. Jobs are claimed with a lease (so a crash mid-send
 * means a retry, never a loss), sent outside any transaction (PGlite has one connection: a long
 * transaction would block every form), then marked sent, or rescheduled with exponential backoff.
 *
 * A run goes on while jobs are due (a backlog drains in one run), claims staff notifications
 * before anything sent to a visitor (`priority`, derived from the template by the database), and
 * sends up to `concurrency` messages at once, each lane claiming its next job just before
 * sending it. Decisions 0006 and 0010. The sender and each job's message are in
 * outbox-message.server.ts, the polling worker in outbox-worker.server.ts.
 */

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

type OutboxRow = typeof emailOutbox.$inferSelect;

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

function messageDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}
