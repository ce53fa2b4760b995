import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { normalizeAddress } from "./address-digest.server";
import { previewLeadRetention, retentionFromConfig, retentionIsOn } from "./lead-retention.server";
import { findPersonalData, personalDataCounts } from "./personal-data.server";

export async function personalDataSummary(db: AppDatabase, email: string) {
  const address = normalizeAddress(email);
  const data = await findPersonalData(db, address);
  const leads = [
    ...data.leads.map((row) => ({ kind: row.kind, id: row.id, name: row.name, status: row.status, at: row.createdAt })),
    ...data.billSubmissions.map((row) => ({
      kind: "bill",
      id: row.id,
      name: `${row.contactName} (${row.businessName})`,
      status: row.status,
      at: row.submittedAt,
    })),
  ].map((lead) => ({ ...lead, at: lead.at.toISOString() }));
  return { address, counts: personalDataCounts(data), leads, otherLeadsMergedIn: data.otherLeadsMergedIn };
}

export async function retentionSummary(db: AppDatabase) {
  const settings = retentionFromConfig(getConfig());
  return { settings, next: retentionIsOn(settings) ? await previewLeadRetention(db, settings) : null };
}
