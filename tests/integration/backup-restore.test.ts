import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest, takeBackup } from "~/server/backup/backup.server";
import { FolderBackupLocation } from "~/server/backup/backup-location.server";
import { rawClient } from "~/server/backup/database-dump.server";
import { RestoreRefused, restoreBackup } from "~/server/backup/restore.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import { leadNotes } from "~/server/db/schema";
import { storeBillSubmission, storeGuideRequest, storeLead } from "~/server/leads/lead-store.server";
import { recordLeadEvent } from "~/server/queries/lead-events.server";
import { type BillStorage, LocalBillStorage, newBillKey } from "~/server/storage/bill-storage.server";
import { backupPlaces, type StorageKind, tmp } from "./backup-places";
import { dbTargets, openMigrated, pgliteTarget, type TestDatabase } from "./db-targets";

const pdf = (n: number) => Buffer.concat([Buffer.from(`%PDF-1.4\n% bill ${n}\n`), Buffer.alloc(3000 + n * 7, n % 250)]);
const staffJob = (name: string) => ({
  formType: "Solar Advisor Consultation" as const,
  subject: `New lead: ${name}`,
  to: "leads@example.com",
  formData: { name },
});

async function storeBill(db: DatabaseHandle["db"], storage: BillStorage, name: string, n: number) {
  const key = newBillKey("pdf");
  await storage.put(key, Readable.from([pdf(n)]), "application/pdf");
  return storeBillSubmission(
    db,
    {
      businessName: `${name} Farms`,
      contactName: name,
      email: `${name.toLowerCase()}@farm.example`,
      fileUrl: key,
      monthlyEnergyBill: 1000 + n,
    },
    { formType: "Solar Assessment", subject: `Bill from ${name}`, to: "leads@example.com", formData: (id) => ({ id }) },
  );
}

/** Leads of every kind, with notes, timeline events, e-mails and bills. */
async function seedLeads(db: DatabaseHandle["db"], storage: BillStorage) {
  for (let n = 0; n < 4; n++) {
    const consultation = await storeLead(
      db,
      {
        kind: "consultation",
        name: `Consult ${n}`,
        email: `c${n}@winery.example`,
        question: "Is the credit still 30%?",
      },
      staffJob(`Consult ${n}`),
    );
    const guide = await storeGuideRequest(
      db,
      { kind: "guide", name: `Guide ${n}`, email: `g${n}@church.example` },
      {
        staff: staffJob(`Guide ${n}`),
        visitor: { ...staffJob(`Guide ${n}`), template: "guide-delivery", to: `g${n}@church.example` },
        perRecipientPerDay: 3,
      },
    );
    await storeLead(
      db,
      { kind: "estimate", name: `Estimate ${n}`, email: `e${n}@carwash.example` },
      staffJob(`Estimate ${n}`),
    );
    const bill = await storeBill(db, storage, `Bill${n}`, n);
    await db.insert(leadNotes).values({ leadId: consultation, authorName: "Alex", body: `Called ${n}` });
    await recordLeadEvent(db, {
      leadId: guide.id,
      type: "status",
      actor: { id: null as never, name: "Alex" },
      details: { to: "contacted" },
    });
    await recordLeadEvent(db, { leadId: bill, type: "file", actor: { id: null as never, name: "Alex" } });
  }
}

type Rows = Map<string, Set<string>>;

/** Every row of every table, as JSON text, by `schema.table`. */
async function allRows(handle: DatabaseHandle, tables: string[]): Promise<Rows> {
  const rows: Rows = new Map();
  for (const name of tables) {
    const [schema, table] = name.split(".");
    const result = await rawClient(handle).query<{ row: string }>(
      `select row_to_json(t)::text as row from "${schema}"."${table}" t`,
    );
    rows.set(name, new Set(result.rows.map((r) => r.row)));
  }
  return rows;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function storedKeys(storage: BillStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(new Date(8.64e15))) keys.push(key);
  return keys.sort();
}

const { storageOf, locationOf } = backupPlaces("restore-drill");

/**
 * Each engine with the other kind of bill storage than of backup location: between them the two
 * drills cover both engines, both bill storages and both locations (the storage and the location
 * do not depend on the engine, nor on each other), at half the cost of every pairing.
 */
const DRILL_KINDS = {
  pglite: { bills: "local", location: "s3" },
  postgres: { bills: "s3", location: "local" },
} as const satisfies Record<string, { bills: StorageKind; location: StorageKind }>;

