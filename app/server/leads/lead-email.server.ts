import { and, desc, eq, gt, like, sql } from "drizzle-orm";
import { SECOND_SEND_MINUTES } from "~/lib/lead-email";
import type { LeadKind } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox, leadSubmissions, leads } from "../db/schema";
import { isSuppressed } from "../mail/unsubscribe.server";

/** Through the outbox, so a failed send is retried and shown; never to a refused or unsubscribed address. */
export async function queueLeadEmail(
  db: AppDatabase,
  input: {
    lead: { kind: LeadKind; id: string; email: string };
    subject: string;
    body: string;
    staff: { name: string; email: string };
    again?: string;
  },
): Promise<
  | { ok: true }
  | { ok: false; reason: "refused-address" | "unsubscribed" }
  | { ok: false; reason: "sent-recently"; minutesAgo: number }
> {
  if (await isSuppressed(db, input.lead.email)) return { ok: false, reason: "unsubscribed" };
  if (!input.again) {
    const [recent] = await db
      .select({ at: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.template, "lead-message"),
          input.lead.kind === "bill"
            ? eq(emailOutbox.leadSubmissionId, input.lead.id)
            : eq(emailOutbox.leadId, input.lead.id),
          eq(emailOutbox.subject, input.subject),
          gt(emailOutbox.createdAt, new Date(Date.now() - SECOND_SEND_MINUTES * 60_000)),
        ),
      )
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    if (recent)
      return {
        ok: false,
        reason: "sent-recently",
        minutesAgo: Math.floor((Date.now() - recent.at.getTime()) / 60_000),
      };
  }
  const [refused] = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        sql`lower(${emailOutbox.toAddress}) = lower(${input.lead.email})`,
        eq(emailOutbox.status, "failed"),
        like(emailOutbox.lastError, "Refused for good%"),
      ),
    )
    .limit(1);
  if (refused) return { ok: false, reason: "refused-address" };
  await db.insert(emailOutbox).values({
    formType: "Lead message",
    template: "lead-message",
    subject: input.subject,
    toAddress: input.lead.email,
    formData: { body: input.body, staffName: input.staff.name, staffEmail: input.staff.email },
    ...(input.lead.kind === "bill" ? { leadSubmissionId: input.lead.id } : { leadId: input.lead.id }),
  });
  return { ok: true };
}

export function notSentReason(
  sent: { reason: "refused-address" | "unsubscribed" } | { reason: "sent-recently"; minutesAgo: number },
  address: string,
): string {
  if (sent.reason === "sent-recently") {
    const ago = sent.minutesAgo < 1 ? "less than a minute" : `${sent.minutesAgo} min`;
    return `A message with this subject went to ${address} ${ago} ago. Send it again?`;
  }
  return sent.reason === "unsubscribed"
    ? "This address has unsubscribed from our e-mails: nothing was sent."
    : "The receiving server has refused this address for good: nothing was sent. Fix it in Mail.";
}

export function contactOf(
  lead: { email: string } & ({ contactName: string; businessName: string } | { name: string }),
) {
  // No business name: "your business" reads right in a template.
  return "businessName" in lead
    ? { email: lead.email, name: lead.contactName, business: lead.businessName }
    : { email: lead.email, name: lead.name, business: "your business" };
}

export async function leadContact(db: AppDatabase, ref: { kind: LeadKind; id: string }) {
  if (ref.kind === "bill") {
    const [row] = await db
      .select({
        email: leadSubmissions.email,
        contactName: leadSubmissions.contactName,
        businessName: leadSubmissions.businessName,
      })
      .from(leadSubmissions)
      .where(eq(leadSubmissions.id, ref.id));
    return row ? contactOf(row) : null;
  }
  const [row] = await db
    .select({ email: leads.email, name: leads.name })
    .from(leads)
    .where(and(eq(leads.id, ref.id), eq(leads.kind, ref.kind)));
  return row ? contactOf(row) : null;
}
