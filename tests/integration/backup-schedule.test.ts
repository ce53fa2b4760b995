import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastGoodBackup, pruneBackups } from "~/server/backup/backup.server";
import { backupIdAt, FolderBackupLocation } from "~/server/backup/backup-location.server";
import { backupStatus, registerBackupMetric, startBackups } from "~/server/backup/backup-schedule.server";
import { openDatabase } from "~/server/db/client.server";
import { auditEvents, leadSubmissions } from "~/server/db/schema";
import { metricsRegistry } from "~/server/metrics/registry.server";
import { LocalBillStorage, newBillKey } from "~/server/storage/bill-storage.server";
import { dbTargets, openMigrated, pgliteTarget, type TestDatabase } from "./db-targets";

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
const keep = { daily: 7, weekly: 4 };

describe.each(dbTargets)("scheduled backups on $name", (target) => {
  let source: TestDatabase;
  beforeAll(async () => {
    source = await openMigrated(target);
  });
  afterAll(async () => {
    await source.close();
  });

  it("backs up when due, once across instances, and records it where the dashboard and /readyz read it", async () => {
    const location = new FolderBackupLocation(tmp("backups"));
    const storage = new LocalBillStorage(tmp("bills"));
    const before = await backupStatus(source.db, 24);
    expect(before).toMatchObject({ lastAt: null, overdue: true });
    // A second instance on the same PostgreSQL database (on PGlite there is only ever one).
    const second =
      target.name === "postgres" ? await openDatabase({ databaseUrl: source.databaseUrl as string }) : source;
    const schedules = [source, second].map((handle) =>
      startBackups({
        handle,
        databaseUrl: source.databaseUrl,
        storage,
        location,
        intervalHours: 24,
        keep,
        checkEveryMs: 50,
      }),
    );
    try {
      // Several rounds of checks by both instances.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await Promise.all(schedules.map((schedule) => schedule.stop()));
      if (second !== source) await second.close();
    }
    expect(await location.listIds()).toHaveLength(1);
    const rows = await source.db.select().from(auditEvents).where(eq(auditEvents.action, "backup.completed"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ trigger: "schedule", leads: 0 });
    const after = await backupStatus(source.db, 24);
    expect(after.overdue).toBe(false);
    expect(after.lastAt).toBe(rows[0]?.details.createdAt);
    // Older than twice the interval: overdue.
    expect((await backupStatus(source.db, 24, new Date(Date.now() + 49 * 3_600_000))).overdue).toBe(true);
    expect((await backupStatus(source.db, 0, new Date(Date.now() + 49 * 3_600_000))).overdue).toBe(false);
  });

  it("records a failed backup in the audit log and keeps no partial backup", async () => {
    const location = new FolderBackupLocation(tmp("backups"));
    const failing = new LocalBillStorage(tmp("bills"));
    const storage = {
      ...failing,
      get: () => Promise.reject(new Error("storage is down")),
      list: failing.list.bind(failing),
    };
    // A lead with a bill, so the backup has a file to copy.
    await source.db
      .insert(leadSubmissions)
      .values({ businessName: "A", contactName: "B", email: "c@d.example", fileUrl: newBillKey("pdf") });
    const schedule = startBackups({
      handle: source,
      databaseUrl: source.databaseUrl,
      storage: storage as never,
      location,
      intervalHours: 0,
      keep,
    });
    await expect(schedule.now("command")).rejects.toThrow(/storage is down/);
    await schedule.stop();
    expect(await location.listIds()).toEqual([]);
    const [row] = await source.db.select().from(auditEvents).where(eq(auditEvents.action, "backup.failed"));
    expect(row?.details).toMatchObject({ trigger: "command", error: "storage is down" });
  });
});

describe("backup retention", () => {
  it("keeps the newest of each of the last 7 days and 4 weeks, and drops incomplete ones a day old", async () => {
    const root = tmp("retention");
    const location = new FolderBackupLocation(root);
    const now = new Date("2026-11-29T12:00:00Z");
    const ids: string[] = [];
    // Two backups a day for 40 days.
    for (let day = 0; day < 40; day++) {
      for (const hour of [1, 13]) {
        const at = new Date(now.getTime() - day * 86_400_000);
        at.setUTCHours(hour, 0, 0, 0);
        if (at > now) continue;
        const id = backupIdAt(at);
        ids.push(id);
        await location.write(`${id}/manifest.json`, Readable.from([Buffer.from(fakeManifest(id, at))]), 0);
      }
    }
    const incompleteOld = backupIdAt(new Date(now.getTime() - 2 * 86_400_000 + 3_000));
    const incompleteNew = backupIdAt(new Date(now.getTime() - 3_600_000 + 5));
    fs.mkdirSync(path.join(root, incompleteOld));
    fs.mkdirSync(path.join(root, incompleteNew));

    const removed = await pruneBackups(location, keep, now);
    const left = (await location.listIds()).sort();
    expect(removed).toContain(incompleteOld);
    expect(left).toContain(incompleteNew);
    const complete = left.filter((id) => id !== incompleteNew);
    // 7 days (the newest of each) + the Sundays... the newest of each of 4 weeks, some the same.
    const days = new Set(complete.map((id) => id.slice(7, 17)));
    expect(days.size).toBe(complete.length);
    expect(complete).toContain(ids[0]);
    for (let day = 0; day < 7; day++) {
      const date = new Date(now.getTime() - day * 86_400_000).toISOString().slice(0, 10);
      expect(days.has(date), date).toBe(true);
    }
    // The weeks of Nov 2, 9, 16 and 23, 2026 keep one each beyond the last 7 days' own.
    expect(complete.length).toBeLessThanOrEqual(11);
    expect(complete.some((id) => id.startsWith("backup-2026-11-08"))).toBe(true);
    expect(complete.some((id) => id.startsWith("backup-2026-10-"))).toBe(false);
  });
});

function fakeManifest(id: string, at: Date): string {
  return JSON.stringify({
    format: 1,
    id,
    createdAt: at.toISOString(),
    finishedAt: at.toISOString(),
    engine: "pglite",
    app: { version: "test" },
    schema: { migrations: 1, last: 1 },
    tables: {},
    files: [],
    missingBills: [],
  });
}

it("lastGoodBackup reads the newest completed backup", async () => {
  const handle = await openMigrated(pgliteTarget);
  try {
    expect(await lastGoodBackup(handle.db)).toBeNull();
    await handle.db.insert(auditEvents).values([
      {
        action: "backup.completed",
        subject: "backup-a",
        details: { createdAt: "2026-11-01T00:00:00.000Z" },
        at: new Date("2026-11-01T00:05:00Z"),
      },
      {
        action: "backup.completed",
        subject: "backup-b",
        details: { createdAt: "2026-11-02T00:00:00.000Z" },
        at: new Date("2026-11-02T00:05:00Z"),
      },
      { action: "backup.failed", details: {}, at: new Date("2026-11-03T00:00:00Z") },
    ]);
    expect(await lastGoodBackup(handle.db)).toEqual({ at: new Date("2026-11-02T00:00:00.000Z"), id: "backup-b" });
    // The same figure reaches /metrics as an age.
    registerBackupMetric(async () => handle.db);
    const scraped = await metricsRegistry.getSingleMetricAsString("solar_last_backup_age_seconds");
    const age = Number(/solar_last_backup_age_seconds (\d+)/.exec(scraped)?.[1]);
    expect(Math.abs(age - (Date.now() - Date.parse("2026-11-02T00:00:00Z")) / 1000)).toBeLessThan(5);
  } finally {
    await handle.close();
  }
});
