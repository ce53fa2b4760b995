import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** PGlite has no lock of its own. PIDs are reused (often the same in a container): host and start time are kept. */
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

const heldHere = new Set<string>();

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

const PF_EXITING = 0x4;

/** `kill(pid, 0)` still succeeds on these; a PID-1 supervisor may never reap a zombie. */
export function isDeadProcess(stat: ProcStat): boolean {
  return stat.state === "Z" || stat.state === "X" || stat.state === "x" || (stat.flags & PF_EXITING) !== 0;
}

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
    // Only one process may take over: whoever creates the takeover marker first.
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
