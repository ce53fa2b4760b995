import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { takeBackup } from "../../app/server/backup/backup.server";
import { FolderBackupLocation } from "../../app/server/backup/backup-location.server";
import { restoreBackup } from "../../app/server/backup/restore.server";
import { type DatabaseHandle, openDatabase } from "../../app/server/db/client.server";
import { LocalBillStorage, newBillKey } from "../../app/server/storage/bill-storage.server";

// The restore time is the RTO of docs/operations.md (plus a server start).
const LEADS = Number(process.env.BENCH_BACKUP_LEADS ?? 100_000);
const BILLS = Number(process.env.BENCH_BACKUP_BILLS ?? 1_000);
const POSTGRES = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `bench-backup-${name}-`));

async function fill(handle: DatabaseHandle, storage: LocalBillStorage) {
  await handle.db.execute(sql`insert into leads (kind, name, email, phone, question, state, source_page)
    select 'consultation', 'Lead ' || g, 'lead' || g || '@business.example', '415210' || lpad((g % 10000)::text, 4, '0'),
           'We run a ' || g || ' sq ft warehouse; is the 30% credit still there for us?', 'CA', '/farms'
    from generate_series(1, ${LEADS}) g`);
  await handle.db.execute(sql`insert into email_outbox (form_type, subject, to_address, form_data, lead_id, status)
    select 'Solar Advisor Consultation', 'New consultation: ' || name, 'leads@firm.example',
           jsonb_build_object('name', name, 'email', email, 'question', question), id, 'sent' from leads`);
  await handle.db.execute(sql`insert into lead_notes (lead_id, author_name, body)
    select id, 'Alex Rivera', 'Called, left a voicemail about the site visit.' from leads where random() < 0.1`);
  const file = crypto.randomBytes(100 * 1024);
  for (let n = 0; n < BILLS; n++) {
    const key = newBillKey("pdf");
    await storage.put(key, Readable.from([file]), "application/pdf");
    await handle.db.execute(sql`insert into lead_submissions (business_name, contact_name, email, file_url, monthly_energy_bill)
      values (${`Farm ${n}`}, ${`Owner ${n}`}, ${`owner${n}@farm.example`}, ${key}, ${2000 + n})`);
  }
}

async function createDatabase(name: string): Promise<string> {
  const admin = await openDatabase({ databaseUrl: POSTGRES, poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`create database "${name}"`));
  } finally {
    await admin.close();
  }
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string) {
  const admin = await openDatabase({ databaseUrl: POSTGRES, poolMax: 1 });
  try {
    await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  } finally {
    await admin.close();
  }
}

async function postgresAnswers(): Promise<boolean> {
  try {
    const handle = await openDatabase({ databaseUrl: POSTGRES, poolMax: 1 });
    await handle.db.execute(sql`select 1`);
    await handle.close();
    return true;
  } catch {
    return false;
  }
}

export type BackupBenchRow = {
  engine: string;
  leads: number;
  bills: number;
  "backup s": string;
  "size MB": string;
  "restore s": string;
};

async function benchEngine(engine: "pglite" | "postgres"): Promise<BackupBenchRow> {
  const suffix = `${Date.now()}_${process.pid}`;
  const sourceUrl = engine === "postgres" ? await createDatabase(`bench_backup_src_${suffix}`) : undefined;
  const targetUrl = engine === "postgres" ? await createDatabase(`bench_backup_dst_${suffix}`) : undefined;
  const source = sourceUrl
    ? await openDatabase({ databaseUrl: sourceUrl })
    : await openDatabase({ dataDir: tmp("source") });
  const dirs = { bills: tmp("bills"), backups: tmp("location"), target: tmp("target") };
  try {
    await source.migrate();
    const storage = new LocalBillStorage(dirs.bills);
    await fill(source, storage);
    const location = new FolderBackupLocation(dirs.backups);
    let started = performance.now();
    const manifest = await takeBackup({ handle: source, databaseUrl: sourceUrl, storage, location });
    const backupSeconds = (performance.now() - started) / 1000;
    const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    started = performance.now();
    await restoreBackup({
      location,
      id: manifest.id,
      target: targetUrl ? { kind: "postgres", databaseUrl: targetUrl } : { kind: "pglite", dataDir: dirs.target },
      storage: new LocalBillStorage(path.join(dirs.target, "uploads")),
    });
    const restoreSeconds = (performance.now() - started) / 1000;
    return {
      engine: engine === "pglite" ? "PGlite" : "PostgreSQL",
      leads: manifest.tables["public.leads"] ?? 0,
      bills: manifest.files.length - 1,
      "backup s": backupSeconds.toFixed(1),
      "size MB": (bytes / 1e6).toFixed(1),
      "restore s": restoreSeconds.toFixed(1),
    };
  } finally {
    await source.close();
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
    if (sourceUrl) await dropDatabase(`bench_backup_src_${suffix}`);
    if (targetUrl) await dropDatabase(`bench_backup_dst_${suffix}`);
  }
}

export async function benchBackup(): Promise<BackupBenchRow[]> {
  const rows = [await benchEngine("pglite")];
  if (await postgresAnswers()) rows.push(await benchEngine("postgres"));
  else console.log(`Backup bench: no PostgreSQL at ${POSTGRES}, PGlite only`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchBackup());
}
