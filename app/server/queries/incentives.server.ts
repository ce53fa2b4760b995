import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { IncentiveType, PolicyLevelFilter, PolicyStatus } from "~/lib/incentive-filters";
import { type PreviewOption, withPreview } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type Incentive, incentives, type PolicyUpdate, policyUpdates } from "../db/schema";
import {
  lastPageOf,
  matchedRows,
  type Page,
  type PageRequest,
  type PageSpec,
  pageOf,
  pageRows,
  pageRowsQuery,
  type SortKey,
} from "./paging.server";
import {
  SEARCH_PLACEHOLDERS,
  type SearchKind,
  type SearchStep,
  searchPlan,
  searchStep,
  searchSteps,
} from "./search-steps.server";

/**
 * Public reads leave retired records out; with `{ preview }` a result shows the draft as if published (never cache it).
 * Search is full-text over the generated `search_vector` columns, with fallbacks (search-steps.server.ts).
 */

export type { Page, PageRequest } from "./paging.server";

export type IncentiveQuery = {
  type?: IncentiveType;
  /** `null` means federal rows (no state). */
  state?: string | null;
  /** `websearch_to_tsquery` syntax, else a prefix of the last word, else a substring; ranked, then by priority. */
  search?: string;
  limit?: number;
};

const incentiveColumns = {
  vector: sql`"incentives"."search_vector"`,
  title: incentives.title,
  text: incentives.description,
};
const policyColumns = {
  vector: sql`"policy_updates"."search_vector"`,
  title: policyUpdates.title,
  text: policyUpdates.summary,
};

type FilterValues = { type?: IncentiveType | Placeholder; state?: string | null | Placeholder };

function filterValues(query: IncentiveQuery): FilterValues {
  return { type: query.type, state: query.state === null ? null : query.state?.toUpperCase() };
}

function incentiveFilters({ type, state }: FilterValues): SQL[] {
  const conditions: SQL[] = [isNull(incentives.retiredAt)];
  if (type) conditions.push(eq(incentives.type, type));
  if (state === null) conditions.push(isNull(incentives.state));
  else if (state !== undefined) conditions.push(eq(incentives.state, state));
  return conditions;
}

function incentiveSteps(search: string | undefined): SearchStep[] {
  return searchSteps(incentiveColumns, search);
}

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
      .where(and(...incentiveFilters(filterValues(query)), step.match))
      .orderBy(...(step.rank ? [desc(step.rank)] : []), asc(incentives.priority), asc(incentives.title));
    const rows = await (query.limit !== undefined ? base.limit(query.limit) : base);
    if (rows.length || index === steps.length - 1) return rows;
  }
  return [];
}

function incentivePageSpec(step: SearchStep, filters: FilterValues): PageSpec {
  const keys: SortKey[] = [
    ...(step.rank ? [{ value: step.rank, descending: true }] : []),
    { value: sql`${incentives.priority}` },
    { value: sql`${incentives.title}` },
  ];
  return { match: step.match, filters: incentiveFilters(filters), keys };
}

export function readIncentivePage(
  db: AppDatabase,
  query: Omit<IncentiveQuery, "limit">,
  request: PageRequest,
  options: PreviewOption = {},
): Promise<Page<Incentive>> {
  if (!options.preview && !request.focusId) return readIncentivePageKept(db, query, request);
  return withPreview(db, options.preview, ["incentive"], async (scoped) => {
    let result = { rows: [] as Incentive[], total: 0, page: 1 };
    for (const step of incentiveSteps(query.search)) {
      result = await pageOf<Incentive>(scoped, incentives, incentivePageSpec(step, filterValues(query)), request);
      if (result.total > 0) break;
    }
    return { ...result, pageSize: request.pageSize };
  });
}

type PageShape = { kind: SearchKind; type: boolean; state: "any" | "none" | "one" };

type IncentivePageStatement = ReturnType<ReturnType<typeof pageRowsQuery>["prepare"]>;
const pageStatements = new WeakMap<AppDatabase, Map<string, IncentivePageStatement>>();

// Prepared once per shape: Drizzle took ~0.6 ms to build each search's SQL, more than React's render.
function incentivePageStatement(db: AppDatabase, shape: PageShape): IncentivePageStatement {
  let statements = pageStatements.get(db);
  if (!statements) {
    statements = new Map();
    pageStatements.set(db, statements);
  }
  const key = `${shape.kind}|${shape.type}|${shape.state}`;
  const kept = statements.get(key);
  if (kept) return kept;
  const step = searchStep(shape.kind, incentiveColumns, SEARCH_PLACEHOLDERS);
  const spec = incentivePageSpec(step, {
    type: shape.type ? sql.placeholder("type") : undefined,
    state: { any: undefined, none: null, one: sql.placeholder("state") }[shape.state],
  });
  const rows = matchedRows(db, incentives, spec);
  // Unnamed, so PostgreSQL still plans each search for its own words.
  const statement = pageRowsQuery(db, incentives, rows, sql.placeholder("limit"), sql.placeholder("offset")).prepare(
    "",
  );
  statements.set(key, statement);
  return statement;
}

async function readIncentivePageKept(
  db: AppDatabase,
  query: Omit<IncentiveQuery, "limit">,
  request: PageRequest,
): Promise<Page<Incentive>> {
  const { kinds, values } = searchPlan(query.search);
  const filters = filterValues(query);
  const state = filters.state === null ? "none" : filters.state === undefined ? "any" : "one";
  const page = Math.max(1, Math.floor(request.page ?? 1));
  const params = { ...values, ...filters, limit: request.pageSize, offset: (page - 1) * request.pageSize };
  for (const kind of kinds) {
    const statement = incentivePageStatement(db, { kind, type: Boolean(query.type), state });
    const found = pageRows<Incentive>(await statement.execute(params));
    if (found.rows.length) return { ...found, page, pageSize: request.pageSize };
    if (page === 1) continue;
    // Past the end: the last page, if there is one.
    const spec = incentivePageSpec(searchStep(kind, incentiveColumns, values), filters);
    const result = await lastPageOf<Incentive>(db, incentives, matchedRows(db, incentives, spec), request.pageSize);
    if (result.total > 0) return { ...result, pageSize: request.pageSize };
  }
  return { rows: [], total: 0, page: 1, pageSize: request.pageSize };
}

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
  search?: string;
  /** The status filter matches the status shown on this day (a passed `expiresOn` is Expired). */
  today?: string;
};

/** Must agree with `policyStatus` in app/lib/content-status.ts. */
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
  return searchSteps(policyColumns, search).map((step) => step.match);
}

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
