import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  CONTENT_BLOCK_KEYS,
  CONTENT_BLOCKS,
  type ContentKind,
  type ContentListStatus,
  parseSolarDataKey,
  solarDataRule,
  solarDataTitle,
} from "~/lib/content-schemas";
import { incentiveStatus, policyStatus } from "~/lib/content-status";
import { withoutControlCharacters } from "~/lib/validation/common";
import { today as siteToday } from "../clock.server";
import type { AppDatabase } from "../db/client.server";
import { contentDrafts, incentives, industries, policyUpdates, siteContent, solarData } from "../db/schema";
import { containsPattern } from "../queries/search-steps.server";

export type ContentListRow = {
  id: string;
  kind: ContentKind;
  title: string;
  detail: string;
  type: string | null;
  state: string | null;
  slug: string | null;
  shownStatus: string | null;
  expiresOn: string | null;
  lastReviewedAt: string | null;
  sourceCheckStatus: "ok" | "failed" | null;
  retired: boolean;
  hasDraft: boolean;
  isNew: boolean;
  updatedAt: string | null;
};

export type ContentListQuery = {
  q?: string;
  status?: ContentListStatus | null;
  type?: string | null;
  state?: string | null;
  includeRetired?: boolean;
  page?: number;
  pageSize?: number;
  today?: string;
};

const CONTENT_PAGE_SIZE = 50;

type RawRow = Omit<ContentListRow, "kind" | "shownStatus" | "retired" | "hasDraft" | "isNew" | "updatedAt"> & {
  status: string | null;
  retired: boolean | string;
  hasDraft: boolean | string;
  isNew: boolean | string;
  updatedAt: Date | string | null;
};

const truthy = (value: boolean | string) => value === true || value === "t" || value === "true";

function unionOf(kind: Exclude<ContentKind, "site_content" | "solar_data">): SQL {
  const draftJoin = sql`left join ${contentDrafts} d on d.kind = ${kind} and d.record_id = t.id::text`;
  const newDrafts = (table: SQL) =>
    sql`from ${contentDrafts} d where d.kind = ${kind} and not exists (select 1 from ${table} x where x.id::text = d.record_id)`;
  if (kind === "incentive") {
    return sql`
      select t.id::text as "id", t.title as "title", t.type as "type", t.state as "state", t.slug as "slug",
        t.status as "status", t.expires_on::text as "expiresOn", t.last_reviewed_at::text as "lastReviewedAt",
        t.source_check_status as "sourceCheckStatus", (t.retired_at is not null) as "retired",
        (d.record_id is not null) as "hasDraft", false as "isNew", t.updated_at as "updatedAt",
        concat_ws(' ', t.title, t.description, t.slug, t.money_value) as "searchText",
        concat(case t.type when 'Federal' then '0' when 'State' then '1' else '2' end, coalesce(t.state, ''),
          lpad(t.priority::text, 8, '0')) as "sortKey"
      from ${incentives} t ${draftJoin}
      union all
      select d.record_id, coalesce(d.values->>'title', ''), d.values->>'type', d.values->>'state', null,
        d.values->>'status', d.values->>'expiresOn', null, null, false, true, true, d.updated_at,
        concat_ws(' ', d.values->>'title', d.values->>'description'), ''
      ${newDrafts(sql`${incentives}`)}`;
  }
  if (kind === "policy_update") {
    return sql`
      select t.id::text as "id", t.title as "title", t.level as "type", null::text as "state", t.slug as "slug",
        t.status as "status", t.expires_on::text as "expiresOn", t.last_reviewed_at::text as "lastReviewedAt",
        t.source_check_status as "sourceCheckStatus", (t.retired_at is not null) as "retired",
        (d.record_id is not null) as "hasDraft", false as "isNew", t.updated_at as "updatedAt",
        concat_ws(' ', t.title, t.summary, t.slug) as "searchText",
        lpad((date '2200-01-01' - t.date_published)::text, 8, '0') as "sortKey"
      from ${policyUpdates} t ${draftJoin}
      union all
      select d.record_id, coalesce(d.values->>'title', ''), d.values->>'level', null, null,
        d.values->>'status', d.values->>'expiresOn', null, null, false, true, true, d.updated_at,
        concat_ws(' ', d.values->>'title', d.values->>'summary'), ''
      ${newDrafts(sql`${policyUpdates}`)}`;
  }
  return sql`
    select t.id::text as "id", t.title as "title", null::text as "type", null::text as "state", t.slug as "slug",
      null::text as "status", null::text as "expiresOn", t.last_reviewed_at::text as "lastReviewedAt",
      null::text as "sourceCheckStatus", (t.retired_at is not null) as "retired",
      (d.record_id is not null) as "hasDraft", false as "isNew", t.updated_at as "updatedAt",
      concat_ws(' ', t.title, t.slug, t.subtitle, t.intro) as "searchText", t.title as "sortKey"
    from ${industries} t ${draftJoin}`;
}

