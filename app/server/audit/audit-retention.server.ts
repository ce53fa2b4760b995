import { lt } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { auditEvents } from "../db/schema";
import {
  DAY_MS,
  deleteInBatches,
  retentionCutoff,
  runOnceAcrossInstances,
  startPurge,
} from "../maintenance/scheduled.server";

/**
 * The audit log's retention (decision 0018): events older than AUDIT_RETENTION_DAYS are deleted,
 * the only DELETE the log sees. Apart from the recorder so the server entry starts it without
 * loading the staff guard and better-auth.
 */

/** pg_try_advisory_lock key: one purge at a time across instances (page views use 7_202_612). */
export const AUDIT_RETENTION_LOCK_KEY = 7_202_613;

/** Deletes the events older than `retentionDays` × 24 h before `now`; returns how many went. */
export async function purgeOldAuditEvents(
  db: AppDatabase,
  options: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<{ deleted: number; before: Date }> {
  const before = retentionCutoff(options.retentionDays, options.now);
  const deleted = await deleteInBatches(db, auditEvents, auditEvents.id, lt(auditEvents.at, before), options.batchSize);
  return { deleted, before };
}

/** One purge, run by one instance at a time (an advisory lock on PostgreSQL). */
export async function runAuditRetention(
  db: AppDatabase,
  options: { retentionDays: number; now?: Date },
): Promise<{ ran: false } | { ran: true; deleted: number }> {
  const run = await runOnceAcrossInstances(db, AUDIT_RETENTION_LOCK_KEY, (own) => purgeOldAuditEvents(own, options));
  return run.ran ? { ran: true, deleted: run.result.deleted } : { ran: false };
}

/** Purges at start and then every `intervalMs` (default daily); returns `stop` (waits for a run). */
export function startAuditRetention(options: {
  db: AppDatabase;
  retentionDays: number;
  intervalMs?: number;
  /** The current time (tests). */
  now?: () => Date;
}): () => Promise<void> {
  const { retentionDays } = options;
  return startPurge({
    db: options.db,
    name: "Audit-log retention",
    lockKey: AUDIT_RETENTION_LOCK_KEY,
    intervalMs: options.intervalMs ?? DAY_MS,
    purge: async (own) => (await purgeOldAuditEvents(own, { retentionDays, now: options.now?.() })).deleted,
    purged: "Old audit events purged",
    retentionDays,
  });
}
