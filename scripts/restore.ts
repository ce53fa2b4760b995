import fs from "node:fs";
import path from "node:path";
import { readManifest } from "../app/server/backup/backup.server";
import { BACKUP_ID, backupLocationFromConfig } from "../app/server/backup/backup-location.server";
import { RestoreRefused, restoreBackup } from "../app/server/backup/restore.server";
import { ConfigError, getConfig } from "../app/server/config.server";
import { DataDirLockedError } from "../app/server/db/data-dir-lock.server";
import { billStorageFromConfig } from "../app/server/storage/bill-storage.server";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const USAGE = `Usage: npm run restore -- <backup> [--force]
       npm run restore -- --list
<backup> is an id from --list (in BACKUP_URL), a backup's folder, or s3://bucket/prefix/backup-….
Restores into DATABASE_URL (or the embedded database in DATA_DIR, with the server stopped) and the
configured bill storage; both must be empty unless --force is given.`;

async function main(args: string[]): Promise<number> {
  const config = getConfig();
  const force = args.includes("--force");
  const [source] = args.filter((arg) => !arg.startsWith("--"));
  if (args.includes("--list")) {
    const location = backupLocationFromConfig(config);
    const ids = (await location.listIds()).sort();
    for (const id of ids) {
      const manifest = await readManifest(location, id);
      console.log(
        manifest
          ? `${id}  ${manifest.engine}  ${manifest.tables["public.leads"] ?? 0} leads  app ${manifest.app.version}`
          : `${id}  incomplete (no manifest)`,
      );
    }
    if (!ids.length) console.log(`No backups in ${location.description}.`);
    return 0;
  }
  if (!source) {
    console.error(USAGE);
    return 2;
  }
  const id = path.basename(source.replace(/\/+$/, ""));
  if (!BACKUP_ID.test(id)) {
    console.error(`${source} is not a backup (its name should look like backup-2026-11-29T06-40-12-345Z).\n${USAGE}`);
    return 2;
  }
  const parent = source === id ? undefined : source.replace(/\/+$/, "").slice(0, -id.length) || ".";
  const location = backupLocationFromConfig(config, parent);
  const manifest = await restoreBackup({
    location,
    id,
    target: config.DATABASE_URL
      ? { kind: "postgres", databaseUrl: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
    storage: billStorageFromConfig(config, config.DATA_DIR),
    force,
    // Deletions are journaled in BACKUP_URL: a backup copied elsewhere must still honour them.
    journals: [backupLocationFromConfig(config), location],
  });
  console.log(
    `Restored ${id} (taken ${manifest.createdAt}): ${manifest.tables["public.leads"] ?? 0} leads, ${
      manifest.files.length - 1
    } bill files; migrated to this version.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known =
      error instanceof RestoreRefused || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(known ? error.message : `Restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
