import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { guide } from "~/content/guide";
import { site } from "~/content/site";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { guidePdf } from "../guide/guide-pdf.server";
import { renderAccountVerification, renderGuideDelivery, renderNotification } from "./render.server";

/**
 * Delivery of the transactional outbox. Jobs are claimed with a lease (so a crash mid-send
 * means a retry, never a loss), sent outside any transaction (PGlite has one connection: a long
 * transaction would block every form), then marked sent, or rescheduled with exponential backoff.
 */
export type MailSender =
  | { kind: "smtp"; transport: Transporter; from: string; siteUrl?: string }
  | { kind: "capture"; directory: string; from: string; siteUrl?: string };

export type DeliveryReport = { sent: number; captured: number; retried: number; failed: number };

const LEASE_SECONDS = 300;
/** Jobs sent per run at most; each is claimed on its own, just before it is sent. */
const PER_RUN = 20;

export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));
}

export function createMailSender(options: {
  smtpUrl?: string;
  from: string;
  captureDir: string;
  siteUrl?: string;
  /** Milliseconds to wait for a connection / the greeting (default 10 s each). */
  timeoutMs?: number;
}): MailSender {
  if (options.smtpUrl) {
    return {
      kind: "smtp",
      from: options.from,
      siteUrl: options.siteUrl,
      // Bounded waits: a hanging server fails the attempt (and is retried) well within the
      // claim's lease, so a slow send is never claimed and sent a second time meanwhile.
      transport: nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: options.timeoutMs ?? 10_000,
        greetingTimeout: options.timeoutMs ?? 10_000,
        socketTimeout: (options.timeoutMs ?? 10_000) * 6,
      }),
    };
  }
  return { kind: "capture", directory: options.captureDir, from: options.from, siteUrl: options.siteUrl };
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/** The message of one outbox job, by its template. */
async function composeMessage(job: OutboxRow, sender: MailSender) {
  const base = { from: sender.from, to: job.toAddress, subject: job.subject };
  if (job.template === "guide-delivery") {
    const { text, html } = renderGuideDelivery({
      name: String(job.formData.name ?? ""),
      guideTitle: guide.title,
      siteName: site.name,
      siteUrl: sender.siteUrl ?? "",
    });
    const pdf = Buffer.from(await guidePdf());
    return {
      ...base,
      text,
      html,
      attachments: [{ filename: guide.fileName, content: pdf, contentType: "application/pdf" }],
    };
  }
  if (job.template === "account-verification") {
    const { text, html } = renderAccountVerification({ url: String(job.formData.url ?? ""), siteName: site.name });
    return { ...base, text, html };
  }
  const { text, html } = renderNotification({ formType: job.formType, formData: job.formData });
  return { ...base, text, html };
}

async function claimNextJob(db: AppDatabase, now: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_SECONDS * 1000),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return job;
}

export type DeliveryOptions = {
  /** A job still failing this long after it was queued is marked failed (it stays in the table). */
  giveUpAfterMs: number;
  now?: Date;
  log?: (message: string) => void;
};

export async function deliverDueEmails(
  db: AppDatabase,
  sender: MailSender,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const log = options.log ?? ((message: string) => console.log(message));
  const report: DeliveryReport = { sent: 0, captured: 0, retried: 0, failed: 0 };

  for (let count = 0; count < PER_RUN; count++) {
    const job = await claimNextJob(db, now);
    if (!job) break;
    // Only the claim that is still ours may settle the job: if the lease ran out and another
    // worker claimed it again, `attempts` has moved on and these updates change nothing.
    const ours = and(eq(emailOutbox.id, job.id), eq(emailOutbox.attempts, job.attempts));
    try {
      const message = {
        ...(await composeMessage(job, sender)),
        messageId: `<outbox-${job.id}@${messageDomain(sender.from)}>`,
      };
      if (sender.kind === "smtp") {
        await sender.transport.sendMail(message);
        await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), lastError: null }).where(ours);
        report.sent++;
      } else {
        const raw = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
        await fs.mkdir(sender.directory, { recursive: true });
        const file = path.join(sender.directory, `${job.createdAt.toISOString().replace(/[:.]/g, "-")}-${job.id}.eml`);
        await fs.writeFile(file, raw.message as Buffer);
        await db.update(emailOutbox).set({ status: "captured", sentAt: new Date(), lastError: null }).where(ours);
        log(`Mail captured (no SMTP_URL): "${job.subject}" to ${job.toAddress} → ${file}`);
        report.captured++;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = now.getTime() - job.createdAt.getTime() >= options.giveUpAfterMs;
      const retryIn = backoffSeconds(job.attempts);
      await db
        .update(emailOutbox)
        .set({
          status: giveUp ? "failed" : "pending",
          lastError: reason.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + retryIn * 1000),
        })
        .where(ours);
      if (giveUp) {
        console.error(
          `Mail FAILED after ${job.attempts} attempts, kept in the outbox as failed (${job.id}): ${reason}`,
        );
        report.failed++;
      } else {
        console.warn(`Mail attempt ${job.attempts} failed, retrying in ${retryIn} s (${job.id}): ${reason}`);
        report.retried++;
      }
    }
  }
  return report;
}

function messageDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/** Polls the outbox in the background; `kick()` asks for a run soon (after a form is stored). */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  kick(): void {
    if (!this.stopped) this.schedule(50);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.running) {
      this.schedule(this.intervalMs);
      return;
    }
    this.running = this.run()
      .then(() => undefined)
      .catch((error) => console.error("Outbox delivery error:", error))
      .finally(() => {
        this.running = null;
      });
    await this.running;
    if (!this.stopped) this.schedule(this.intervalMs);
  }

  /** Stops polling and waits for a run in progress, at most `timeoutMs`. */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
  }
}

const KEY = Symbol.for("solar-advisory.outbox-worker");
type WithWorker = typeof globalThis & { [KEY]?: OutboxWorker };

export function registerOutboxWorker(worker: OutboxWorker | undefined): void {
  (globalThis as WithWorker)[KEY] = worker;
}

/** Ask the running worker (if any) to deliver soon: called after a lead is stored. */
export function kickOutbox(): void {
  (globalThis as WithWorker)[KEY]?.kick();
}
