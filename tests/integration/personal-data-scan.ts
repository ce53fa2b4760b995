import { sql } from "drizzle-orm";
import type { AppDatabase } from "~/server/db/client.server";

/**
 * Where `needle` (any case) still occurs: every text and JSON column of every table in `public`,
 * found from the catalogue, so a column added later is scanned too. Returns `table.column` → count.
 */
export async function scanForText(db: AppDatabase, needle: string): Promise<Record<string, number>> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')
    order by table_name, column_name`)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const result = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where position(${needle.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`,
    )) as unknown as { rows: { n: number }[] };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) found[`${table}.${column}`] = n;
  }
  return found;
}

/** How many text and JSON columns the scan covers (so a test can see it is not scanning nothing). */
export async function scannedColumnCount(db: AppDatabase): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}
