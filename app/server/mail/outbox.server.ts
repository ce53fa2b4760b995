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

/** Claimed with a lease, so a crash means a retry, never a loss (decisions 0006 and 0010). */

export type DeliveryReport = { sent: number; captured: number; retried: number; failed: number };

export const MAIL_OUTBOX_JOB = "Mail outbox";

const LEASE_SECONDS = 300;
/** So a backlog is not cycled through at full speed while the mail server is down. */
const FAILURES_IN_A_ROW_TO_PAUSE = 10;

export function backoffSeconds(attempts: number, firstSeconds = 15): number {
  return Math.min(3600, firstSeconds * 2 ** Math.max(0, attempts - 1));
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Only a 5xx to RCPT TO is the address refused for good. A 5xx to anything else (sender refused, quota, login)
 * is our relay's state, retried until MAIL_GIVE_UP_HOURS so no staff notification is lost to it.
 */
function isPermanentRejection(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode !== "number" || responseCode < 500 || responseCode > 599) return false;
  return command === "RCPT TO";
}
async function claimNextJob(db: AppDatabase, now: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    // The literal matches the claim index's predicate.
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
    // `= (subquery)` runs once; under `IN (…)` the planner may rerun it per row, and with SKIP LOCKED
    // each run finds another row: one claim would take the whole queue.
    .where(sql`${emailOutbox.id} = (${due})`)
    .returning();
  return job;
}

export type DeliveryOptions = {
  giveUpAfterMs: number;
  now?: Date;
  concurrency?: number;
  signal?: AbortSignal;
  retrySeconds?: number;
};

const captureTransport = nodemailer.createTransport({ streamTransport: true, buffer: true });

async function deliverJob(
  db: AppDatabase,
  sender: MailSender,
  job: OutboxRow,
  options: DeliveryOptions,
  report: DeliveryReport,
): Promise<boolean> {
  // If the lease ran out and another worker claimed the job, `attempts` moved on and these updates change nothing.
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
    // Staff may have discarded or readdressed it meanwhile: a discarded message must not come back.
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
        stop = true;
        firstError ??= error;
      }),
    ),
  );
  if (firstError !== undefined) throw firstError;
  return report;
}

function masked(reason: string): string {
  return reason.replace(/[^\s<>"'@]+@[^\s<>"']+/g, (address) => maskEmail(address));
}

function messageDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}
