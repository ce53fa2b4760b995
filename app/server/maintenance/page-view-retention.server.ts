import { lt, sql } from "drizzle-orm";
import { addDays, type IsoDate, isoDateIn } from "~/lib/dates";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { pageViews } from "../db/schema";
import { deleteInBatches, runOnceAcrossInstances, startPurge } from "./scheduled.server";

/** Daily totals (`page_view_daily`) are kept for good, so the dashboard outlives the purge (decision 0010). */

export const PAGE_VIEW_RETENTION_LOCK_KEY = 7_202_612;

const HOUR_MS = 3_600_000;

/** Days are in `timeZone`, the dashboard's: with 90 days on 2026-11-23, rows from 2026-08-26 00:00 are kept. */
export async function purgeOldPageViews(
  db: AppDatabase,
  options: { retentionDays: number; today: IsoDate; timeZone?: string; batchSize?: number },
): Promise<{ deleted: number; before: Date }> {
  if (!Number.isInteger(options.retentionDays) || options.retentionDays < 1) {
    throw new Error(`retentionDays must be a whole number of at least 1 (got ${options.retentionDays})`);
  }
  const firstKept = addDays(options.today, -(options.retentionDays - 1));
  const [cutoff] = rowsOf<{ epoch: number | string }>(
    await db.execute(
      sql`select extract(epoch from (${firstKept}::date::timestamp at time zone ${options.timeZone ?? "UTC"}))::float8 as epoch`,
    ),
  );
  const before = new Date(Number(cutoff?.epoch) * 1000);
  if (Number.isNaN(before.getTime())) throw new Error("Could not work out the page-view retention cutoff");
  const deleted = await deleteInBatches(
    db,
    pageViews,
    pageViews.id,
    lt(pageViews.createdAt, before),
    options.batchSize,
  );
  return { deleted, before };
}

export type RetentionRun = { ran: false } | { ran: true; deleted: number };

export async function runPageViewRetention(
  db: AppDatabase,
  options: { retentionDays: number; today: IsoDate; timeZone: string },
): Promise<RetentionRun> {
  const run = await runOnceAcrossInstances(db, PAGE_VIEW_RETENTION_LOCK_KEY, (own) => purgeOldPageViews(own, options));
  return run.ran ? { ran: true, deleted: run.result.deleted } : { ran: false };
}

export function startPageViewRetention(options: {
  db: AppDatabase;
  retentionDays: number;
  timeZone: string;
  intervalMs?: number;
  today?: () => IsoDate;
}): () => Promise<void> {
  const today = options.today ?? (() => isoDateIn(options.timeZone));
  const { retentionDays, timeZone } = options;
  return startPurge({
    db: options.db,
    name: "Page-view retention",
    lockKey: PAGE_VIEW_RETENTION_LOCK_KEY,
    intervalMs: options.intervalMs ?? HOUR_MS,
    purge: async (own) => (await purgeOldPageViews(own, { retentionDays, today: today(), timeZone })).deleted,
    purged: "Old page views purged",
    retentionDays,
  });
}
