import type { AppDatabase } from "../db/client.server";
import { runOnceAcrossInstances, startRepeating } from "../maintenance/scheduled.server";
import { addScrapeGauge } from "../metrics/registry.server";
import { type BackupSource, backupAndRecord, lastGoodBackup } from "./backup.server";
import type { BackupManifest } from "./backup-files.server";

const BACKUP_LOCK_KEY = 7_202_615;

const HOUR_MS = 3_600_000;

export type BackupSchedule = {
  now(trigger: string): Promise<BackupManifest | null>;
  stop(): Promise<void>;
};

type ScheduleOptions = BackupSource & {
  intervalHours: number;
  keep: { daily: number; weekly: number };
  checkEveryMs?: number;
};

/** A second request joins the running backup rather than starting another. */
let running: Promise<BackupManifest | null> | undefined;

/**
 * Due when the last good backup in the shared audit log is older than the interval, so restarts and new
 * instances never add backups of their own.
 */
export function startBackups(options: ScheduleOptions): BackupSchedule {
  const intervalMs = options.intervalHours * HOUR_MS;

  const once = (trigger: string, due: (last: Date | null) => boolean) => {
    running ??= runOnceAcrossInstances(options.handle.db, BACKUP_LOCK_KEY, async (db) => {
      const last = await lastGoodBackup(db);
      if (!due(last?.at ?? null)) return null;
      return backupAndRecord(options, { keep: options.keep, trigger });
    })
      .then((run) => (run.ran ? run.result : null))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const stopTimer =
    intervalMs > 0
      ? startRepeating({
          name: "Scheduled backup",
          intervalMs: options.checkEveryMs ?? Math.min(15 * 60_000, intervalMs),
          run: async () => {
            await once("schedule", (last) => !last || Date.now() - last.getTime() >= intervalMs);
          },
        })
      : async () => {};

  return {
    now: (trigger) => once(trigger, () => true),
    async stop() {
      await stopTimer();
      await running?.catch(() => {});
    },
  };
}

export type BackupStatus = { lastAt: string | null; intervalHours: number; overdue: boolean };

export async function backupStatus(
  db: BackupSource["handle"]["db"],
  intervalHours: number,
  now = new Date(),
): Promise<BackupStatus> {
  const last = await lastGoodBackup(db);
  const overdue = intervalHours > 0 && (!last || now.getTime() - last.at.getTime() > 2 * intervalHours * HOUR_MS);
  return { lastAt: last?.at.toISOString() ?? null, intervalHours, overdue };
}

let metricRegistered = false;

export function registerBackupMetric(db: () => Promise<AppDatabase>): void {
  if (metricRegistered) return;
  metricRegistered = true;
  addScrapeGauge(
    "solar_last_backup_age_seconds",
    "Seconds since the snapshot of the last good backup (no sample before the first)",
    async () => {
      const last = await lastGoodBackup(await db());
      return last ? Math.round((Date.now() - last.at.getTime()) / 1000) : null;
    },
  );
}
