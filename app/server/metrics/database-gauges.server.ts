import { sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { emailOutbox, webhookDeliveries } from "../db/schema";
import { addScrapeGauge } from "./registry.server";

/** The outbox keeps every failure for good (200,000 is a real case): only the last day's are counted. */
export type DatabaseFigures = {
  outboxPending: number;
  /** A failed row's next_attempt_at is its give-up time plus at most an hour, so this stays an index range. */
  outboxFailedLastDay: number;
  outboxOldestPendingSeconds: number | null;
  webhooksRetrying: number;
};

// Each predicate is written as its index's (db/schema/), or the planner cannot use a partial one.
export const databaseFiguresQuery = sql`select
    (select count(*) from ${emailOutbox} where status = 'pending')::int as "outboxPending",
    (select count(*) from ${emailOutbox} where status = 'failed' and next_attempt_at > now() - interval '1 day')::int
      as "outboxFailedLastDay",
    (select extract(epoch from now() - min(created_at)) from ${emailOutbox} where status = 'pending')::float8
      as "outboxOldestPendingSeconds",
    (select count(*) from ${webhookDeliveries} where status = 'pending' and last_error is not null)::int
      as "webhooksRetrying"`;

export async function readDatabaseFigures(db: AppDatabase): Promise<DatabaseFigures> {
  const [row] = rowsOf<Record<keyof DatabaseFigures, number | string | null>>(await db.execute(databaseFiguresQuery));
  const number = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    outboxPending: number(row?.outboxPending) ?? 0,
    outboxFailedLastDay: number(row?.outboxFailedLastDay) ?? 0,
    outboxOldestPendingSeconds: number(row?.outboxOldestPendingSeconds),
    webhooksRetrying: number(row?.webhooksRetrying) ?? 0,
  };
}

let source: (() => Promise<DatabaseHandle>) | undefined;
let latest: { at: number; figures: Promise<DatabaseFigures> } | undefined;

export function setMetricsDatabase(getHandle: (() => Promise<DatabaseHandle>) | undefined): void {
  source = getHandle;
  latest = undefined;
}

/** One read per scrape, whichever gauge asks first (prom-client collects them all at once). */
function figures(): Promise<DatabaseFigures> | null {
  const from = source;
  if (!from) return null;
  if (!latest || Date.now() - latest.at > 1_000) {
    latest = { at: Date.now(), figures: from().then((handle) => readDatabaseFigures(handle.db)) };
  }
  return latest.figures;
}

async function pool() {
  return source ? (await source()).pool : undefined;
}

const figure = (pick: (read: DatabaseFigures) => number | null) => async () => {
  const read = figures();
  return read ? pick(await read) : null;
};

addScrapeGauge(
  "solar_outbox_pending",
  "E-mails waiting to be sent (all instances)",
  figure((f) => f.outboxPending),
);
addScrapeGauge(
  "solar_outbox_failed_last_day",
  "E-mails given up on in about the last day (all instances; the admin mail view lists every one)",
  figure((f) => f.outboxFailedLastDay),
);
addScrapeGauge(
  "solar_outbox_oldest_pending_age_seconds",
  "Seconds the oldest waiting e-mail has waited (no sample: none waits)",
  figure((f) => f.outboxOldestPendingSeconds),
);
addScrapeGauge(
  "solar_webhook_deliveries_retrying",
  "Webhook deliveries whose last post failed and that will be retried (all instances)",
  figure((f) => f.webhooksRetrying),
);
addScrapeGauge(
  "solar_db_pool_total",
  "PostgreSQL connections open in this process's pool",
  async () => (await pool())?.totalCount ?? null,
);
addScrapeGauge(
  "solar_db_pool_idle",
  "PostgreSQL connections idle in this process's pool",
  async () => (await pool())?.idleCount ?? null,
);
addScrapeGauge(
  "solar_db_pool_waiting",
  "Queries waiting for a PostgreSQL connection in this process's pool",
  async () => (await pool())?.waitingCount ?? null,
);
