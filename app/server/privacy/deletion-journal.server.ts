import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log.server";
import type { BackupLocation } from "../backup/backup-location.server";
import type { AppDatabase } from "../db/client.server";
import { emailSuppressions, leadBlocks, leadSubmissions, leads } from "../db/schema";
import type { BillStorage } from "../storage/bill-storage.server";
import { addressDigest } from "./address-digest.server";
import { eraseLeads } from "./lead-erasure.server";

/** Kept beside the backups, outside the database, so a restore cannot roll it back (decision 0036). */
const FOLDER = "deletions";
const DIGEST = /^[0-9a-f]{64}$/;

export type JournalEntry = { digest: string; deletedAt: string };

export async function journalDeletion(location: BackupLocation, digest: string, at = new Date()): Promise<void> {
  const body = Buffer.from(JSON.stringify({ digest, deletedAt: at.toISOString() } satisfies JournalEntry));
  await location.write(`${FOLDER}/${digest}.json`, Readable.from([body]), body.length);
}

export async function readJournal(location: BackupLocation): Promise<JournalEntry[]> {
  const entries: JournalEntry[] = [];
  for (const name of await location.listFiles(FOLDER)) {
    const digest = name.replace(/\.json$/, "");
    if (!DIGEST.test(digest) || !name.endsWith(".json")) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await location.read(`${FOLDER}/${name}`)) chunks.push(Buffer.from(chunk));
    const entry = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Partial<JournalEntry>;
    if (typeof entry.deletedAt === "string") entries.push({ digest, deletedAt: entry.deletedAt });
  }
  return entries;
}

async function heldAddresses(db: AppDatabase): Promise<string[]> {
  const result = (await db.execute(sql`
    select lower(${leads.email}) as address from ${leads}
    union select lower(${leadSubmissions.email}) from ${leadSubmissions}
    union select ${emailSuppressions.email} from ${emailSuppressions}
    union select ${leadBlocks.value} from ${leadBlocks} where ${leadBlocks.kind} = 'address'`)) as unknown as {
    rows: { address: string }[];
  };
  return result.rows.map((row) => row.address);
}

/** `journal` is read before the restore began; `since` is the backup's time. */
export async function reapplyDeletions(
  db: AppDatabase,
  storage: BillStorage,
  journal: JournalEntry[],
  since: Date,
): Promise<number> {
  const after = new Set(journal.filter((entry) => new Date(entry.deletedAt) > since).map((entry) => entry.digest));
  if (after.size === 0) return 0;
  let again = 0;
  for (const address of await heldAddresses(db)) {
    if (!after.has(addressDigest(address))) continue;
    const counts = await eraseLeads(db, storage, { address, reason: "privacy-request" });
    await recordAudit(
      { action: "privacy.deleted", subject: addressDigest(address), details: { ...counts, reapplied: true } },
      db,
    );
    again++;
  }
  return again;
}
