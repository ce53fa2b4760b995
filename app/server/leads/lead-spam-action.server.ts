import type { RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "../audit/staff-audit.server";
import { staffContext } from "../auth/staff-context.server";
import type { AppDatabase } from "../db/client.server";
import { type LeadRef, type SpamChange, setSpam } from "./lead-spam.server";

/** "Mark as spam" and "Not spam": the lead page's buttons and the list's bulk action post these. */
export type SpamIntent = "spam" | "not-spam";
export const isSpamIntent = (value: unknown): value is SpamIntent => value === "spam" || value === "not-spam";

/**
 * Marks (or unmarks) the leads as the signed-in admin, with one audit row per lead changed, and
 * the toast that says so. Leads already so are left as they are.
 */
export async function spamAction(
  db: AppDatabase,
  context: Readonly<RouterContextProvider>,
  intent: SpamIntent,
  refs: LeadRef[],
): Promise<{ changed: SpamChange[]; toast: ToastMessage }> {
  const me = context.get(staffContext);
  const spam = intent === "spam";
  const changed = await setSpam(db, refs, spam, { id: me.id, name: me.name || me.email });
  for (const lead of changed) {
    const action = spam ? "lead.spam" : "lead.not-spam";
    await recordStaffAudit(context, { action, subject: lead.id, details: { kind: lead.kind } }, db);
  }
  return { changed, toast: spamToast(spam, changed) };
}

function spamToast(spam: boolean, changed: SpamChange[]): ToastMessage {
  if (changed.length === 0)
    return { title: "Nothing was changed", description: spam ? "Already marked as spam." : "Not marked as spam." };
  const what = changed.length === 1 ? (changed[0]?.name ?? "1 lead") : `${changed.length} leads`;
  return spam
    ? {
        title: `${what} marked as spam`,
        description: 'Out of every list and count. The Spam view has "Not spam" to undo it.',
        variant: "success",
      }
    : { title: `${what} back in the leads`, description: "Listed and counted again.", variant: "success" };
}
