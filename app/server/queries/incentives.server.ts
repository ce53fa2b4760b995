import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { IncentiveType, PolicyLevelFilter, PolicyStatus } from "~/lib/incentive-filters";
import { withoutControlCharacters } from "~/lib/validation/common";
import { type PreviewOption, withPreview } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type Incentive, incentives, type PolicyUpdate, policyUpdates } from "../db/schema";

/**
 * Public reads. A retired record (content editor) is left out of every one of them. Each takes
 * an optional `{ preview }` (app/server/content/preview.server.ts `previewOverlay`): the result is
 * then what it will be once that draft is published (staff preview only; never cache it).
 *
 * Searches (issue 12): PostgreSQL full-text search over the generated `search_vector` columns of
 * migration 0009 (GIN-indexed; see the note in schema.ts), ranked with `ts_rank_cd`, with two
 * fallbacks tried only when the step before found nothing — see `searchSteps`.
 */

export type { IncentiveType };

export type IncentiveQuery = {
  type?: IncentiveType;
  /** `null` means "no state" (federal rows); a code matches that state, upper-cased. */
  state?: string | null;
  /**
   * Words to find (full-text, English stemming, `websearch_to_tsquery` syntax: "quoted phrase",
   * -excluded, or), else a prefix of the last word, else a case-insensitive substring of the
   * title or the description. Results are ranked by relevance, then priority.
   */
  search?: string;
  limit?: number;
};

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ in it are not wildcards). */
export function containsPattern(text: string): string {
  // A NUL cannot even be sent to PostgreSQL (it failed the whole page): control characters go.
  return `%${withoutControlCharacters(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/** The generated tsvector columns (migration 0009); not Drizzle columns, see schema.ts. */
const incentiveVector = sql`"incentives"."search_vector"`;
const policyVector = sql`"policy_updates"."search_vector"`;

/** One way of matching a search: a condition, and the relevance to order by (null: none). */
type SearchStep = { match: SQL; rank: SQL | null };

/**
 * The ways a search is matched, in order; a list uses the first that finds anything:
 * 1. Full text: `websearch_to_tsquery('english', …)` against the vector (stemmed, so "rebates"
 *    finds "rebate"; "Texas" finds every Texas program through the state name), ranked by
 *    `ts_rank_cd`. A query of English stop words alone ("IN", "or") is read with the 'simple'
 *    configuration instead, which still finds a state code.
 * 2. A prefix of the last word, for a visitor still typing ("sol", "net met"): the words before it
 *    as in 1, the last as a 'simple' prefix (`quote_literal(word) || ':*'`, never parsed as
 *    tsquery syntax). Skipped for a last word of one character.
 * 3. The spec's case-insensitive substring of the title or description (punctuation such as
 *    "100%", parts of words the parser splits); trigram indexes serve it.
 * Each step is one indexed query; steps 2 and 3 run only for searches the previous ones missed.
 */
function searchSteps(vector: SQL, title: PgColumn, text: PgColumn, search: string): SearchStep[] {
  const steps: SearchStep[] = [];
  const english = sql`websearch_to_tsquery('english', ${search})`;
  const full = sql`(case when numnode(${english}) > 0 then ${english} else websearch_to_tsquery('simple', ${search}) end)`;
  steps.push({ match: sql`${vector} @@ ${full}`, rank: sql`ts_rank_cd(${vector}, ${full})` });
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = words.at(-1);
  if (last && last.length > 1) {
    const head = sql`websearch_to_tsquery('english', ${words.slice(0, -1).join(" ")})`;
    const prefix = sql`(${head} && to_tsquery('simple', quote_literal(${last}) || ':*'))`;
    steps.push({ match: sql`${vector} @@ ${prefix}`, rank: sql`ts_rank_cd(${vector}, ${prefix})` });
  }
  const pattern = containsPattern(search);
  const substring = or(ilike(title, pattern), ilike(text, pattern));
  if (substring) steps.push({ match: substring, rank: null });
  return steps;
}

function incentiveFilters(query: IncentiveQuery): SQL[] {
  const conditions: SQL[] = [isNull(incentives.retiredAt)];
  if (query.type) conditions.push(eq(incentives.type, query.type));
  if (query.state === null) conditions.push(isNull(incentives.state));
  else if (query.state !== undefined) conditions.push(eq(incentives.state, query.state.toUpperCase()));
  return conditions;
}

function incentiveSteps(search: string | undefined): SearchStep[] {
  const text = search?.trim();
  if (!text) return [{ match: sql`true`, rank: null }];
  return searchSteps(incentiveVector, incentives.title, incentives.description, text);
}

/** Spec section 7 "Read incentives": optional type, state and search; priority ascending. */
export function readIncentives(
  db: AppDatabase,
  query: IncentiveQuery = {},
  options: PreviewOption = {},
): Promise<Incentive[]> {
  return withPreview(db, options.preview, ["incentive"], (scoped) => selectIncentives(scoped, query));
}

async function selectIncentives(db: AppDatabase, query: IncentiveQuery): Promise<Incentive[]> {
  const steps = incentiveSteps(query.search);
  for (const [index, step] of steps.entries()) {
    const base = db
      .select()
      .from(incentives)
      .where(and(...incentiveFilters(query), step.match))
      .orderBy(...(step.rank ? [desc(step.rank)] : []), asc(incentives.priority), asc(incentives.title));
    const rows = await (query.limit !== undefined ? base.limit(query.limit) : base);
    if (rows.length || index === steps.length - 1) return rows;
  }
  return [];
}

/** One page of a list, the number of matching records, and the page actually shown. */
export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number };

export type PageRequest = {
  /** 1-based; a page past the end gives the last page. */
  page?: number;
  pageSize: number;
  /**
   * A record to show (a staff preview): when it is in the list, the page holding it is given
   * instead of `page`.
   */
  focusId?: string | null;
};

/** A sort key of a list: an expression over the table's row, and its direction. */
type SortKey = { value: SQL; descending?: boolean };

/**
 * A page of the rows of `table` meeting `filters` and `match`, in the order of `keys` (each key
 * computed once per matching row), with the number of matching rows. The order and the count are
 * worked out over narrow rows (id and keys); only the page's rows are read whole (a count over
 * whole rows made PGlite spill thousands of descriptions to disk).
 */
async function pageOf<T>(
  db: AppDatabase,
  table: typeof incentives | typeof policyUpdates,
  { match, filters, keys }: { match: SQL; filters: SQL[]; keys: SortKey[] },
  request: PageRequest,
): Promise<{ rows: T[]; total: number; page: number }> {
  const keyNames = keys.map((_, index) => `k${index}`);
  const matched = db
    .select({
      id: table.id,
      ...Object.fromEntries(
        keys.map((key, index) => [keyNames[index], sql`${key.value}`.as(keyNames[index] as string)]),
      ),
    })
    .from(table)
    .where(and(...filters, match))
    .as("matched");
  const fields = matched as unknown as Record<string, SQL.Aliased>;
  const orderOf = (source: Record<string, SQL.Aliased>) => [
    ...keys.map((key, index) => {
      const field = source[keyNames[index] as string] as SQL.Aliased;
      return key.descending ? desc(field) : asc(field);
    }),
    asc(source.id as SQL.Aliased),
  ];
  let page = Math.max(1, Math.floor(request.page ?? 1));
  if (request.focusId) {
    const ranked = db
      .select({
        id: matched.id,
        position: sql<number>`row_number() over (order by ${sql.join(orderOf(fields), sql`, `)})`.as("position"),
      })
      .from(matched)
      .as("ranked");
    const [found] = await db.select({ position: ranked.position }).from(ranked).where(eq(ranked.id, request.focusId));
    if (found) page = Math.ceil(Number(found.position) / request.pageSize);
  }
  const read = async (pageNumber: number) => {
    const chosen = db
      .select({
        id: matched.id,
        ...Object.fromEntries(keyNames.map((name) => [name, fields[name] as SQL.Aliased])),
        total: sql<number>`count(*) over ()`.as("total"),
      })
      .from(matched)
      .orderBy(...orderOf(fields))
      .limit(request.pageSize)
      .offset((pageNumber - 1) * request.pageSize)
      .as("chosen");
    const rows = await db
      .select({ row: getTableColumns(table), total: chosen.total })
      .from(table)
      .innerJoin(chosen, eq(table.id, chosen.id))
      .orderBy(...orderOf(chosen as unknown as Record<string, SQL.Aliased>));
    return { rows: rows.map((item) => item.row as T), total: Number(rows[0]?.total ?? 0) };
  };
  const first = await read(page);
  if (first.rows.length || page === 1) return { ...first, page };
  // Past the end (or nothing matches): the last page, if there is one.
  const [counted] = await db.select({ n: count() }).from(matched);
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { rows: [], total, page: 1 };
  const last = Math.ceil(total / request.pageSize);
  return { ...(await read(last)), page: last };
}

/**
 * `/incentives`: one page of the incentives meeting the type filter and the search (ranked by
 * relevance, then priority; priority and title without a search), and how many there are.
 */
export function readIncentivePage(
  db: AppDatabase,
  query: Omit<IncentiveQuery, "limit">,
  request: PageRequest,
  options: PreviewOption = {},
): Promise<Page<Incentive>> {
  return withPreview(db, options.preview, ["incentive"], async (scoped) => {
    const steps = incentiveSteps(query.search);
    let result = { rows: [] as Incentive[], total: 0, page: 1 };
    for (const step of steps) {
      const keys: SortKey[] = [
        ...(step.rank ? [{ value: step.rank, descending: true }] : []),
        { value: sql`${incentives.priority}` },
        { value: sql`${incentives.title}` },
      ];
      result = await pageOf<Incentive>(
        scoped,
        incentives,
        { match: step.match, filters: incentiveFilters(query), keys },
        request,
      );
      if (result.total > 0) break;
    }
    return { ...result, pageSize: request.pageSize };
  });
}

/** A state page: the federal incentives (no state) first, then the state's, each by priority. */
export function readStatePageIncentives(db: AppDatabase, code: string, options: PreviewOption = {}) {
  return withPreview(db, options.preview, ["incentive"], async (scoped) => {
    const [federal, state] = await Promise.all([
      selectIncentives(scoped, { state: null }),
      selectIncentives(scoped, { state: code.toUpperCase() }),
    ]);
    return { federal, state };
  });
}

export type PolicyQuery = {
  status?: PolicyStatus;
  level?: PolicyLevelFilter;
  /** Matched like the incentive search (full text, else a prefix, else a substring); order stays by date. */
  search?: string;
  /** The status filter matches the status shown on this day (a passed `expiresOn` is Expired). */
  today?: string;
};

/** Rows whose shown status (app/lib/content-status.ts policyStatus) is `status` on `today`. */
function shownStatusIs(status: PolicyStatus, today: string | undefined): SQL | undefined {
  if (!today) return eq(policyUpdates.status, status);
  const passed = and(isNotNull(policyUpdates.expiresOn), lte(policyUpdates.expiresOn, today));
  if (status === "Expired") return or(eq(policyUpdates.status, "Expired"), passed);
  return and(eq(policyUpdates.status, status), or(isNull(policyUpdates.expiresOn), gt(policyUpdates.expiresOn, today)));
}

function policyFilters(query: PolicyQuery): SQL[] {
  const conditions: SQL[] = [isNull(policyUpdates.retiredAt)];
  if (query.status) {
    const match = shownStatusIs(query.status, query.today);
    if (match) conditions.push(match);
  }
  if (query.level) conditions.push(eq(policyUpdates.level, query.level));
  return conditions;
}

function policyMatches(search: string | undefined): SQL[] {
  const text = search?.trim();
  if (!text) return [sql`true`];
  return searchSteps(policyVector, policyUpdates.title, policyUpdates.summary, text).map((step) => step.match);
}

/** Spec section 7 "Read policy updates": newest first; status, level and text combined with AND. */
export function readPolicyUpdates(
  db: AppDatabase,
  query: PolicyQuery = {},
  options: PreviewOption = {},
): Promise<PolicyUpdate[]> {
  return withPreview(db, options.preview, ["policy_update"], (scoped) => selectPolicyUpdates(scoped, query));
}

async function selectPolicyUpdates(db: AppDatabase, query: PolicyQuery): Promise<PolicyUpdate[]> {
  const matches = policyMatches(query.search);
  for (const [index, match] of matches.entries()) {
    const rows = await db
      .select()
      .from(policyUpdates)
      .where(and(...policyFilters(query), match))
      .orderBy(desc(policyUpdates.datePublished), asc(policyUpdates.title));
    if (rows.length || index === matches.length - 1) return rows;
  }
  return [];
}

/** `/policy-watch`: one page of the updates meeting the filters, newest first, and how many there are. */
export function readPolicyUpdatePage(
  db: AppDatabase,
  query: PolicyQuery,
  request: PageRequest,
  options: PreviewOption = {},
): Promise<Page<PolicyUpdate>> {
  return withPreview(db, options.preview, ["policy_update"], async (scoped) => {
    const keys: SortKey[] = [
      { value: sql`${policyUpdates.datePublished}`, descending: true },
      { value: sql`${policyUpdates.title}` },
    ];
    let result = { rows: [] as PolicyUpdate[], total: 0, page: 1 };
    for (const match of policyMatches(query.search)) {
      result = await pageOf<PolicyUpdate>(
        scoped,
        policyUpdates,
        { match, filters: policyFilters(query), keys },
        request,
      );
      if (result.total > 0) break;
    }
    return { ...result, pageSize: request.pageSize };
  });
}
