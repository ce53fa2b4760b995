import fs from "node:fs";
import path from "node:path";
import { reportError } from "../error-reporting.server";
import { errorFields, log } from "../log.server";
import type { BackupSchedule } from "./backup-schedule.server";

/** `npm run backup` while the server holds the embedded database: it sends SIGUSR2 and reads this file. */
export type BackupRequestStatus =
  | { state: "running"; requestedAt: string }
  | { state: "done"; requestedAt: string; finishedAt: string; id: string; location: string }
  | { state: "skipped"; requestedAt: string; finishedAt: string }
  | { state: "failed"; requestedAt: string; finishedAt: string; error: string };

const backupStatusFile = (dataDir: string) => path.join(path.resolve(dataDir), "backup-request.json");

function write(dataDir: string, status: BackupRequestStatus) {
  const file = backupStatusFile(dataDir);
  fs.writeFileSync(`${file}.partial`, JSON.stringify(status), { mode: 0o600 });
  fs.renameSync(`${file}.partial`, file);
}

export function readBackupRequestStatus(dataDir: string): BackupRequestStatus | null {
  try {
    return JSON.parse(fs.readFileSync(backupStatusFile(dataDir), "utf8"));
  } catch {
    return null;
  }
}

let answer: (() => void) | undefined;

/** From the first moment: Node's default for SIGUSR2 ends the process. */
export function listenForBackupRequests(dataDir: string): void {
  process.on("SIGUSR2", () => {
    if (answer) return answer();
    const at = new Date().toISOString();
    try {
      write(dataDir, {
        state: "failed",
        requestedAt: at,
        finishedAt: at,
        error: "the server is still starting: try again in a minute",
      });
    } catch (error) {
      log.error(errorFields(error), "Backup request: cannot write its status file");
    }
  });
}

export function answerBackupRequests(dataDir: string, schedule: BackupSchedule, location: string): () => void {
  answer = () => {
    const requestedAt = new Date().toISOString();
    const finished = () => ({ requestedAt, finishedAt: new Date().toISOString() });
    try {
      write(dataDir, { state: "running", requestedAt });
    } catch (error) {
      log.error(errorFields(error), "Backup request: cannot write its status file");
    }
    schedule
      .now("command")
      .then(
        (manifest): BackupRequestStatus =>
          manifest ? { state: "done", ...finished(), id: manifest.id, location } : { state: "skipped", ...finished() },
        (error): BackupRequestStatus => {
          reportError(error, { job: "Backup" });
          return { state: "failed", ...finished(), error: String((error as Error).message) };
        },
      )
      .then((status) => write(dataDir, status))
      .catch((error) => log.error(errorFields(error), "Backup request: cannot write its status file"));
  };
  return () => {
    answer = undefined;
  };
}

export function isServerProcess(pid: number): boolean {
  try {
    return fs
      .readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .some((arg) => arg.endsWith("server/index.js"));
  } catch {
    return false;
  }
}
