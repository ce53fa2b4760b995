import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data folder lose rows or corrupt it.
 * We take an exclusive lock file beside the database and refuse to start while another live
 * process holds it. A lock left by a process that is gone is taken over.
 *
 * "Gone" is decided carefully because PIDs are reused (in a container, a restarted server often
 * gets the very same PID): the lock records the holder's host and, on Linux, its start time,
 * so a different process that happens to have that PID does not count as the holder.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The database folder is in use by another process (pid ${pid}, lock ${lockPath}). ` +
        "Stop that process first (only one process may open an embedded database), or set DATABASE_URL to use a PostgreSQL server.",
    );
    this.name = "DataDirLockedError";
  }
}

type LockRecord = { pid: number; host: string; startedAt: string | null };

/** Locks this process holds right now (a second open in the same process must be refused). */
const heldHere = new Set<string>();

/** What Linux says of a process in /proc/PID/stat (null elsewhere, or when it is gone). */
type ProcStat = { state: string; flags: number; startTime: string };

export function parseProcStat(stat: string): ProcStat | null {
  // The command name (field 2) may hold spaces and parentheses: count from the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const [state, flags, startTime] = [fields[0], fields[6], fields[19]];
  if (!state || !flags || !startTime) return null;
  return { state, flags: Number(flags), startTime };
}

function procStat(pid: number): ProcStat | null {
  try {
    return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** The kernel's "this task is exiting" flag (PF_EXITING): it will never run its own code again. */
const PF_EXITING = 0x4;

/**
 * A zombie (Z: exited, not yet reaped by its parent), a dead task (X) or one being torn down
 * after SIGKILL (PF_EXITING) holds nothing any more: it can never write to the database again.
 * (`kill(pid, 0)` still succeeds on all of them, and a zombie keeps its start time: after a
 * SIGKILL the old server stays a zombie until its parent reaps it, which a supervisor that is
 * PID 1 may never do. Security review L5.)
 */
export function isDeadProcess(stat: ProcStat): boolean {
  return stat.state === "Z" || stat.state === "X" || stat.state === "x" || (stat.flags & PF_EXITING) !== 0;
}

/** Linux: the process start time in clock ticks since boot (field 22 of /proc/PID/stat). */
function processStartTime(pid: number): string | null {
  return procStat(pid)?.startTime ?? null;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(pid);
  return !(stat && isDeadProcess(stat));
}

function readRecord(lockPath: string): LockRecord | null {
  try {
    const text = fs.readFileSync(lockPath, "utf8").trim();
    if (/^\d+$/.test(text)) return { pid: Number(text), host: os.hostname(), startedAt: null };
    return JSON.parse(text) as LockRecord;
  } catch {
    return null;
  }
}

/** True when the recorded process still runs on this host (and is the same process). */
function holderRunning(lockPath: string, record: LockRecord): boolean {
  if (heldHere.has(lockPath)) return true;
  if (record.host !== os.hostname()) return true; // another machine on a shared folder: assume it runs
  if (record.pid === process.pid) return false; // our PID, but not taken by us: a reused PID
  if (!isAlive(record.pid)) return false;
  if (record.startedAt === null) return true;
  const now = processStartTime(record.pid);
  return now === null || now === record.startedAt;
}

function tryCreate(lockPath: string, record: LockRecord): boolean {
  try {
    const fd = fs.openSync(lockPath, "wx");
    fs.writeSync(fd, JSON.stringify(record));
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "db.lock");
  const takeoverPath = `${lockPath}.takeover`;
  const mine: LockRecord = { pid: process.pid, host: os.hostname(), startedAt: processStartTime(process.pid) };

  if (!tryCreate(lockPath, mine)) {
    const holder = readRecord(lockPath);
    if (holder && holderRunning(lockPath, holder)) throw new DataDirLockedError(lockPath, holder.pid);
    // Stale. Only one process may take it over: whoever creates the takeover marker first.
    // A marker left by a crash during a takeover is cleared after a few seconds.
    try {
      if (Date.now() - fs.statSync(takeoverPath).mtimeMs > 5000) fs.rmSync(takeoverPath, { force: true });
    } catch {
      // no marker
    }
    if (!tryCreate(takeoverPath, mine)) throw new DataDirLockedError(lockPath, holder?.pid ?? 0);
    try {
      fs.rmSync(lockPath, { force: true });
      if (!tryCreate(lockPath, mine)) throw new DataDirLockedError(lockPath, readRecord(lockPath)?.pid ?? 0);
    } finally {
      fs.rmSync(takeoverPath, { force: true });
    }
  }

  heldHere.add(lockPath);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockPath);
    try {
      if (readRecord(lockPath)?.pid === process.pid) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
