import { data, type RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "../audit/staff-audit.server";
import { staffContext } from "../auth/staff-context.server";
import type { AppDatabase } from "../db/client.server";
import { addBlock, blocksOf, isFreeMailDomain, senderOf } from "./lead-blocks.server";
import { leadContact } from "./lead-email.server";
import { leadHooksChanged } from "./lead-hooks.server";
import { type LeadRef, type SpamChange, setSpam, withMergedRequests } from "./lead-spam.server";

export type SpamIntent = "spam" | "not-spam";
export const isSpamIntent = (value: unknown): value is SpamIntent => value === "spam" || value === "not-spam";
type BlockIntent = "block-address" | "block-domain";
const isBlockIntent = (value: unknown): value is BlockIntent => value === "block-address" || value === "block-domain";
export const isLeadSpamIntent = (value: unknown): value is SpamIntent | BlockIntent =>
  isSpamIntent(value) || isBlockIntent(value);

export async function spamAction(
  db: AppDatabase,
  context: Readonly<RouterContextProvider>,
  intent: SpamIntent,
  refs: LeadRef[],
): Promise<{ changed: SpamChange[]; toast: ToastMessage }> {
  const me = context.get(staffContext);
  const spam = intent === "spam";
  const merged = spam ? await withMergedRequests(db, refs) : 0;
  const changed = await setSpam(db, refs, spam, { id: me.id, name: me.name || me.email });
  for (const lead of changed) {
    const action = spam ? "lead.spam" : "lead.not-spam";
    await recordStaffAudit(context, { action, subject: lead.id, details: { kind: lead.kind } }, db);
  }
  const toast = spamToast(spam, changed);
  if (!merged) return { changed, toast };
  const kept = `${merged === 1 ? "A lead" : `${merged} leads`} with merged requests ${merged === 1 ? "was" : "were"} not marked: separate them first, then mark the one that is spam.`;
  return {
    changed,
    toast: changed.length ? { ...toast, description: kept } : { title: "Nothing was changed", description: kept },
  };
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

export async function leadSpamAction(
  db: AppDatabase,
  context: Readonly<RouterContextProvider>,
  intent: SpamIntent | BlockIntent,
  ref: LeadRef,
) {
  if (isSpamIntent(intent)) return { toast: (await spamAction(db, context, intent, [ref])).toast };
  const contact = await leadContact(db, ref);
  if (!contact) throw data({ message: "Lead not found" }, { status: 404 });
  const me = context.get(staffContext);
  const kind = intent === "block-domain" ? "domain" : "address";
  const blocked = await addBlock(db, { kind, email: contact.email, by: me.name || me.email, leadId: ref.id });
  if (!blocked.ok) {
    const description = "Anyone can have an address there: block this address instead.";
    return data({ toast: { title: "A free-mail domain is not blocked", description, variant: "destructive" } }, 409);
  }
  const { value } = blocked.block;
  if (blocked.added) {
    await leadHooksChanged();
    await recordStaffAudit(context, { action: "block.added", subject: value, details: { kind, lead: ref.id } }, db);
  }
  const description = "Its forms are thanked as usual; nothing is stored or sent.";
  return { toast: { title: `${value} is blocked`, description, variant: "success" } satisfies ToastMessage };
}

export async function spamMarkOf(db: AppDatabase, lead: { spamAt: Date | null; spamBy: string | null; email: string }) {
  if (!lead.spamAt) return null;
  const { address, domain } = senderOf(lead.email);
  const blocks = await blocksOf(db, lead.email);
  return {
    at: lead.spamAt.toISOString(),
    by: lead.spamBy,
    address,
    domain,
    freeMail: isFreeMailDomain(domain),
    blocked: blocks.map((block) => ({ kind: block.kind, value: block.value })),
  };
}
