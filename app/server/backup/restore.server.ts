import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recordAudit } from "../audit/audit-log.server";
import { type DatabaseHandle, openDatabase } from "../db/client.server";
import { acquireDataDirLock } from "../db/data-dir-lock.server";
import { log } from "../log.server";
import { type JournalEntry, readJournal, reapplyDeletions } from "../privacy/deletion-journal.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { readManifest } from "./backup.server";
import { type BackupManifest, BILLS_FOLDER, checkBackupFile, downloadBackupFile, hashing } from "./backup-files.server";
import type { BackupLocation } from "./backup-location.server";
import { countTables, pgConnection, rawClient, runPgTool } from "./database-dump.server";

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; databaseUrl: string };

export type RestoreOptions = {
  location: BackupLocation;
  id: string;
  target: RestoreTarget;
  storage: BillStorage;
  force?: boolean;
  journals?: BackupLocation[];
  migrationsFolder?: string;
};

type Journal = { entries: { when: number; tag: string }[] };

function readMigrationJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
}

async function verifyBackup(location: BackupLocation, id: string, migrationsFolder: string) {
  const manifest = await readManifest(location, id);
  if (!manifest) {
    throw new RestoreRefused(
      `${location.description}/${id} has no readable manifest: it is incomplete or damaged. Nothing was restored.`,
    );
  }
  const journal = readMigrationJournal(migrationsFolder).entries;
  const known = journal.findIndex((entry) => entry.when === manifest.schema.last);
  if (manifest.schema.migrations > journal.length || (manifest.schema.migrations > 0 && known === -1)) {
    throw new RestoreRefused(
      `Backup ${id} was made by a newer version of the app (app ${manifest.app.version}, ${manifest.schema.migrations} migrations; this one knows ${journal.length}). Restore it with that version or a later one. Nothing was restored.`,
    );
  }
  const problems: string[] = [];
  for (const file of manifest.files) {
    const problem = await checkBackupFile(location, id, file);
    if (problem) problems.push(problem);
  }
  if (problems.length) {
    throw new RestoreRefused(`Backup ${id} is damaged; nothing was restored:\n  - ${problems.join("\n  - ")}`);
  }
  return manifest;
}

async function readJournals(locations: BackupLocation[]): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  const seen = new Set<string>();
  for (const journal of locations) {
    if (seen.has(journal.description)) continue;
    seen.add(journal.description);
    try {
      entries.push(...(await readJournal(journal)));
    } catch (error) {
      throw new RestoreRefused(
        `The deletion journal in ${journal.description} cannot be read (${(error as Error).message}): without it a restore could bring deleted people back. Nothing was restored.`,
      );
    }
  }
  return entries;
}

async function storageIsEmpty(storage: BillStorage): Promise<boolean> {
  for await (const _ of storage.list(new Date(8.64e15))) return false;
  return true;
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const handle = await openDatabase({ databaseUrl, poolMax: 1 });
  try {
    const result = await rawClient(handle).query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname in ('public', 'drizzle')",
    );
    return Number(result.rows[0]?.n) === 0;
  } finally {
    await handle.close();
  }
}

