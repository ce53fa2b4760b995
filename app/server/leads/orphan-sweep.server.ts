import { inArray, sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "../db/client.server";
import { leadSubmissions } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";
import { type BillStorage, isBillKeyReserved } from "../storage/bill-storage.server";

/** A crash between storing a bill and writing its row leaves a file no row names; the sweep removes it after a grace. */

/** Not the seed's key (7_202_512): sharing it made a starting instance wait for another's sweep. */
export const SWEEP_LOCK_KEY = 7_202_513;
const BATCH = 500;
const WINDOW_MARGIN_MS = 24 * 3_600_000;

export type SweepResult = { checked: number; removed: number; skipped: boolean; olderThan: Date };

type Reader = Pick<AppDatabase, "select">;

export async function sweepOrphanBills(
  db: AppDatabase,
  storage: BillStorage,
  options: { olderThanMs: number; createdSince?: Date; advisoryLock?: boolean; now?: number },
): Promise<SweepResult> {
  const olderThan = new Date((options.now ?? Date.now()) - options.olderThanMs);
  const run = async (reader: Reader): Promise<SweepResult> => {
    let checked = 0;
    let removed = 0;
    let batch: string[] = [];
    const settle = async () => {
      const keys = batch;
      batch = [];
      if (keys.length === 0) return;
      const rows = await reader
        .select({ fileUrl: leadSubmissions.fileUrl })
        .from(leadSubmissions)
        .where(inArray(leadSubmissions.fileUrl, keys));
      const named = new Set(rows.map((row) => row.fileUrl));
      for (const key of keys) {
        if (named.has(key) || isBillKeyReserved(key)) continue;
        await storage.delete(key);
        removed++;
      }
    };
    for await (const key of storage.list(olderThan, { createdSince: options.createdSince })) {
      checked++;
      batch.push(key);
      if (batch.length >= BATCH) await settle();
    }
    await settle();
    return { checked, removed, skipped: false, olderThan };
  };
  if (!options.advisoryLock) return run(db);
  return db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return { checked: 0, removed: 0, skipped: true, olderThan };
    return run(tx);
  });
}

/** Returns a stop function that waits for a run in progress: call it before closing the database. */
export function startOrphanSweep(
  handle: Pick<DatabaseHandle, "db" | "kind">,
  storage: BillStorage,
  options: { graceMs: number; intervalMs?: number },
): () => Promise<void> {
  const intervalMs = options.intervalMs ?? Math.min(5 * 60_000, Math.max(1000, Math.round(options.graceMs / 2)));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastCutoff: Date | undefined;

  const runOnce = async () => {
    try {
      const result = await sweepOrphanBills(handle.db, storage, {
        olderThanMs: options.graceMs,
        createdSince: lastCutoff && new Date(lastCutoff.getTime() - WINDOW_MARGIN_MS),
        advisoryLock: handle.kind === "postgres",
      });
      if (!result.skipped) lastCutoff = result.olderThan;
      const fields = { ...result, olderThan: result.olderThan.toISOString() };
      if (result.removed > 0) log.warn(fields, "Orphan bill sweep: removed bill files no lead names (left by a crash)");
      else log.debug(fields, "Orphan bill sweep");
    } catch (error) {
      log.error(errorFields(error), "Orphan bill sweep failed");
      reportError(error, { job: "Orphan bill sweep" });
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runOnce().finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
