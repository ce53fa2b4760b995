import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes on one data folder lose rows or corrupt it.
 * We take an exclusive lock file beside the database and refuse to start while another live
 * process holds it. A lock left by a process that died is taken over.
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

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (holder === process.pid || isAlive(holder)) throw new DataDirLockedError(lockPath, holder);
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
