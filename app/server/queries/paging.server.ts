import { and, asc, count, desc, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import type { incentives, policyUpdates } from "../db/schema";

/**
 * Paged lists (`/incentives`, `/policy-watch`): the order and the count are worked out over narrow
 * rows (id and sort keys), and only the page's rows are read whole (a count over whole rows made
 * PGlite spill thousands of descriptions to disk).
 */

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
export type SortKey = { value: SQL; descending?: boolean };

/** `offset 0`, kept in the SQL (see matchedRows); Drizzle's type takes a number or placeholder. */
const OFFSET_FENCE = sql`0` as unknown as number;

export type PageTable = typeof incentives | typeof policyUpdates;
export type PageSpec = { match: SQL; filters: SQL[]; keys: SortKey[] };

/**
 * The rows of `table` meeting `filters` and `match` as a subquery of narrow rows (id and keys, each
 * key computed once per matching row), and the order of `keys` over it or a query built on it.
 */
export function matchedRows(db: AppDatabase, table: PageTable, { match, filters, keys }: PageSpec) {
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
    // A fence: without it PostgreSQL flattens the subquery and computes the keys (the rank) after
    // the count's window, which then holds every match's whole tsvector and spilled to disk at
    // 4,000 matches (17.5 → 9.9 ms for "solar" over 5,000 programs). Written as SQL: Drizzle
    // leaves out an offset of the number 0.
    .offset(OFFSET_FENCE)
    .as("matched");
  const fields = matched as unknown as Record<string, SQL.Aliased>;
  const orderOf = (source: Record<string, SQL.Aliased>) => [
    ...keys.map((key, index) => {
      const field = source[keyNames[index] as string] as SQL.Aliased;
      return key.descending ? desc(field) : asc(field);
    }),
    asc(source.id as SQL.Aliased),
  ];
  return { matched, fields, keyNames, orderOf };
}

/**
 * One page of the matching rows, read whole, each with the number of matching rows. The order and
 * the count are worked out over the narrow rows; only the page's rows are read whole (a count over
 * whole rows made PGlite spill thousands of descriptions to disk).
 */
export function pageRowsQuery(
  db: AppDatabase,
  table: PageTable,
  { matched, fields, keyNames, orderOf }: ReturnType<typeof matchedRows>,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const chosen = db
    .select({
      id: matched.id,
      ...Object.fromEntries(keyNames.map((name) => [name, fields[name] as SQL.Aliased])),
      total: sql<number>`count(*) over ()`.as("total"),
    })
    .from(matched)
    .orderBy(...orderOf(fields))
    .limit(limit)
    .offset(offset)
    .as("chosen");
  return db
    .select({ row: getTableColumns(table), total: chosen.total })
    .from(table)
    .innerJoin(chosen, eq(table.id, chosen.id))
    .orderBy(...orderOf(chosen as unknown as Record<string, SQL.Aliased>));
}

/** A page of `pageRowsQuery`'s rows: the records and how many match. */
export function pageRows<T>(rows: { row: unknown; total: number }[]): { rows: T[]; total: number } {
  return { rows: rows.map((item) => item.row as T), total: Number(rows[0]?.total ?? 0) };
}

/**
 * A page of the rows of `table` meeting `filters` and `match`, in the order of `keys`, with the
 * number of matching rows.
 */
export async function pageOf<T>(
  db: AppDatabase,
  table: PageTable,
  spec: PageSpec,
  request: PageRequest,
): Promise<{ rows: T[]; total: number; page: number }> {
  const rowsOf = matchedRows(db, table, spec);
  const { matched, fields, orderOf } = rowsOf;
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
  const first = pageRows<T>(await pageRowsQuery(db, table, rowsOf, request.pageSize, (page - 1) * request.pageSize));
  if (first.rows.length || page === 1) return { ...first, page };
  return lastPageOf<T>(db, table, rowsOf, request.pageSize);
}

/** For a page past the end (or nothing matching): the last page, if there is one. */
export async function lastPageOf<T>(
  db: AppDatabase,
  table: PageTable,
  rowsOf: ReturnType<typeof matchedRows>,
  pageSize: number,
): Promise<{ rows: T[]; total: number; page: number }> {
  const [counted] = await db.select({ n: count() }).from(rowsOf.matched);
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { rows: [], total, page: 1 };
  const last = Math.ceil(total / pageSize);
  return { ...pageRows<T>(await pageRowsQuery(db, table, rowsOf, pageSize, (last - 1) * pageSize)), page: last };
}
