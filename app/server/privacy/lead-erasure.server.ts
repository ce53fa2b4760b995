import { inArray, or, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads } from "../db/schema";
import { errorFields, log } from "../log.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { kickWebhooks, queueWebhookEvent } from "../webhooks/webhook-delivery.server";
import {
  leadsOfAddress,
  mentionsIn,
  mentionTables,
  redactedColumns,
  type ScopedKey,
  scopedTables,
  submissionsOfAddress,
} from "./personal-data-scope.server";

/**
 * The one deletion of leads (privacy requests and retention): rows in one transaction, bill files after the
 * commit; a file that cannot be deleted is left to the orphan sweep.
 */
export type ErasureCounts = Record<ScopedKey, number> & {
  leads: number;
  submissions: number;
  mentionsRedacted: number;
  billFiles: number;
  billFilesLeft: number;
};

export type ErasureRequest = {
  leadIds?: string[];
  address?: string | null;
  reason: "privacy-request" | "retention";
};

type Tx = AppDatabase;

const changed = (result: unknown) => {
  const { affectedRows, rowCount } = result as { affectedRows?: number; rowCount?: number | null };
  return affectedRows ?? rowCount ?? 0;
};

async function deleteWhere(tx: Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  if (!where) return 0;
  return changed(await tx.delete(table).where(where));
}

/** What still names the address is someone else's record: replace the address there. */
async function redactMentions(tx: Tx, leadIds: string[], address: string | null): Promise<number> {
  if (!address) return 0;
  let rows = 0;
  for (const { table } of mentionTables({ leadIds, address })) {
    rows += changed(await tx.update(table).set(redactedColumns(table, address)).where(mentionsIn(table, address)));
  }
  return rows;
}

export async function eraseLeads(
  db: AppDatabase,
  storage: BillStorage,
  request: ErasureRequest,
): Promise<ErasureCounts> {
  const address = request.address ?? null;
  const ids = request.leadIds ?? [];
  const done = await writeTransaction(db, async (transaction) => {
    const tx = transaction as unknown as Tx;
    const gone = await tx
      .delete(leads)
      .where(or(inArray(leads.id, ids), address ? leadsOfAddress(address) : undefined))
      .returning({ id: leads.id, kind: leads.kind });
    const goneBills = await tx
      .delete(leadSubmissions)
      .where(or(inArray(leadSubmissions.id, ids), address ? submissionsOfAddress(address) : undefined))
      .returning({ id: leadSubmissions.id, fileUrl: leadSubmissions.fileUrl });
    const leadIds = [...gone.map((row) => row.id), ...goneBills.map((row) => row.id)];
    // Leads merged into a deleted one stand on their own again rather than point at nothing.
    const unmerge = { mergedIntoId: null, mergedIntoKind: null, mergedAt: null };
    await tx.update(leads).set(unmerge).where(inArray(leads.mergedIntoId, leadIds));
    await tx.update(leadSubmissions).set(unmerge).where(inArray(leadSubmissions.mergedIntoId, leadIds));
    const deleted = {} as Record<ScopedKey, number>;
    for (const { key, table, where } of scopedTables({ leadIds, address }))
      deleted[key] = await deleteWhere(tx, table, where);
    const counts = {
      leads: gone.length,
      submissions: goneBills.length,
      ...deleted,
      mentionsRedacted: await redactMentions(tx, leadIds, address),
    };
    // Ids and kinds only: the receiver deletes its copy without being sent anything personal.
    const queued = leadIds.length
      ? await queueWebhookEvent(tx, "lead.deleted", {
          leads: [...gone.map(({ id, kind }) => ({ id, kind })), ...goneBills.map(({ id }) => ({ id, kind: "bill" }))],
          reason: request.reason,
        })
      : 0;
    const billKeys = goneBills.flatMap((row) => (row.fileUrl ? [row.fileUrl] : []));
    return { counts, billKeys, queued };
  });
  if (done.queued) kickWebhooks();
  let billFilesLeft = 0;
  for (const key of done.billKeys) {
    try {
      await storage.delete(key);
    } catch (error) {
      billFilesLeft++;
      log.error({ ...errorFields(error), key }, "Bill file of a deleted lead not deleted; the orphan sweep will retry");
    }
  }
  return { ...done.counts, billFiles: done.billKeys.length - billFilesLeft, billFilesLeft };
}