describe.each(dbTargets)("restore drill on $name", (target) => {
  const kinds = DRILL_KINDS[target.name as keyof typeof DRILL_KINDS];
  // A whole backup and restore of PGlite: several seconds, more on a busy machine.
  it(`backs up while leads arrive, restores every row and bill byte for byte (${kinds.bills} bills, ${kinds.location} backups)`, async () => {
    const source = await openMigrated(target);
    const sourceBills = storageOf(kinds.bills, "source");
    const location = locationOf(kinds.location);
    const restoredBills = storageOf(kinds.bills, "restored");
    const dataDir = tmp("restored-data");
    const empty: TestDatabase | null = target.name === "postgres" ? await target.openEmpty() : null;
    try {
      await seedLeads(source.db, sourceBills);
      // Leads keep arriving while the backup runs: each is one transaction, in or out whole.
      let arriving = true;
      const during = (async () => {
        let n = 0;
        // Enough to overlap the backup; more only slows the drill (each is a whole lead with its e-mail).
        while (arriving && n < 40) {
          n++;
          await storeLead(
            source.db,
            { kind: "consultation", name: `During ${n}`, email: `d${n}@x.example` },
            staffJob(`During ${n}`),
          );
          if (n % 3 === 0) await storeBill(source.db, sourceBills, `During${n}`, 100 + n);
        }
        return n;
      })();
      const manifest = await takeBackup({
        handle: source,
        databaseUrl: source.databaseUrl,
        storage: sourceBills,
        location,
      });
      arriving = false;
      const arrived = await during;
      expect(arrived).toBeGreaterThan(0);

      const restoreTarget =
        target.name === "postgres"
          ? { kind: "postgres" as const, databaseUrl: empty?.databaseUrl as string }
          : { kind: "pglite" as const, dataDir };
      await restoreBackup({ location, id: manifest.id, target: restoreTarget, storage: restoredBills });

      const restored =
        target.name === "postgres"
          ? await openDatabase({ databaseUrl: empty?.databaseUrl as string })
          : await openDatabase({ dataDir });
      try {
        const tables = Object.keys(manifest.tables);
        const [before, after] = await Promise.all([allRows(source, tables), allRows(restored, tables)]);
        for (const table of tables) {
          const rows = [...(after.get(table) ?? [])].filter((row) => !row.includes('"backup.restored"'));
          expect(rows.length, table).toBe(manifest.tables[table]);
          // Every restored row is a row of the source as it was: nothing altered, nothing invented.
          for (const row of rows) expect(before.get(table)?.has(row), `${table}: ${row}`).toBe(true);
        }
        // Every lead of before the backup is back.
        const count = async (handle: DatabaseHandle, text: string) =>
          Number((await rawClient(handle).query<{ n: string }>(text)).rows[0]?.n);
        expect(await count(restored, "select count(*) as n from leads where name not like 'During%'")).toBe(12);
        expect(
          await count(restored, "select count(*) as n from lead_submissions where contact_name not like 'During%'"),
        ).toBe(4);
        expect(await count(restored, "select count(*) as n from lead_notes")).toBe(4);
        expect(await count(restored, "select count(*) as n from lead_events")).toBe(8);
        // A lead that arrived during the backup is there with its e-mail, or not at all.
        const halfPresent = await count(
          restored,
          `select count(*) as n from (
             select id from leads l where not exists (select 1 from email_outbox o where o.lead_id = l.id)
             union all
             select id from lead_submissions s where not exists (select 1 from email_outbox o where o.lead_submission_id = s.id)
             union all
             select o.id from email_outbox o where (o.lead_id is not null and not exists (select 1 from leads l where l.id = o.lead_id))
               or (o.lead_submission_id is not null and not exists (select 1 from lead_submissions s where s.id = o.lead_submission_id))
           ) half`,
        );
        expect(halfPresent).toBe(0);
        // The bills are exactly those the restored rows name, byte for byte.
        const named = (
          await rawClient(restored).query<{ key: string }>(
            "select file_url as key from lead_submissions where file_url is not null",
          )
        ).rows
          .map((row) => row.key)
          .sort();
        expect(await storedKeys(restoredBills)).toEqual(named);
        for (const key of named) {
          const [original, copy] = await Promise.all([sourceBills.get(key), restoredBills.get(key)]);
          expect(copy?.contentType).toBe("application/pdf");
          expect((await readAll(copy?.body as Readable)).equals(await readAll(original?.body as Readable))).toBe(true);
        }
        expect(manifest.missingBills).toEqual([]);
        // The restore is on record in the restored database.
        expect(await count(restored, "select count(*) as n from audit_events where action = 'backup.restored'")).toBe(
          1,
        );
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await empty?.close();
    }
  }, 120_000);
});

describe.each(dbTargets.filter((target) => target.name === "postgres"))("a forced restore on $name", (target) => {
  it("replaces a database in use in one transaction", async () => {
    const source = await openMigrated(target);
    const existing = await openMigrated(target);
    try {
      const storage = new LocalBillStorage(tmp("bills"));
      await seedLeads(source.db, storage);
      await storeLead(existing.db, { kind: "consultation", name: "Old", email: "old@x.example" }, staffJob("Old"));
      const location = new FolderBackupLocation(tmp("backups"));
      const { id } = await takeBackup({ handle: source, databaseUrl: source.databaseUrl, storage, location });
      const target = { kind: "postgres" as const, databaseUrl: existing.databaseUrl as string };
      const bills = new LocalBillStorage(tmp("restored-bills"));
      await expect(restoreBackup({ location, id, target, storage: bills })).rejects.toThrow(/not empty \(database\)/);
      await restoreBackup({ location, id, target, storage: bills, force: true });
      const names = await rawClient(existing).query<{ name: string }>("select name from leads order by name");
      expect(names.rows.map((row) => row.name)).not.toContain("Old");
      expect(names.rows).toHaveLength(12);
    } finally {
      await source.close();
      await existing.close();
    }
  });
});

describe("a backup that cannot be trusted is refused, and nothing is changed", () => {
  let source: TestDatabase;
  let storage: BillStorage;
  let root: string;
  let location: FolderBackupLocation;
  let id: string;

  beforeAll(async () => {
    source = await openMigrated(pgliteTarget);
    storage = new LocalBillStorage(tmp("bills"));
    await seedLeads(source.db, storage);
    root = tmp("backups");
    location = new FolderBackupLocation(root);
    id = (await takeBackup({ handle: source, storage, location })).id;
  });
  afterAll(async () => {
    await source.close();
  });

  /** A copy of the good backup under a new id, changed by `damage`. */
  function damagedCopy(damage: (folder: string) => void): string {
    const copy = id.replace(/\d{3}Z$/, (ms) => `${String((Number(ms.slice(0, 3)) + 1) % 1000).padStart(3, "0")}Z`);
    fs.rmSync(path.join(root, copy), { recursive: true, force: true });
    fs.cpSync(path.join(root, id), path.join(root, copy), { recursive: true });
    damage(path.join(root, copy));
    return copy;
  }

  async function expectRefused(backupId: string, message: RegExp) {
    const dataDir = tmp("target");
    const bills = new LocalBillStorage(path.join(dataDir, "uploads"));
    await expect(
      restoreBackup({ location, id: backupId, target: { kind: "pglite", dataDir }, storage: bills }),
    ).rejects.toThrow(message);
    // Untouched: no database folder made, no bill written.
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    expect(await storedKeys(bills)).toEqual([]);
  }

  it("refuses a bill file changed by one byte", async () => {
    const copy = damagedCopy((folder) => {
      const bills = path.join(folder, "bills", "energy-bills");
      const file = path.join(bills, fs.readdirSync(bills)[0] as string);
      const bytes = fs.readFileSync(file);
      bytes[100] = (bytes[100] ?? 0) ^ 0xff;
      fs.writeFileSync(file, bytes);
    });
    await expectRefused(copy, /damaged.*checksum does not match/s);
  });

  it("refuses a truncated database file", async () => {
    const copy = damagedCopy((folder) => {
      const file = path.join(folder, "database.pglite.tar.gz");
      fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2));
    });
    await expectRefused(copy, /database\.pglite\.tar\.gz: \d+ bytes where the manifest says \d+ \(truncated\?\)/);
  });

  it("refuses a backup without its manifest, or with a manifest cut short", async () => {
    await expectRefused(
      damagedCopy((folder) => fs.rmSync(path.join(folder, "manifest.json"))),
      /no readable manifest/,
    );
    const cut = damagedCopy((folder) => {
      const file = path.join(folder, "manifest.json");
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").slice(0, 200));
    });
    await expectRefused(cut, /no readable manifest/);
  });

  it("refuses a backup made by a newer version", async () => {
    const copy = damagedCopy((folder) => {
      const file = path.join(folder, "manifest.json");
      const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
      manifest.schema = { migrations: manifest.schema.migrations + 1, last: manifest.schema.last + 1 };
      fs.writeFileSync(file, JSON.stringify(manifest));
    });
    await expectRefused(copy, /made by a newer version/);
  });

  it("refuses a target that is not empty unless forced, and then keeps the old database aside", async () => {
    const dataDir = tmp("target");
    const bills = new LocalBillStorage(path.join(dataDir, "uploads"));
    await restoreBackup({ location, id, target: { kind: "pglite", dataDir }, storage: bills });
    const error = await restoreBackup({ location, id, target: { kind: "pglite", dataDir }, storage: bills }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(RestoreRefused);
    expect(error.message).toMatch(/not empty \(database and bill storage\).*--force/s);
    await restoreBackup({ location, id, target: { kind: "pglite", dataDir }, storage: bills, force: true });
    const setAside = () => fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite.before-restore-"));
    expect(setAside()).toHaveLength(1);
    const restored = await openDatabase({ dataDir });
    try {
      const result = await rawClient(restored).query<{ n: string }>("select count(*) as n from leads");
      expect(Number(result.rows[0]?.n)).toBe(12);
      // While a process has the database open, its folder is never set aside.
      await expect(
        restoreBackup({ location, id, target: { kind: "pglite", dataDir }, storage: bills, force: true }),
      ).rejects.toThrow(/in use by another process/);
      expect(setAside()).toHaveLength(1);
    } finally {
      await restored.close();
    }
  });

  it("writes the manifest last: a backup cut off before it is not listed as one", async () => {
    const copy = damagedCopy((folder) => fs.rmSync(path.join(folder, "manifest.json")));
    expect(await readManifest(location, copy)).toBeNull();
    expect((await readManifest(location, id))?.tables["public.leads"]).toBe(12);
  });
});
