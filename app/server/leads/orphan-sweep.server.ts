import { inArray, sql } from "drizzle-orm";
import type { AppDatabase, DatabaseHandle } from "../db/client.server";
import { leadSubmissions } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";
import { type BillStorage, isBillKeyReserved } from "../storage/bill-storage.server";

/**
 * A bill is stored while it uploads, before its row is written (the row must name a file that
 * exists). A crash between the two (SIGKILL, the OOM killer, a power cut) leaves a file no row
 * names: personal data nobody can reach and nothing would ever remove (security review L4).
 * The sweep removes such files once they are older than a grace period, far longer than any
 * upload and its insert take; keys an upload of this process is still deciding on are never
 * touched, whatever the grace.
 */

/**
 * pg_try_advisory_xact_lock key: one instance sweeps at a time. Its own key (migrations hold
 * 7_202_511, the seed 7_202_512): sharing the seed's made a starting instance wait for another
 * instance's sweep (review N12).
 */
export const SWEEP_LOCK_KEY = 7_202_513;
/** Keys looked up per query. */
const BATCH = 500;
/** Periodic runs look only at keys made since the last run's cutoff, less this (uploads are far shorter). */
const WINDOW_MARGIN_MS = 24 * 3_600_000;

export type SweepResult = { checked: number; removed: number; skipped: boolean; olderThan: Date };

type Reader = Pick<AppDatabase, "select">;

/**
 * Removes every stored bill last written more than `olderThanMs` ago that no
 * `lead_submissions.file_url` names. `createdSince` limits it to keys made since then;
 * `advisoryLock` (PostgreSQL) runs it under a transaction-scoped advisory lock and skips the run
 * when another instance holds it.
 */
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

/**
 * Sweeps at start-up (every stored bill) and then every `intervalMs` (keys made since the last
 * run, with a wide margin), on an unref'd timer. On PostgreSQL each run takes an advisory lock,
 * so several instances do not sweep at once. Returns a stop function that waits for a run in
 * progress (call it before closing the database).
 */
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
