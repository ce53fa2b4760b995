import { and, count, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "../audit/audit-log.server";
import type { AppConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads } from "../db/schema";
import { DAY_MS, retentionCutoff, runOnceAcrossInstances, startPurge } from "../maintenance/scheduled.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { type ErasureCounts, eraseLeads } from "./lead-erasure.server";

/**
 * Age counts from a lead's last activity (a spam lead's from when it was marked). Qualified leads are never
 * purged: someone is working them (decision 0036).
 */
export type RetentionSettings = { closedDays?: number; spamDays?: number; unconvertedDays?: number };

const LEAD_RETENTION_LOCK_KEY = 7_202_616;
const BATCH = 500;

export const retentionFromConfig = (
  config: Pick<AppConfig, "RETAIN_CLOSED_LEADS_DAYS" | "RETAIN_SPAM_LEADS_DAYS" | "RETAIN_UNCONVERTED_LEADS_DAYS">,
): RetentionSettings => ({
  closedDays: config.RETAIN_CLOSED_LEADS_DAYS,
  spamDays: config.RETAIN_SPAM_LEADS_DAYS,
  unconvertedDays: config.RETAIN_UNCONVERTED_LEADS_DAYS,
});

export const retentionIsOn = (settings: RetentionSettings): boolean =>
  Boolean(settings.closedDays || settings.spamDays || settings.unconvertedDays);

type LeadTable = typeof leads | typeof leadSubmissions;

function expiredWhere(table: LeadTable, created: AnyPgColumn, settings: RetentionSettings, now: Date): SQL {
  const lastActivity = sql`greatest(${created},
    (select max(e.at) from lead_events e where e.lead_id = ${table.id}),
    (select max(n.created_at) from lead_notes n where n.lead_id = ${table.id}),
    (select max(o.created_at) from email_outbox o where o.lead_id = ${table.id} or o.lead_submission_id = ${table.id}))`;
  // A merged lead follows the lead it is part of; one with a next step ahead is being worked, however quiet.
  const idle = (days: number) =>
    and(
      isNull(table.mergedIntoId),
      or(isNull(table.nextStepOn), lt(table.nextStepOn, now.toISOString().slice(0, 10))),
      sql`${lastActivity} < ${retentionCutoff(days, now)}`,
    ) as SQL;
  const rules: SQL[] = [];
  if (settings.spamDays)
    rules.push(
      and(
        isNull(table.mergedIntoId),
        isNotNull(table.spamAt),
        lt(table.spamAt, retentionCutoff(settings.spamDays, now)),
      ) as SQL,
    );
  if (settings.closedDays)
    rules.push(and(isNull(table.spamAt), inArray(table.status, ["won", "lost"]), idle(settings.closedDays)) as SQL);
  if (settings.unconvertedDays)
    rules.push(
      and(isNull(table.spamAt), inArray(table.status, ["new", "contacted"]), idle(settings.unconvertedDays)) as SQL,
    );
  return rules.length ? sql`(${sql.join(rules, sql` or `)})` : sql`false`;
}

const leadsExpired = (settings: RetentionSettings, now: Date) => expiredWhere(leads, leads.createdAt, settings, now);
const billsExpired = (settings: RetentionSettings, now: Date) =>
  expiredWhere(leadSubmissions, leadSubmissions.submittedAt, settings, now);

export async function previewLeadRetention(db: AppDatabase, settings: RetentionSettings, now = new Date()) {
  const [[other], [bills]] = await Promise.all([
    db.select({ n: count() }).from(leads).where(leadsExpired(settings, now)),
    db
      .select({ n: count(), files: count(leadSubmissions.fileUrl) })
      .from(leadSubmissions)
      .where(billsExpired(settings, now)),
  ]);
  return { leads: Number(other?.n ?? 0) + Number(bills?.n ?? 0), billFiles: Number(bills?.files ?? 0) };
}

const addCounts = (a: ErasureCounts, b: ErasureCounts): ErasureCounts =>
  Object.fromEntries(Object.entries(a).map(([key, n]) => [key, n + b[key as keyof ErasureCounts]])) as ErasureCounts;

export async function purgeExpiredLeads(
  db: AppDatabase,
  storage: BillStorage,
  settings: RetentionSettings,
  now = new Date(),
): Promise<ErasureCounts | null> {
  if (!retentionIsOn(settings)) return null;
  let total: ErasureCounts | null = null;
  for (;;) {
    const [other, bills] = await Promise.all([
      db.select({ id: leads.id }).from(leads).where(leadsExpired(settings, now)).limit(BATCH),
      db.select({ id: leadSubmissions.id }).from(leadSubmissions).where(billsExpired(settings, now)).limit(BATCH),
    ]);
    const leadIds = [...other, ...bills].map((row) => row.id);
    if (leadIds.length === 0) break;
    const counts = await eraseLeads(db, storage, { leadIds, reason: "retention" });
    total = total ? addCounts(total, counts) : counts;
  }
  if (total) await recordAudit({ action: "retention.purged", details: { ...total, ...settings } }, db);
  return total;
}

export async function runLeadRetention(db: AppDatabase, storage: BillStorage, settings: RetentionSettings, now?: Date) {
  return runOnceAcrossInstances(db, LEAD_RETENTION_LOCK_KEY, (own) => purgeExpiredLeads(own, storage, settings, now));
}

export function startLeadRetention(options: {
  db: AppDatabase;
  storage: BillStorage;
  settings: RetentionSettings;
}): () => Promise<void> {
  const { storage, settings } = options;
  if (!retentionIsOn(settings)) return async () => {};
  return startPurge({
    db: options.db,
    name: "Lead retention",
    lockKey: LEAD_RETENTION_LOCK_KEY,
    intervalMs: DAY_MS,
    purge: async (own) => {
      const counts = await purgeExpiredLeads(own, storage, settings);
      return (counts?.leads ?? 0) + (counts?.submissions ?? 0);
    },
    purged: "Leads past their retention deleted",
    retentionDays: Math.min(
      ...[settings.closedDays, settings.spamDays, settings.unconvertedDays].filter((d) => d !== undefined),
    ),
  });
}
