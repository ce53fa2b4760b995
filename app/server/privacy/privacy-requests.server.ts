import { sql } from "drizzle-orm";
import { type AuditEvent, recordAudit } from "../audit/audit-log.server";
import type { BackupLocation } from "../backup/backup-location.server";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { user } from "../db/schema";
import { errorFields, log } from "../log.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { addressDigest, normalizeAddress } from "./address-digest.server";
import { journalDeletion } from "./deletion-journal.server";
import { type ErasureCounts, eraseLeads } from "./lead-erasure.server";

export type PrivacyDeletion = {
  digest: string;
  counts: ErasureCounts;
  journaled: boolean;
};

/** The deletion stands even if the journal cannot be written: the failure is returned for the admin to see. */
export async function deletePersonalData(
  db: AppDatabase,
  storage: BillStorage,
  location: BackupLocation,
  email: string,
  actor: Pick<AuditEvent, "actorId" | "actorEmail" | "address"> = {},
): Promise<PrivacyDeletion> {
  const address = normalizeAddress(email);
  const digest = addressDigest(address);
  const counts = await eraseLeads(db, storage, { address, reason: "privacy-request" });
  let journaled = true;
  try {
    await journalDeletion(location, digest);
  } catch (error) {
    journaled = false;
    log.error({ ...errorFields(error), digest }, "Privacy deletion not written to the deletion journal");
  }
  // The digest, never the address: the log must not keep what was just deleted.
  await recordAudit({ ...actor, action: "privacy.deleted", subject: digest, details: { ...counts, journaled } }, db);
  return { digest, counts, journaled };
}

/** Deleting by a staff address would take every staff notification and e-mail. */
export async function staffAddressRefusal(db: AppDatabase, email: string, notifyEmail: string): Promise<string | null> {
  const address = normalizeAddress(email);
  const notify = notifyEmail.split(",").map((one) => one.trim().toLowerCase());
  const accounts = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${user} where lower(${user.email}) = ${address}`),
  );
  if (notify.includes(address) || Number(accounts[0]?.n) > 0) {
    return `${address} is a staff address (an account, or where lead e-mails go): privacy requests here are for leads. Nothing was looked up or changed.`;
  }
  return null;
}
