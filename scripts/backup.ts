import fs from "node:fs";
import type { BackupManifest } from "../app/server/backup/backup-files.server";
import { backupLocationFromConfig } from "../app/server/backup/backup-location.server";
import { isServerProcess, readBackupRequestStatus } from "../app/server/backup/backup-request.server";
import { startBackups } from "../app/server/backup/backup-schedule.server";
import { ConfigError, getConfig } from "../app/server/config.server";
import { openDatabase } from "../app/server/db/client.server";
import { DataDirLockedError } from "../app/server/db/data-dir-lock.server";
import { billStorageFromConfig } from "../app/server/storage/bill-storage.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const WAIT_FOR_SERVER_MS = 30 * 60_000;

function summary(manifest: BackupManifest, location: string): string {
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  return `Backup ${manifest.id} written to ${location}: ${manifest.tables["public.leads"] ?? 0} leads, ${
    manifest.tables["public.lead_submissions"] ?? 0
  } bill submissions, ${manifest.files.length - 1} bill files, ${(bytes / 1e6).toFixed(1)} MB.`;
}

/** The embedded database is held by the running server: ask it to take the backup. */
async function askServer(dataDir: string, pid: number): Promise<number> {
  // SIGUSR2 would end any process other than the server.
  if (!isServerProcess(pid)) {
    console.error(
      `The database folder is in use by another process (pid ${pid}), not the server: try again when it has finished.`,
    );
    return 1;
  }
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  console.log(`The server (pid ${pid}) holds the database: it is taking the backup…`);
  while (Date.now() - asked < WAIT_FOR_SERVER_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const status = readBackupRequestStatus(dataDir);
    if (!status || Date.parse(status.requestedAt) < asked - 1000 || status.state === "running") continue;
    if (status.state === "done") console.log(`Backup ${status.id} written to ${status.location}.`);
    if (status.state === "skipped") console.error("Another backup was in progress; try again in a few minutes.");
    if (status.state === "failed") console.error(`Backup failed: ${status.error}`);
    return status.state === "done" ? 0 : 1;
  }
  console.error("The server did not answer within 30 minutes: see its log.");
  return 1;
}

async function main(): Promise<number> {
  const config = getConfig();
  const location = backupLocationFromConfig(config);
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, poolMax: 2 })
      : await openDatabase({ dataDir: config.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError && error.pid > 0) return askServer(config.DATA_DIR, error.pid);
    throw error;
  }
  try {
    const schedule = startBackups({
      handle,
      databaseUrl: config.DATABASE_URL,
      storage: billStorageFromConfig(config, config.DATA_DIR),
      location,
      intervalHours: 0,
      keep: { daily: config.BACKUP_KEEP_DAILY, weekly: config.BACKUP_KEEP_WEEKLY },
    });
    const manifest = await schedule.now("command");
    if (!manifest) {
      console.error("Another instance is taking a backup right now; try again in a few minutes.");
      return 1;
    }
    console.log(summary(manifest, location.description));
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
