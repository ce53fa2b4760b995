import { isUuid } from "~/lib/ids";
import { isLeadKind, isLeadStatus, LEAD_STATUS_LABELS, type LeadKind, type LeadStatus } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import type { AppDatabase } from "../db/client.server";
import type { Actor } from "../queries/lead-events.server";
import { changeLeadStatus } from "../webhooks/lead-webhooks.server";

type Ref = { kind: LeadKind; id: string };

/**
 * The list's "Set status" on the ticked leads: each change with its timeline line and webhook, as
 * on the lead page. The toast's Undo puts back what each lead had ("kind:id:status").
 */
export async function setStatusOf(db: AppDatabase, refs: Ref[], status: LeadStatus, actor: Actor) {
  const undo: [string, string][] = [["intent", "restore-status"]];
  for (const ref of refs) {
    const changed = await changeLeadStatus(db, ref, status, actor);
    if (changed && changed.from !== status) undo.push(["restore", `${ref.kind}:${ref.id}:${changed.from}`]);
  }
  const count = undo.length - 1;
  const toast: ToastMessage = {
    title: `${count} ${count === 1 ? "lead" : "leads"} set to ${LEAD_STATUS_LABELS[status]}`,
    variant: "success",
    ...(count ? { undo: { action: "/admin/leads", fields: undo } } : {}),
  };
  return toast;
}

/** Undo of `setStatusOf`: each lead back to the status it had; a malformed entry changes nothing. */
export async function restoreStatuses(db: AppDatabase, entries: string[], actor: Actor): Promise<ToastMessage> {
  const parsed = entries.map((entry) => entry.split(":"));
  const valid = parsed.every(([kind, id, status]) => isLeadKind(kind) && isUuid(id) && isLeadStatus(status));
  if (!valid || parsed.length === 0) return { title: "Nothing was changed", variant: "destructive" };
  for (const [kind, id, status] of parsed) {
    await changeLeadStatus(db, { kind: kind as LeadKind, id: id as string }, status as LeadStatus, actor);
  }
  return { title: "Status change undone", variant: "success" };
}
