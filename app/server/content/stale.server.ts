import { sql } from "drizzle-orm";
import { type ContentKind, REVIEW_INTERVAL_DAYS, type StaleReason, solarDataTitle } from "~/lib/content-schemas";
import { addDays } from "~/lib/dates";
import { today as siteToday } from "../clock.server";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, solarData, user } from "../db/schema";

export type StaleItem = {
  kind: Extract<ContentKind, "incentive" | "policy_update" | "industry" | "solar_data">;
  id: string;
  title: string;
  reasons: StaleReason[];
  expiresOn: string | null;
  lastReviewedAt: string | null;
  lastReviewedByName: string | null;
  sourceCheckedAt: string | null;
  sourceCheckDetail: string | null;
};

type RawItem = Omit<StaleItem, "reasons" | "sourceCheckedAt"> & {
  ended: boolean | string;
  reviewDue: boolean | string;
  sourceFailed: boolean | string;
  sourceCheckedAt: Date | string | null;
};

const truthy = (value: boolean | string) => value === true || value === "t" || value === "true";

/**
 * The staff dashboard's stale-content queue: published records (not retired) and calculator figures that have ended,
 * are due for review, or whose source link failed, each with its reasons; most reasons first,
 * then the longest unreviewed. `counts` are per reason over the whole queue.
 */
export async function staleContent(db: AppDatabase, options: { today?: string; limit?: number } = {}) {
  const today = options.today ?? siteToday();
  const dueBefore = addDays(today, -REVIEW_INTERVAL_DAYS);
  const limit = Math.min(Math.max(options.limit ?? 200, 1), 1000);
  const dated = (kind: string, table: typeof incentives | typeof policyUpdates) => sql`
    select ${kind} as "kind", t.id::text as "id", t.title as "title", t.expires_on::text as "expiresOn",
      t.last_reviewed_at::text as "lastReviewedAt", u.name as "lastReviewedByName",
      t.source_checked_at as "sourceCheckedAt", t.source_check_detail as "sourceCheckDetail",
      (t.expires_on is not null and t.expires_on <= ${today}::date
        and (t.last_reviewed_at is null or t.last_reviewed_at < t.expires_on)) as "ended",
      (t.last_reviewed_at is null or t.last_reviewed_at < ${dueBefore}::date) as "reviewDue",
      coalesce(t.source_check_status = 'failed', false) as "sourceFailed"
    from ${table} t left join ${user} u on u.id = t.last_reviewed_by
    where t.retired_at is null`;
  const result = await db.execute(sql`
    select * from (
      ${dated("incentive", incentives)}
      union all
      ${dated("policy_update", policyUpdates)}
      union all
      select 'industry', t.id::text, t.title, null::text, t.last_reviewed_at::text, u.name, null::timestamptz,
        null::text, false, (t.last_reviewed_at is null or t.last_reviewed_at < ${dueBefore}::date), false
      from ${industries} t left join ${user} u on u.id = t.last_reviewed_by
      where t.retired_at is null
      union all
      select 'solar_data', t.key, t.key, null::text, t.last_reviewed_at::text, u.name, t.source_checked_at,
        t.source_check_detail, false, (t.last_reviewed_at is null or t.last_reviewed_at < ${dueBefore}::date),
        coalesce(t.source_check_status = 'failed', false)
      from ${solarData} t left join ${user} u on u.id = t.last_reviewed_by
    ) as s
    where s."ended" or s."reviewDue" or s."sourceFailed"
    order by (s."ended"::int + s."reviewDue"::int + s."sourceFailed"::int) desc, s."lastReviewedAt" nulls first,
      s."title", s."id"`);
  const raw = (result as unknown as { rows: RawItem[] }).rows;
  const items = raw.map(
    ({ ended, reviewDue, sourceFailed, sourceCheckedAt, ...row }): StaleItem => ({
      ...row,
      // A figure's name is its key's (titles are not stored for figures).
      title: row.kind === "solar_data" ? solarDataTitle(row.id) : row.title,
      reasons: [
        ...(truthy(ended) ? (["ended"] as const) : []),
        ...(truthy(reviewDue) ? (["review_due"] as const) : []),
        ...(truthy(sourceFailed) ? (["source_failed"] as const) : []),
      ],
      sourceCheckedAt: sourceCheckedAt ? new Date(sourceCheckedAt).toISOString() : null,
    }),
  );
  const counts = { ended: 0, review_due: 0, source_failed: 0 };
  for (const item of items) for (const reason of item.reasons) counts[reason]++;
  return { items: items.slice(0, limit), total: items.length, counts, today };
}
