import fs from "node:fs";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";
import { desc, eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log.server";
import type { AppDatabase, DatabaseHandle } from "../db/client.server";
import { auditEvents } from "../db/schema";
import { errorFields, log } from "../log.server";
import type { BillStorage } from "../storage/bill-storage.server";
import {
  appVersion,
  type BackupFile,
  type BackupManifest,
  BILLS_FOLDER,
  MANIFEST,
  manifestSchema,
  writeBackupFile,
} from "./backup-files.server";
import { BackupFileMissing, type BackupLocation, backupIdAt, backupIdTime } from "./backup-location.server";
import { dumpPglite, dumpPostgres } from "./database-dump.server";

export type BackupSource = {
  handle: DatabaseHandle;
  /** pg_dump connects on its own. */
  databaseUrl?: string;
  storage: BillStorage;
  location: BackupLocation;
};

const BILLS_AT_ONCE = 4;

/** A bill is stored before its row is written, so every bill the snapshot names is there. */
export async function takeBackup(source: BackupSource): Promise<BackupManifest> {
  const { handle, storage, location } = source;
  const dump =
    handle.kind === "pglite"
      ? await dumpPglite((handle.db as unknown as { $client: PGlite }).$client)
      : await dumpPostgres(requireUrl(source.databaseUrl));
  const id = backupIdAt(dump.at);
  try {
    const files: BackupFile[] = [
      await writeBackupFile(location, id, dump.fileName, fs.createReadStream(dump.file), fs.statSync(dump.file).size),
    ];
    const missingBills: string[] = [];
    const keys = [...dump.billKeys];
    const copyNext = async (): Promise<void> => {
      const key = keys.shift();
      if (key === undefined) return;
      const bill = await storage.get(key);
      if (bill) {
        files.push(
          await writeBackupFile(location, id, `${BILLS_FOLDER}${key}`, bill.body, bill.size, bill.contentType),
        );
      } else {
        missingBills.push(key);
      }
      return copyNext();
    };
    await Promise.all(Array.from({ length: BILLS_AT_ONCE }, copyNext));
    if (missingBills.length)
      log.warn({ missingBills: missingBills.length }, "Backup: bill files named by leads are missing from storage");
    const manifest: BackupManifest = {
      format: 1,
      id,
      createdAt: dump.at.toISOString(),
      finishedAt: new Date().toISOString(),
      engine: handle.kind,
      app: { version: appVersion() },
      schema: { migrations: dump.migrations.count, last: dump.migrations.last },
      tables: dump.tables,
      files,
      missingBills,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 2));
    await location.write(`${id}/${MANIFEST}`, Readable.from([text]), text.length);
    return manifest;
  } catch (error) {
    await location.remove(id).catch(() => {});
    throw error;
  } finally {
    dump.cleanup();
  }
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error("A PostgreSQL backup needs DATABASE_URL");
  return url;
}

export async function readManifest(location: BackupLocation, id: string): Promise<BackupManifest | null> {
  let text = "";
  try {
    for await (const chunk of await location.read(`${id}/${MANIFEST}`)) text += chunk;
  } catch (error) {
    if (error instanceof BackupFileMissing) return null;
    throw error;
  }
  try {
    return manifestSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Weeks run Monday to Sunday, UTC. Incomplete backups go once a day old (one in progress is younger). */
export async function pruneBackups(
  location: BackupLocation,
  keep: { daily: number; weekly: number },
  now = new Date(),
): Promise<string[]> {
  const ids = (await location.listIds()).sort().reverse();
  const complete: string[] = [];
  const removed: string[] = [];
  for (const id of ids) {
    if (await readManifest(location, id)) complete.push(id);
    else if (now.getTime() - (backupIdTime(id)?.getTime() ?? 0) > 86_400_000) removed.push(id);
  }
  const kept = new Set<string>(complete.slice(0, 1));
  const newestPer = (period: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const id of complete) {
      const key = period(backupIdTime(id) as Date);
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(id);
    }
  };
  newestPer((at) => at.toISOString().slice(0, 10), keep.daily);
  newestPer((at) => {
    const monday = new Date(at);
    monday.setUTCDate(at.getUTCDate() - ((at.getUTCDay() + 6) % 7));
    return monday.toISOString().slice(0, 10);
  }, keep.weekly);
  removed.push(...complete.filter((id) => !kept.has(id)));
  for (const id of removed) await location.remove(id);
  return removed;
}

export type LastBackup = { at: Date; id: string | null };

export async function lastGoodBackup(db: AppDatabase): Promise<LastBackup | null> {
  const [row] = await db
    .select({ at: auditEvents.at, subject: auditEvents.subject, details: auditEvents.details })
    .from(auditEvents)
    .where(eq(auditEvents.action, "backup.completed"))
    .orderBy(desc(auditEvents.at))
    .limit(1);
  if (!row) return null;
  const createdAt = typeof row.details.createdAt === "string" ? new Date(row.details.createdAt) : row.at;
  return { at: createdAt, id: row.subject };
}

export async function backupAndRecord(
  source: BackupSource,
  options: { keep: { daily: number; weekly: number }; trigger: string },
): Promise<BackupManifest> {
  const started = Date.now();
  let manifest: BackupManifest;
  try {
    manifest = await takeBackup(source);
  } catch (error) {
    await recordAudit(
      {
        action: "backup.failed",
        details: {
          location: source.location.description,
          trigger: options.trigger,
          error: String((error as Error).message).slice(0, 500),
        },
      },
      source.handle.db,
    );
    log.error({ ...errorFields(error), location: source.location.description }, "Backup failed");
    throw error;
  }
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  await recordAudit(
    {
      action: "backup.completed",
      subject: manifest.id,
      details: {
        createdAt: manifest.createdAt,
        location: source.location.description,
        trigger: options.trigger,
        bytes,
        leads: manifest.tables["public.leads"] ?? 0,
        bills: manifest.files.length - 1,
        seconds: Math.round((Date.now() - started) / 100) / 10,
      },
    },
    source.handle.db,
  );
  log.info({ id: manifest.id, bytes, location: source.location.description }, "Backup written");
  try {
    const removed = await pruneBackups(source.location, options.keep);
    if (removed.length) log.info({ removed }, "Old backups removed");
  } catch (error) {
    log.warn(errorFields(error), "Old backups could not be pruned");
  }
  return manifest;
}
