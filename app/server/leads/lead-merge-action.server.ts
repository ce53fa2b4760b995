import { eq } from "drizzle-orm";
import { data } from "react-router";
import { isUuid } from "~/lib/ids";
import { isLeadKind, LEAD_STATUS_LABELS, type LeadKind } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads } from "../db/schema";
import type { Actor } from "../queries/lead-events.server";
import { changeLeadStatusIn } from "../webhooks/lead-webhooks.server";
import { kickWebhooks } from "../webhooks/webhook-delivery.server";
import { type LeadRef, mergeLead, separateLead } from "./lead-merge.server";

function parseLeadRef(value: FormDataEntryValue | null): LeadRef | null {
  if (typeof value !== "string") return null;
  const [kind, id] = value.split(":");
  return isLeadKind(kind) && isUuid(id) ? { kind, id } : null;
}

const MERGE_REFUSALS = {
  "not-found": "That lead no longer exists.",
  "same-lead": "A lead cannot be merged into itself.",
  "target-merged": "This lead was itself merged into another: merge into that one.",
  "already-merged": "That lead is already merged into another.",
  spam: 'A lead marked as spam is not merged: use "Not spam" first.',
} as const;

const toast = (toast: ToastMessage, status = 200) => data({ toast }, { status });

export async function mergeAction(
  db: AppDatabase,
  input: { intent: "merge" | "separate"; lead: LeadRef; form: FormData; actor: Actor },
) {
  const { intent, lead, form, actor } = input;
  if (intent === "merge") {
    const from = parseLeadRef(form.get("from"));
    if (!from) return toast({ title: "Choose a lead to merge", variant: "destructive" }, 400);
    const merged = await mergeLead(db, {
      into: lead,
      from,
      actor,
      reopen: async (tx, into, status) => (await changeLeadStatusIn(tx, into, status, actor))?.queued ?? 0,
    });
    // Committed: the worker may post the status change now.
    if (merged.ok && merged.queued) kickWebhooks();
    if (!merged.ok)
      return toast({ title: "Not merged", description: MERGE_REFUSALS[merged.reason], variant: "destructive" }, 409);
    const reopenedNote = merged.reopened
      ? ` It was ${LEAD_STATUS_LABELS[merged.reopened.from]}: it is ${LEAD_STATUS_LABELS[merged.reopened.to]} again, as the request merged in (separating them leaves it open).`
      : "";
    return toast({
      title: "Merged",
      description: `${merged.name} is now part of this lead. "Separate again" undoes it.${reopenedNote}`,
      variant: "success",
    });
  }
  // A `lead` field when separating from the lead it was merged into; else the merged lead's own page.
  const posted = form.get("lead");
  const target = posted === null ? lead : parseLeadRef(posted);
  if (!target) return toast({ title: "Choose a lead to separate", variant: "destructive" }, 400);
  const separated = await separateLead(db, {
    lead: target,
    actor,
    from: target.id === lead.id ? undefined : lead.id,
  });
  if (!separated.ok) {
    const description = separated.reason === "not-found" ? "That lead no longer exists." : "It is not merged here.";
    return toast({ title: "Nothing was changed", description, variant: "destructive" }, 409);
  }
  return toast({ title: "Separated", description: `${separated.name} stands on its own again.`, variant: "success" });
}

export async function mergedIntoOf(
  db: AppDatabase,
  lead: { mergedIntoId: string | null; mergedIntoKind: string | null; mergedAt: Date | null },
): Promise<{ kind: LeadKind; id: string; name: string; mergedAt: string | null } | null> {
  if (!lead.mergedIntoId || !isLeadKind(lead.mergedIntoKind)) return null;
  const kind = lead.mergedIntoKind;
  const [row] =
    kind === "bill"
      ? await db
          .select({ name: leadSubmissions.businessName })
          .from(leadSubmissions)
          .where(eq(leadSubmissions.id, lead.mergedIntoId))
      : await db.select({ name: leads.name }).from(leads).where(eq(leads.id, lead.mergedIntoId));
  return {
    kind,
    id: lead.mergedIntoId,
    name: row?.name ?? "another lead",
    mergedAt: lead.mergedAt?.toISOString() ?? null,
  };
}
