import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { takeBackup } from "~/server/backup/backup.server";
import { FolderBackupLocation } from "~/server/backup/backup-location.server";
import { restoreBackup } from "~/server/backup/restore.server";
import { openDatabase } from "~/server/db/client.server";
import { auditEvents, leadSubmissions } from "~/server/db/schema";
import { storeBillSubmission, storeLead } from "~/server/leads/lead-store.server";
import { deletePersonalData } from "~/server/privacy/privacy-requests.server";
import { type BillStorage, newBillKey } from "~/server/storage/bill-storage.server";
import { backupPlaces, tmp } from "./backup-places";
import { dbTargets, type TestDatabase } from "./db-targets";
import { scanForText } from "./personal-data-scan";

const PERSON = "gone@vineyard.example";
const KEPT = "stays@vineyard.example";
const job = { formType: "Solar Assessment" as const, subject: "Bill", to: "leads@example.com", formData: {} };

const { storageOf, locationOf } = backupPlaces("privacy-restore");

async function storeBill(db: TestDatabase["db"], storage: BillStorage, email: string) {
  const key = newBillKey("pdf");
  await storage.put(key, Readable.from([Buffer.from(`%PDF-1.4\n% ${email}\n`)]), "application/pdf");
  await storeBillSubmission(
    db,
    { businessName: "Vineyard", contactName: "V", email, fileUrl: key },
    { ...job, formData: (id) => ({ id }) },
  );
  return key;
}

describe.each(dbTargets)("a restore on $name", (target) => {
  /** The backup folder copied to a new place, without the deletion journal beside it. */
  function copiedBackup(location: FolderBackupLocation, id: string): FolderBackupLocation {
    const copy = tmp("copied-backups");
    fs.cpSync(path.join(location.description, id), path.join(copy, id), { recursive: true });
    return new FolderBackupLocation(copy);
  }

  // One storage per engine: the journal is the same on both (the drill covers every pair).
  const kind = target.name === "pglite" ? "local" : "s3";
  // A whole backup and restore of PGlite, as in the restore drill: tens of seconds on a busy machine.
  it(`deletes again an address deleted after the backup was taken (${kind})`, async () => {
    const source = await target.open();
    const empty: TestDatabase | null = target.name === "postgres" ? await target.openEmpty() : null;
    const dataDir = tmp("privacy-restored");
    const sourceBills = storageOf(kind, "source");
    const restoredBills = storageOf(kind, "restored");
    const location = locationOf(kind);
    try {
      await storeLead(source.db, { kind: "consultation", name: "Gone", email: PERSON }, { ...job, formData: {} });
      const goneKey = await storeBill(source.db, sourceBills, PERSON);
      const keptKey = await storeBill(source.db, sourceBills, KEPT);
      const manifest = await takeBackup({
        handle: source,
        databaseUrl: source.databaseUrl,
        storage: sourceBills,
        location,
      });
      const deleted = await deletePersonalData(source.db, sourceBills, location, PERSON);
      expect(deleted.journaled).toBe(true);

      const restoreTarget =
        target.name === "postgres"
          ? { kind: "postgres" as const, databaseUrl: empty?.databaseUrl as string }
          : { kind: "pglite" as const, dataDir };
      // A local backup is restored from a copy elsewhere: the journal in BACKUP_URL still applies.
      const from = location instanceof FolderBackupLocation ? copiedBackup(location, manifest.id) : location;
      await restoreBackup({
        location: from,
        id: manifest.id,
        target: restoreTarget,
        storage: restoredBills,
        journals: [location, from],
      });
      const restored =
        target.name === "postgres"
          ? await openDatabase({ databaseUrl: empty?.databaseUrl as string })
          : await openDatabase({ dataDir });
      try {
        expect(await scanForText(restored.db, PERSON)).toEqual({});
        expect(await restoredBills.get(goneKey)).toBeNull();
        expect(await restoredBills.get(keptKey)).not.toBeNull();
        expect((await restored.db.select().from(leadSubmissions)).map((row) => row.email)).toEqual([KEPT]);
        const again = await restored.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy.deleted"));
        expect(again.map((row) => row.details.reapplied)).toEqual([true]);
      } finally {
        await restored.close();
      }
    } finally {
      await source.close();
      await empty?.close();
    }
  }, 120_000);
});
