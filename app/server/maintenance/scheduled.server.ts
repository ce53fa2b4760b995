import { inArray, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import type { AppDatabase } from "../db/client.server";
import * as schema from "../db/schema";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";

/**
 * An instance that finds the advisory lock taken skips this round. PGlite belongs to one process (its
 * folder is locked), so there is nothing to share.
 */
export async function runOnceAcrossInstances<T>(
  db: AppDatabase,
  lockKey: number,
  work: (db: AppDatabase) => Promise<T>,
): Promise<{ ran: false } | { ran: true; result: T }> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return { ran: true, result: await work(db) };
  const connection = await client.connect();
  let locked = false;
  try {
    const result = await connection.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [lockKey]);
    locked = result.rows[0]?.locked === true;
    if (!locked) return { ran: false };
    const own = drizzleNodePg(connection, { schema }) as unknown as AppDatabase;
    return { ran: true, result: await work(own) };
  } finally {
    if (locked) await connection.query("select pg_advisory_unlock($1)", [lockKey]).catch(() => {});
    connection.release();
  }
}

/** The next round comes after a failure too. */
export function startRepeating(options: {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
}): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const tick = () => {
    running = options
      .run()
      .catch((error) => {
        log.error(errorFields(error), `${options.name} failed`);
        reportError(error, { job: options.name });
      })
      .finally(() => {
        running = undefined;
        if (!stopped) schedule(options.intervalMs);
      });
  };
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  schedule(0);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}

/** Short statements, so forms and staff actions get the table in between. */
export async function deleteInBatches(
  db: AppDatabase,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  batch = 5_000,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = db.select({ id }).from(table).where(where).limit(batch);
    const gone = await db.delete(table).where(inArray(id, old)).returning({ id });
    deleted += gone.length;
    if (gone.length < batch) return deleted;
  }
}

export const DAY_MS = 86_400_000;

export function retentionCutoff(retentionDays: number, now = new Date()): Date {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new Error(`retentionDays must be a whole number of at least 1 (got ${retentionDays})`);
  }
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export function startPurge(options: {
  db: AppDatabase;
  name: string;
  lockKey: number;
  intervalMs: number;
  purge: (db: AppDatabase) => Promise<number>;
  purged: string;
  retentionDays: number;
}): () => Promise<void> {
  const { db, lockKey, purge, purged, retentionDays } = options;
  return startRepeating({
    name: options.name,
    intervalMs: options.intervalMs,
    run: async () => {
      const run = await runOnceAcrossInstances(db, lockKey, purge);
      if (run.ran && run.result > 0) log.info({ deleted: run.result, retentionDays }, purged);
    },
  });
}
