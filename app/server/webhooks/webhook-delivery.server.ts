import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, lte, notInArray, sql } from "drizzle-orm";
import type { WebhookEvent } from "~/lib/webhooks";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { webhookDeliveries, webhooks } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { leadHooksChanged } from "../leads/lead-hooks.server";
import { log } from "../log.server";
import { backoffSeconds } from "../mail/outbox.server";
import { webhookAttemptFailures } from "../metrics/registry.server";
import { postWebhook, RefusedAddressError } from "./webhook-post.server";

export const WEBHOOK_DELIVERY_JOB = "Webhook delivery";
/** Queued in the change's own transaction, posted by a worker like the mail outbox (decision 0029). */
export const WEBHOOK_MAX_ATTEMPTS = 10;
const LEASE_SECONDS = 60;
const TIMEOUT_MS = 5_000;
const WEBHOOK_LANES = 4;
export const WEBHOOK_PAUSE_AFTER = 10;

export type Delivery = typeof webhookDeliveries.$inferSelect;
export type WebhookReport = { delivered: number; retried: number; failed: number };

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** HMAC-SHA256 of "id.timestamp.body" with the secret's bytes. */
function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export async function queueWebhookEvent(
  tx: AppDatabase,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const payload = { type: event, timestamp: new Date().toISOString(), data };
  const result = await tx.execute(sql`insert into ${webhookDeliveries} (webhook_id, event, payload)
    select id, ${event}, ${JSON.stringify(payload)}::jsonb from ${webhooks}
    where active and events @> ${JSON.stringify([event])}::jsonb`);
  const { affectedRows, rowCount } = result as { affectedRows?: number; rowCount?: number | null };
  return affectedRows ?? rowCount ?? 0;
}

