import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { errorFields, log } from "../log.server";
import { type BillStorage, reserveBillKey } from "../storage/bill-storage.server";
import { currentCacheBus } from "./cache-bus.server";
import { withTimeout } from "./timeout.server";

/** Readiness for the proxy (decision 0014); `/healthz` is the liveness check and touches nothing. */

type CheckName = "database" | "migrations" | "storage";
type CheckState = "ok" | "failed" | "skipped";

export type ReadinessReport = {
  ok: boolean;
  failing: (CheckName | "starting" | "shutdown")[];
  checks: Record<CheckName, CheckState>;
  cacheBus?: string;
};

export type ReadinessDeps = {
  handle: () => Promise<DatabaseHandle>;
  storage: () => BillStorage;
  migrationsFolder?: string;
  timeoutMs?: number;
  storageOkForMs?: number;
};

type Shared = {
  shuttingDown: boolean;
  starting?: boolean;
  inFlight?: Promise<ReadinessReport>;
  lastFailing?: string;
  journal?: Promise<number[]>;
  storageOk: WeakMap<BillStorage, number>;
};
let processState: Shared | undefined;

function shared(): Shared {
  processState ??= { shuttingDown: false, storageOk: new WeakMap() };
  return processState;
}

export function markShuttingDown(): void {
  const state = shared();
  if (!state.shuttingDown) log.info("Shutting down: /readyz now answers 503");
  state.shuttingDown = true;
}

export function markStarting(): void {
  shared().starting = true;
}

export function markStarted(): void {
  shared().starting = false;
}

export function isShuttingDown(): boolean {
  return shared().shuttingDown;
}

export function resetReadinessForTests(): void {
  processState = undefined;
}

type Journal = { entries: { when: number; tag: string }[] };

function journalTimes(folder: string): Promise<number[]> {
  const state = shared();
  state.journal ??= fs.readFile(path.join(folder, "meta", "_journal.json"), "utf8").then((text) => {
    const journal = JSON.parse(text) as Journal;
    return journal.entries.map((entry) => Number(entry.when));
  });
  // A failed read is retried next time rather than remembered.
  state.journal.catch(() => {
    if (shared().journal) shared().journal = undefined;
  });
  return state.journal;
}

/** Rows the journal does not know (a newer build during a rolling deploy) do not make this one unready. */
async function missingMigrations(handle: DatabaseHandle, folder: string): Promise<number> {
  const expected = await journalTimes(folder);
  const result = await handle.db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const applied = new Set(rowsOf<{ created_at: string | number | null }>(result).map((row) => Number(row.created_at)));
  return expected.filter((when) => !applied.has(when)).length;
}

async function storageWritable(storage: BillStorage): Promise<void> {
  if (storage.checkWritable) return storage.checkWritable();
  // A tiny bill under a reserved key (the orphan sweep leaves it alone), removed at once.
  const { key, release } = reserveBillKey("pdf");
  try {
    await storage.put(key, Readable.from([Buffer.from("%PDF-readyz")]), "application/pdf");
    await storage.delete(key);
  } finally {
    release();
  }
}

async function runChecks(deps: ReadinessDeps): Promise<ReadinessReport> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const folder = deps.migrationsFolder ?? path.resolve(process.cwd(), "drizzle");
  const checks: Record<CheckName, CheckState> = { database: "skipped", migrations: "skipped", storage: "skipped" };
  const errors: Partial<Record<CheckName, unknown>> = {};

  const database = (async () => {
    const deadline = Date.now() + timeoutMs;
    let handle: DatabaseHandle;
    try {
      handle = await withTimeout(deps.handle(), timeoutMs, "database");
      await withTimeout(handle.db.execute(sql`select 1`), deadline - Date.now(), "database");
      checks.database = "ok";
    } catch (error) {
      checks.database = "failed";
      errors.database = error;
      return;
    }
    try {
      const missing = await withTimeout(missingMigrations(handle, folder), deadline - Date.now(), "migrations");
      checks.migrations = missing === 0 ? "ok" : "failed";
      if (missing > 0) errors.migrations = new Error(`${missing} migration(s) not applied`);
    } catch (error) {
      checks.migrations = "failed";
      errors.migrations = error;
    }
  })();

  const storage = (async () => {
    const state = shared();
    try {
      const store = deps.storage();
      const okAt = state.storageOk.get(store);
      if (okAt !== undefined && Date.now() - okAt < (deps.storageOkForMs ?? 5_000)) {
        checks.storage = "ok";
        return;
      }
      await withTimeout(storageWritable(store), timeoutMs, "storage");
      state.storageOk.set(store, Date.now());
      checks.storage = "ok";
    } catch (error) {
      checks.storage = "failed";
      errors.storage = error;
    }
  })();

  await Promise.all([database, storage]);
  const failing = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] === "failed");
  report(failing, errors);
  return { ok: failing.length === 0, failing, checks, cacheBus: currentCacheBus()?.state };
}

/** A proxy polls every few seconds: one line per change, not per poll. */
function report(failing: CheckName[], errors: Partial<Record<CheckName, unknown>>): void {
  const state = shared();
  const key = failing.join(",");
  if (key === (state.lastFailing ?? "")) return;
  const recovered = state.lastFailing !== undefined && failing.length === 0;
  state.lastFailing = key;
  if (recovered) log.info("Ready again: database, migrations and storage pass");
  for (const name of failing)
    log.warn({ check: name, ...errorFields(errors[name]) }, `Not ready: ${name} check failed`);
}

export function notRunningReport(): ReadinessReport {
  return {
    ok: false,
    failing: [shared().shuttingDown ? "shutdown" : "starting"],
    checks: { database: "skipped", migrations: "skipped", storage: "skipped" },
    cacheBus: currentCacheBus()?.state,
  };
}

/** Concurrent callers share one run, so a flood of probes costs one set of checks. */
export function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const state = shared();
  if (state.shuttingDown || state.starting) return Promise.resolve(notRunningReport());
  if (!state.inFlight) {
    const run = runChecks(deps).finally(() => {
      if (shared().inFlight === run) shared().inFlight = undefined;
    });
    state.inFlight = run;
  }
  return state.inFlight;
}
