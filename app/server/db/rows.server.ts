/**
 * The rows of a raw `db.execute(sql…)` result. node-postgres and PGlite both answer `{ rows }`,
 * but Drizzle types the result differently per driver, so the one cast lives here.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
