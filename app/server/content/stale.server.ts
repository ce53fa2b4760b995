import { sql } from "drizzle-orm";
import {
  CONTENT_BLOCKS,
  type ContentKind,
  isContentBlockKey,
  REVIEW_AHEAD_DAYS,
  REVIEW_INTERVAL_DAYS,
  type StaleReason,
  solarDataTitle,
} from "~/lib/content-schemas";
import { addDays } from "~/lib/dates";
import { today as siteToday } from "../clock.server";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, siteContent, solarData, user } from "../db/schema";

export type StaleItem = {
  kind: Extract<ContentKind, "incentive" | "policy_update" | "industry" | "solar_data" | "site_content">;
  id: string;
  title: string;
  reasons: StaleReason[];
  expiresOn: string | null;
  lastReviewedAt: string | null;
  lastReviewedByName: string | null;
  dueOn: string | null;
  link: string | null;
  sourceCheckedAt: string | null;
  sourceCheckDetail: string | null;
};

type RawItem = Omit<StaleItem, "reasons" | "sourceCheckedAt"> & {
  ended: boolean | string;
  reviewDue: boolean | string;
  reviewSoon: boolean | string;
  sourceFailed: boolean | string;
  sourceCheckedAt: Date | string | null;
};

const truthy = (value: boolean | string) => value === true || value === "t" || value === "true";

/**
 * Ended, due or failed records first; then those due within REVIEW_AHEAD_DAYS, soonest first, so a batch
 * reviewed on one day is spread over the month before it falls due.
 */
export async function staleContent(db: AppDatabase, options: { today?: string; limit?: number } = {}) {
  const today = options.today ?? siteToday();
  const dueBefore = addDays(today, -REVIEW_INTERVAL_DAYS);
  const soonBefore = addDays(today, REVIEW_AHEAD_DAYS - REVIEW_INTERVAL_DAYS);
  const limit = Math.min(Math.max(options.limit ?? 200, 1), 1000);
  const review = sql`(t.last_reviewed_at is null or t.last_reviewed_at < ${dueBefore}::date) as "reviewDue",
      (t.last_reviewed_at >= ${dueBefore}::date and t.last_reviewed_at < ${soonBefore}::date) as "reviewSoon",
      (t.last_reviewed_at + ${REVIEW_INTERVAL_DAYS}::int)::text as "dueOn"`;
  const dated = (kind: string, table: typeof incentives | typeof policyUpdates) => sql`
    select ${kind} as "kind", t.id::text as "id", t.title as "title", t.expires_on::text as "expiresOn",
      t.last_reviewed_at::text as "lastReviewedAt", u.name as "lastReviewedByName", t.link as "link",
      t.source_checked_at as "sourceCheckedAt", t.source_check_detail as "sourceCheckDetail",
      (t.expires_on is not null and t.expires_on <= ${today}::date
        and (t.last_reviewed_at is null or t.last_reviewed_at < t.expires_on)) as "ended",
      ${review}, coalesce(t.source_check_status = 'failed', false) as "sourceFailed"
    from ${table} t left join ${user} u on u.id = t.last_reviewed_by
    where t.retired_at is null`;
  const result = await db.execute(sql`
    select * from (
      ${dated("incentive", incentives)}
      union all
      ${dated("policy_update", policyUpdates)}
      union all
      select 'industry', t.id::text, t.title, null::text, t.last_reviewed_at::text, u.name, null::text,
        null::timestamptz, null::text, false, ${review}, false
      from ${industries} t left join ${user} u on u.id = t.last_reviewed_by
      where t.retired_at is null
      union all
      select 'site_content', t.key, t.key, null::text, t.last_reviewed_at::text, u.name, null::text,
        null::timestamptz, null::text, false, ${review}, false
      from ${siteContent} t left join ${user} u on u.id = t.last_reviewed_by
      union all
      select 'solar_data', t.key, t.key, null::text, t.last_reviewed_at::text, u.name, t.link, t.source_checked_at,
        t.source_check_detail, false, ${review}, coalesce(t.source_check_status = 'failed', false)
      from ${solarData} t left join ${user} u on u.id = t.last_reviewed_by
    ) as s
    where s."ended" or s."reviewDue" or s."sourceFailed" or s."reviewSoon"
    order by (s."ended"::int + s."reviewDue"::int + s."sourceFailed"::int) desc, s."dueOn" nulls first,
      s."title", s."id"`);
  const raw = (result as unknown as { rows: RawItem[] }).rows;
  const items = raw.map(
    ({ ended, reviewDue, reviewSoon, sourceFailed, sourceCheckedAt, ...row }): StaleItem => ({
      ...row,
      title:
        row.kind === "solar_data"
          ? solarDataTitle(row.id)
          : row.kind === "site_content" && isContentBlockKey(row.id)
            ? CONTENT_BLOCKS[row.id].label
            : row.title,
      reasons: [
        ...(truthy(ended) ? (["ended"] as const) : []),
        ...(truthy(reviewDue) ? (["review_due"] as const) : []),
        ...(truthy(sourceFailed) ? (["source_failed"] as const) : []),
        // Coming due only matters for a record nothing else has put in the queue.
        ...(truthy(reviewSoon) && !truthy(ended) && !truthy(sourceFailed) ? (["review_soon"] as const) : []),
      ],
      sourceCheckedAt: sourceCheckedAt ? new Date(sourceCheckedAt).toISOString() : null,
    }),
  );
  const counts = { ended: 0, review_due: 0, source_failed: 0, review_soon: 0 };
  for (const item of items) for (const reason of item.reasons) counts[reason]++;
  return { items: items.slice(0, limit), total: items.length, counts, today };
}
