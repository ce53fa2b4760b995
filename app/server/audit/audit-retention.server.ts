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

/** The log's only DELETE (decision 0018); apart from the recorder so start-up need not load better-auth. */

export const AUDIT_RETENTION_LOCK_KEY = 7_202_613;

export async function purgeOldAuditEvents(
  db: AppDatabase,
  options: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<{ deleted: number; before: Date }> {
  const before = retentionCutoff(options.retentionDays, options.now);
  const deleted = await deleteInBatches(db, auditEvents, auditEvents.id, lt(auditEvents.at, before), options.batchSize);
  return { deleted, before };
}

export async function runAuditRetention(
  db: AppDatabase,
  options: { retentionDays: number; now?: Date },
): Promise<{ ran: false } | { ran: true; deleted: number }> {
  const run = await runOnceAcrossInstances(db, AUDIT_RETENTION_LOCK_KEY, (own) => purgeOldAuditEvents(own, options));
  return run.ran ? { ran: true, deleted: run.result.deleted } : { ran: false };
}

export function startAuditRetention(options: {
  db: AppDatabase;
  retentionDays: number;
  intervalMs?: number;
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