async function claim(
  db: AppDatabase,
  now: Date,
  id?: string,
  busy: readonly string[] = [],
): Promise<Delivery | undefined> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      id
        ? and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} = 'pending'`)
        : and(
            sql`${webhookDeliveries.status} = 'pending'`,
            lte(webhookDeliveries.nextAttemptAt, now),
            busy.length ? notInArray(webhookDeliveries.webhookId, [...busy]) : undefined,
            sql`exists (select 1 from ${webhooks} where ${webhooks.id} = ${webhookDeliveries.webhookId} and ${webhooks.active})`,
          ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_SECONDS * 1000),
    })
    .where(sql`${webhookDeliveries.id} = (${due})`)
    .returning();
  return job;
}

type PostOptions = { now?: Date; retrySeconds?: number; allowInternal?: boolean };

type Outcome = "delivered" | "retried" | "failed";

async function post(db: AppDatabase, job: Delivery, options: PostOptions): Promise<Outcome | null> {
  const [endpoint] = await db.select().from(webhooks).where(eq(webhooks.id, job.webhookId));
  const ours = and(eq(webhookDeliveries.id, job.id), eq(webhookDeliveries.attempts, job.attempts));
  if (!endpoint) return null;
  const body = JSON.stringify(job.payload);
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  let refused = false;
  let logged: string | null = null;
  try {
    // A redirect is an answer, not a delivery: lead data is never re-posted somewhere else.
    status = await postWebhook({
      url: endpoint.url,
      timeoutMs: TIMEOUT_MS,
      allowInternal: options.allowInternal ?? getConfig().WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
      headers: {
        "content-type": "application/json",
        "user-agent": "solar-advisor-webhooks/1",
        "webhook-id": job.id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": webhookSignature(endpoint.secret, job.id, timestamp, body),
      },
      body,
    });
    if (status >= 200 && status < 300) {
      await db
        .update(webhookDeliveries)
        .set({ status: "delivered", deliveredAt: new Date(), lastStatus: status, lastError: null })
        .where(ours);
      await db.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, endpoint.id));
      return "delivered";
    }
    error = `HTTP ${status}`;
  } catch (failure) {
    // An internal address stays internal: failed at once rather than retried for hours.
    refused = failure instanceof RefusedAddressError;
    logged = failure instanceof Error ? failure.message : String(failure);
    // Socket details stay in the log: on the page they would let an admin session map a network.
    const timedOut = failure instanceof Error && failure.name === "TimeoutError";
    error = refused ? logged : timedOut ? "No answer in time" : "Could not connect";
  }
  const giveUp = refused || job.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const now = options.now ?? new Date();
  const retryIn = backoffSeconds(job.attempts, options.retrySeconds ?? 30);
  await db
    .update(webhookDeliveries)
    .set({
      status: giveUp ? "failed" : "pending",
      lastStatus: status,
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + retryIn * 1000),
    })
    .where(ours);
  webhookAttemptFailures.inc({ outcome: giveUp ? "failed" : "retried" });
  await countFailure(db, endpoint);
  log.warn(
    { deliveryId: job.id, event: job.event, attempt: job.attempts, status, reason: logged ?? error },
    giveUp ? "Webhook FAILED: given up" : "Webhook refused or unanswered; will retry",
  );
  if (giveUp)
    reportError(new Error(`Webhook FAILED: given up (${error.slice(0, 200)})`), { job: WEBHOOK_DELIVERY_JOB });
  return giveUp ? "failed" : "retried";
}

async function countFailure(db: AppDatabase, endpoint: typeof webhooks.$inferSelect): Promise<void> {
  const [row] = await db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
    .where(eq(webhooks.id, endpoint.id))
    .returning({ failures: webhooks.consecutiveFailures, active: webhooks.active });
  if (!row?.active || row.failures < WEBHOOK_PAUSE_AFTER) return;
  await db
    .update(webhooks)
    .set({ active: false, pausedForFailuresAt: new Date() })
    .where(and(eq(webhooks.id, endpoint.id), eq(webhooks.active, true)));
  await leadHooksChanged();
  log.error({ webhookId: endpoint.id, failures: row.failures }, "Webhook paused: it failed too many times in a row");
  reportError(new Error(`Webhook paused after ${row.failures} failures in a row`), { job: WEBHOOK_DELIVERY_JOB });
}

type LaneOptions = PostOptions & {
  signal?: AbortSignal;
  lanes?: number;
  onOutcome?: (outcome: Outcome) => void;
  onError?: (error: unknown) => void;
};

/** Never two to one endpoint, so a receiver that never answers holds one lane for the timeout, not all. */
export class DeliveryLanes {
  private readonly busy = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private filling: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly options: LaneOptions = {},
  ) {}

  fill(): Promise<void> {
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    this.filling = this.claimWhileFree()
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.filling = null;
      });
    return this.filling;
  }

  private async claimWhileFree(): Promise<void> {
    const lanes = this.options.lanes ?? WEBHOOK_LANES;
    do {
      this.again = false;
      while (this.inFlight.size < lanes && !this.options.signal?.aborted) {
        const job = await claim(this.db, this.options.now ?? new Date(), undefined, [...this.busy]);
        if (!job) break;
        this.start(job);
      }
    } while (this.again && !this.options.signal?.aborted);
  }

  private start(job: Delivery): void {
    this.busy.add(job.webhookId);
    const running: Promise<void> = post(this.db, job, this.options)
      .then((outcome) => {
        if (outcome) this.options.onOutcome?.(outcome);
      })
      .catch((error) => this.options.onError?.(error))
      .finally(() => {
        this.busy.delete(job.webhookId);
        this.inFlight.delete(running);
        void this.fill();
      });
    this.inFlight.add(running);
  }

  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.filling) {
      await Promise.race(this.filling ? [...this.inFlight, this.filling] : [...this.inFlight]);
    }
  }
}

export async function deliverDueWebhooks(db: AppDatabase, options: LaneOptions = {}): Promise<WebhookReport> {
  const report: WebhookReport = { delivered: 0, retried: 0, failed: 0 };
  let failure: unknown;
  const lanes = new DeliveryLanes(db, {
    ...options,
    onOutcome: (outcome) => report[outcome]++,
    onError: (error) => {
      failure ??= error;
    },
  });
  await lanes.fill();
  await lanes.idle();
  if (failure !== undefined) throw failure;
  return report;
}

export async function deliverNow(db: AppDatabase, id: string, options: PostOptions = {}): Promise<Delivery | null> {
  const job = await claim(db, options.now ?? new Date(), id);
  if (job) await post(db, job, options);
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

let kick: (() => void) | undefined;

export function registerWebhookKick(next: (() => void) | undefined): void {
  kick = next;
}

export function kickWebhooks(): void {
  kick?.();
}