/**
 * Verified whole first (a damaged, truncated or newer backup changes nothing); row counts are checked
 * against the manifest, then migrated forward.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { location, id, target, storage, force = false } = options;
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  const manifest = await verifyBackup(location, id, migrationsFolder);
  const databaseFile = manifest.files.find((file) => file.name.startsWith("database."));
  if (!databaseFile) throw new RestoreRefused(`Backup ${id} holds no database file. Nothing was restored.`);
  if (!databaseFile.name.endsWith(target.kind === "pglite" ? ".pglite.tar.gz" : ".pgdump")) {
    throw new RestoreRefused(
      `Backup ${id} is of the ${manifest.engine === "pglite" ? "embedded database (PGlite)" : "PostgreSQL"} engine and restores only into the same engine (${target.kind === "pglite" ? "unset DATABASE_URL" : "set DATABASE_URL"}). Nothing was restored.`,
    );
  }

  // A journal that cannot be read stops the restore here, before anything changes.
  const deletions = await readJournals(options.journals ?? [location]);

  const pgliteFolder = target.kind === "pglite" ? path.join(path.resolve(target.dataDir), "pglite") : "";
  const releaseLock = target.kind === "pglite" ? acquireDataDirLock(path.resolve(target.dataDir)) : () => {};
  let databaseEmpty: boolean;
  try {
    databaseEmpty =
      target.kind === "pglite"
        ? !fs.existsSync(pgliteFolder) || fs.readdirSync(pgliteFolder).length === 0
        : await postgresIsEmpty(target.databaseUrl);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const billsEmpty = await storageIsEmpty(storage);
  if (!force && (!databaseEmpty || !billsEmpty)) {
    releaseLock();
    throw new RestoreRefused(
      `The target is not empty (${[!databaseEmpty && "database", !billsEmpty && "bill storage"].filter(Boolean).join(" and ")}). Restore into an empty one, or pass --force to restore over it${target.kind === "pglite" ? " (the current database folder is kept beside it)" : " (its tables are dropped)"}. Nothing was restored.`,
    );
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "solar-restore-"));
  try {
    const local = path.join(work, databaseFile.name);
    await downloadBackupFile(location, id, databaseFile, local);
    if (target.kind === "pglite" && !databaseEmpty) {
      fs.renameSync(pgliteFolder, `${pgliteFolder}.before-restore-${Date.now()}`);
    }
    releaseLock();
    const handle = await restoreDatabase(target, local, databaseEmpty);
    try {
      const counts = await countTables(rawClient(handle), Object.keys(manifest.tables));
      const wrong = Object.entries(manifest.tables).filter(([name, n]) => counts[name] !== n);
      if (wrong.length) {
        throw new Error(
          `Restored database does not match the manifest: ${wrong.map(([name, n]) => `${name} has ${counts[name]} rows, expected ${n}`).join("; ")}`,
        );
      }
      await handle.migrate();
      await restoreBills(location, id, manifest, storage, force);
      // Whoever was deleted after this backup is deleted again (decision 0036).
      const deletedAgain = await reapplyDeletions(handle.db, storage, deletions, new Date(manifest.createdAt));
      if (deletedAgain) log.info({ id, addresses: deletedAgain }, "Privacy deletions re-applied after the restore");
      await recordAudit(
        {
          action: "backup.restored",
          subject: id,
          details: { createdAt: manifest.createdAt, from: location.description },
        },
        handle.db,
      );
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  log.info({ id, createdAt: manifest.createdAt }, "Backup restored");
  return manifest;
}

async function restoreDatabase(target: RestoreTarget, file: string, empty: boolean): Promise<DatabaseHandle> {
  if (target.kind === "pglite") {
    const tarball = new Blob([fs.readFileSync(file)]);
    return openDatabase({ dataDir: target.dataDir, loadDataDir: tarball });
  }
  const { dbname, env } = pgConnection(target.databaseUrl);
  if (empty) {
    await runPgTool(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        "--no-password",
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  } else {
    // psql -1: a restore that fails leaves the database as it was.
    const script = `${file}.sql`;
    await runPgTool("pg_restore", ["--no-owner", "--no-privileges", `--file=${script}`, file], env);
    const wrapper = `${file}.restore.sql`;
    fs.writeFileSync(
      wrapper,
      `drop schema if exists drizzle cascade;\ndrop schema public cascade;\ncreate schema public;\n\\i ${script}\n`,
    );
    await runPgTool(
      "psql",
      ["-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", "--no-password", `--dbname=${dbname}`, `--file=${wrapper}`],
      env,
    );
  }
  return openDatabase({ databaseUrl: target.databaseUrl });
}

async function restoreBills(
  location: BackupLocation,
  id: string,
  manifest: BackupManifest,
  storage: BillStorage,
  force: boolean,
): Promise<void> {
  for (const file of manifest.files) {
    if (!file.name.startsWith(BILLS_FOLDER)) continue;
    const key = file.name.slice(BILLS_FOLDER.length);
    if (force) await storage.delete(key);
    const hashed = hashing(await location.read(`${id}/${file.name}`));
    await storage.put(key, hashed.stream, file.contentType ?? "application/octet-stream");
    const { bytes, sha256 } = hashed.digest();
    if (bytes !== file.bytes || sha256 !== file.sha256) {
      await storage.delete(key);
      throw new Error(`${file.name} changed while it was restored`);
    }
  }
}
