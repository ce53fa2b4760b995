import { and, asc, count, desc, eq, getTableColumns, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import type { incentives, policyUpdates } from "../db/schema";

/** Order and count are worked out over narrow rows; only the page is read whole (whole rows made PGlite spill to disk). */

export type Page<T> = { rows: T[]; total: number; page: number; pageSize: number };

export type PageRequest = {
  /** 1-based; past the end gives the last page. */
  page?: number;
  pageSize: number;
  /** A record to show (staff preview): the page holding it wins over `page`. */
  focusId?: string | null;
};

export type SortKey = { value: SQL; descending?: boolean };

const OFFSET_FENCE = sql`0` as unknown as number;

export type PageTable = typeof incentives | typeof policyUpdates;
export type PageSpec = { match: SQL; filters: SQL[]; keys: SortKey[] };

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
    // A fence: without it PostgreSQL flattens the subquery and ranks after the count's window, which spilled
    // to disk at 4,000 matches. Written as SQL because Drizzle drops an offset of 0.
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

export function pageRows<T>(rows: { row: unknown; total: number }[]): { rows: T[]; total: number } {
  return { rows: rows.map((item) => item.row as T), total: Number(rows[0]?.total ?? 0) };
}

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