function filtersOf(query: ContentListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  const q = withoutControlCharacters(query.q ?? "")
    .trim()
    .slice(0, 100);
  if (q) conditions.push(sql`u."searchText" ilike ${containsPattern(q)}`);
  if (query.type) conditions.push(sql`u."type" = ${query.type}`);
  if (query.state) conditions.push(sql`u."state" = ${query.state.toUpperCase()}`);
  if (query.status === "draft") conditions.push(sql`u."hasDraft"`);
  else if (query.status === "retired") conditions.push(sql`u."retired"`);
  else if (query.status === "live") conditions.push(sql`not u."retired" and not u."isNew"`);
  else if (!query.includeRetired) conditions.push(sql`not u."retired"`);
  return conditions.length ? and(...conditions) : undefined;
}

function shownStatusOf(kind: ContentKind, row: RawRow, today: string): string | null {
  if (kind === "incentive") return incentiveStatus(row, today);
  if (kind === "policy_update" && row.status) return policyStatus({ ...row, status: row.status }, today);
  return null;
}

function detailOf(kind: ContentKind, row: RawRow): string {
  if (kind === "incentive") return row.state ? `${row.type ?? ""} – ${row.state}` : (row.type ?? "");
  if (kind === "policy_update") return row.type ?? "";
  return row.slug ? `/${row.slug}` : "";
}

