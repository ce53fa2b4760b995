import type { LeadKind, LeadStatus } from "~/lib/lead-workspace";
import { getConfig } from "../config.server";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { type Actor, recordLeadEvent } from "../queries/lead-events.server";
import { setLeadStatus } from "../queries/staff-leads.server";
import { kickWebhooks, queueWebhookEvent } from "./webhook-delivery.server";

export type WebhookLead = {
  kind: LeadKind;
  id: string;
  name: string;
  business?: string | null;
  email: string;
  phone?: string | null;
  monthlyBill?: number | null;
  industry?: string | null;
  state?: string | null;
  question?: string | null;
  sourcePage?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
};

const leadUrl = (kind: LeadKind, id: string) => `${getConfig().SITE_URL}/admin/leads/${kind}/${id}`;

export async function queueLeadCreated(tx: AppDatabase, lead: WebhookLead): Promise<number> {
  return queueWebhookEvent(tx, "lead.created", {
    lead: { ...lead, url: leadUrl(lead.kind, lead.id), status: "new" },
  });
}

export async function changeLeadStatusIn(
  tx: AppDatabase,
  ref: { kind: LeadKind; id: string },
  status: LeadStatus,
  actor: Actor,
  // An activity that changes the status records the change on its own timeline entry.
  { timelineLine = true }: { timelineLine?: boolean } = {},
): Promise<{ from: LeadStatus; queued: number } | null> {
  const row = await setLeadStatus(tx, ref.kind, ref.id, status);
  if (!row || row.from === status) return row ? { from: row.from, queued: 0 } : null;
  if (timelineLine) {
    await recordLeadEvent(tx, { leadId: ref.id, type: "status", actor, details: { from: row.from, to: status } });
  }
  const queued = await queueWebhookEvent(tx, "lead.status_changed", {
    lead: { kind: ref.kind, id: ref.id, url: leadUrl(ref.kind, ref.id), name: row.name, email: row.email },
    from: row.from,
    to: status,
    changedBy: actor.name,
  });
  return { from: row.from, queued };
}

export async function changeLeadStatus(
  db: AppDatabase,
  ref: { kind: LeadKind; id: string },
  status: LeadStatus,
  actor: Actor,
): Promise<{ from: LeadStatus } | null> {
  const changed = await writeTransaction(db, (tx) => changeLeadStatusIn(tx as AppDatabase, ref, status, actor));
  if (changed?.queued) kickWebhooks();
  return changed ? { from: changed.from } : null;
}
