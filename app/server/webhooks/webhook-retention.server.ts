import { and, lt, ne } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { webhookDeliveries } from "../db/schema";
import { DAY_MS, deleteInBatches, retentionCutoff, startPurge } from "../maintenance/scheduled.server";

/** Settled deliveries go after WEBHOOK_DELIVERY_RETENTION_DAYS; one still waiting to be retried never does (0029). */

const WEBHOOK_RETENTION_LOCK_KEY = 7_202_614;

export async function purgeOldWebhookDeliveries(
  db: AppDatabase,
  options: { retentionDays: number; now?: Date; batchSize?: number },
): Promise<{ deleted: number; before: Date }> {
  const before = retentionCutoff(options.retentionDays, options.now);
  const settled = and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, "pending"));
  const deleted = await deleteInBatches(db, webhookDeliveries, webhookDeliveries.id, settled, options.batchSize);
  return { deleted, before };
}

export function startWebhookRetention(options: {
  db: AppDatabase;
  retentionDays: number;
  intervalMs?: number;
}): () => Promise<void> {
  const { retentionDays } = options;
  return startPurge({
    db: options.db,
    name: "Webhook delivery retention",
    lockKey: WEBHOOK_RETENTION_LOCK_KEY,
    intervalMs: options.intervalMs ?? DAY_MS,
    purge: async (own) => (await purgeOldWebhookDeliveries(own, { retentionDays })).deleted,
    purged: "Old webhook deliveries purged",
    retentionDays,
  });
}