/** Searched, filtered and paged in SQL; unpublished records' drafts first, then the public pages' order. */
export async function listContent(
  db: AppDatabase,
  kind: ContentKind,
  query: ContentListQuery = {},
): Promise<{ rows: ContentListRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(Math.trunc(query.pageSize ?? CONTENT_PAGE_SIZE), 1), 200);
  const page = Math.min(Math.max(Math.trunc(query.page ?? 1), 1), 100_000);
  const today = query.today ?? siteToday();
  if (kind === "site_content") return listContentBlocks(db, query, page, pageSize);
  if (kind === "solar_data") return listSolarData(db, query, page, pageSize);
  const where = filtersOf(query);
  const base = sql`(${unionOf(kind)}) as u ${where ? sql`where ${where}` : sql``}`;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select * from ${base} order by u."isNew" desc, u."sortKey", u."title", u."id"
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    db.execute(sql`select count(*)::int as "n" from ${base}`),
  ]);
  const raw = (rows as unknown as { rows: RawRow[] }).rows;
  const total = Number((counted as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
  return {
    rows: raw.map((row) => ({
      id: row.id,
      kind,
      title: row.title,
      detail: detailOf(kind, row),
      type: row.type,
      state: row.state,
      slug: row.slug,
      shownStatus: shownStatusOf(kind, row, today),
      expiresOn: row.expiresOn,
      lastReviewedAt: row.lastReviewedAt,
      sourceCheckStatus: row.sourceCheckStatus,
      retired: truthy(row.retired),
      hasDraft: truthy(row.hasDraft),
      isNew: truthy(row.isNew),
      updatedAt: row.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    })),
    total,
    page,
    pageSize,
  };
}

async function listContentBlocks(db: AppDatabase, query: ContentListQuery, page: number, pageSize: number) {
  const [rows, drafts] = await Promise.all([
    db
      .select()
      .from(siteContent)
      .where(inArray(siteContent.key, [...CONTENT_BLOCK_KEYS])),
    db.select({ recordId: contentDrafts.recordId }).from(contentDrafts).where(eq(contentDrafts.kind, "site_content")),
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const drafted = new Set(drafts.map((draft) => draft.recordId));
  const q = withoutControlCharacters(query.q ?? "")
    .trim()
    .toLowerCase();
  const all = CONTENT_BLOCK_KEYS.map((key): ContentListRow => {
    const row = byKey.get(key);
    return {
      id: key,
      kind: "site_content",
      title: CONTENT_BLOCKS[key].label,
      detail: CONTENT_BLOCKS[key].shownOn,
      type: null,
      state: null,
      slug: null,
      shownStatus: null,
      expiresOn: null,
      lastReviewedAt: null,
      sourceCheckStatus: null,
      retired: false,
      hasDraft: drafted.has(key),
      isNew: !row,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }).filter((row) => {
    const text = [row.title, row.detail, row.id, byKey.get(row.id)?.title, byKey.get(row.id)?.content]
      .join(" ")
      .toLowerCase();
    if (q && !text.includes(q)) return false;
    if (query.status === "draft") return row.hasDraft;
    if (query.status === "retired") return false;
    return true;
  });
  return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}

function solarDataOrder(key: string): string {
  const parsed = parseSolarDataKey(key);
  if (!parsed || parsed.dataset === "parameter") return `0${key}`;
  if ("band" in parsed) return `1${key}`;
  return `2${key}`;
}

/** About a hundred rows: read whole, searched and paged here. */
async function listSolarData(db: AppDatabase, query: ContentListQuery, page: number, pageSize: number) {
  const [rows, drafts] = await Promise.all([
    db.select().from(solarData),
    db.select({ recordId: contentDrafts.recordId }).from(contentDrafts).where(eq(contentDrafts.kind, "solar_data")),
  ]);
  const drafted = new Set(drafts.map((draft) => draft.recordId));
  const q = withoutControlCharacters(query.q ?? "")
    .trim()
    .toLowerCase();
  const all = rows
    .map((row): ContentListRow & { searchText: string } => {
      const parsed = parseSolarDataKey(row.key);
      const title = solarDataTitle(row.key);
      const detail = `${row.value} ${solarDataRule(row.key).unit} · ${row.sourceYear}`;
      return {
        id: row.key,
        kind: "solar_data",
        title,
        detail,
        type: null,
        state: parsed && "state" in parsed ? parsed.state : null,
        slug: null,
        shownStatus: null,
        expiresOn: null,
        lastReviewedAt: row.lastReviewedAt,
        sourceCheckStatus: (row.sourceCheckStatus as "ok" | "failed" | null) ?? null,
        retired: false,
        hasDraft: drafted.has(row.key),
        isNew: false,
        updatedAt: row.updatedAt.toISOString(),
        searchText: [title, row.key, row.sourceTitle, row.note ?? ""].join(" ").toLowerCase(),
      };
    })
    .filter((row) => {
      if (q && !row.searchText.includes(q)) return false;
      if (query.state && row.state !== query.state.toUpperCase()) return false;
      if (query.status === "draft") return row.hasDraft;
      return query.status !== "retired";
    })
    .sort((a, b) => solarDataOrder(a.id).localeCompare(solarDataOrder(b.id)))
    .map(({ searchText: _searchText, ...row }) => row);
  return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page, pageSize };
}
