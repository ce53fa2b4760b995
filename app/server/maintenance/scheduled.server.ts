import { inArray, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import type { AppDatabase } from "../db/client.server";
import * as schema from "../db/schema";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";

/**
 * Background jobs that several instances on one PostgreSQL share (the retention purges): run
 * once across instances, repeated on a timer of each instance's own.
 */

/**
 * Runs `work` on one instance at a time: on PostgreSQL it takes a session advisory lock on a
 * connection of its own (`pg_try_advisory_lock`), and an instance that finds it taken skips this
 * round. PGlite belongs to one process (its folder is locked), so there is nothing to share.
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

/**
 * Runs `run` now and then `intervalMs` after each run ends, on an unref'd timer (it never keeps
 * the process alive); a failure is logged as "`name` failed" and reported with the job's name,
 * and the next round still comes.
 * Returns `stop`, which cancels the timer and waits for a run in progress, so the database can
 * be closed after it.
 */
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

/**
 * Deletes the rows of `table` meeting `where`, `batch` at a time: short statements, so forms and
 * staff actions get the table in between. Returns how many went.
 */
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

/** The moment `retentionDays` × 24 h before `now`: a row older than it has outlived its retention. */
export function retentionCutoff(retentionDays: number, now = new Date()): Date {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) {
    throw new Error(`retentionDays must be a whole number of at least 1 (got ${retentionDays})`);
  }
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * A retention purge: `purge` (on the lock holder's connection; it returns how many rows went) now
 * and `intervalMs` after each run, by one instance at a time, logged as `purged` when rows went.
 * Returns `stop`, as `startRepeating` does.
 */
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
