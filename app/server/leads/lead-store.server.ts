import { createHash } from "node:crypto";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import type { Attribution } from "~/lib/lead-details";
import type { LeadKind } from "~/lib/lead-workspace";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox, leadSubmissions, leads, rateLimits } from "../db/schema";
import { log, maskEmail } from "../log.server";
import type { FormType } from "../mail/render.server";
import { leadsAccepted } from "../metrics/registry.server";
import { nextInRotation, recordRotationPick } from "../queries/lead-owners.server";
import { queueLeadCreated } from "../webhooks/lead-webhooks.server";
import { kickWebhooks } from "../webhooks/webhook-delivery.server";
import { isBlockedSender } from "./lead-blocks.server";
import { type LeadHooks, leadHooks } from "./lead-hooks.server";

type MailTemplate = "staff-notification" | "guide-delivery" | "estimate-delivery" | "account-verification";

export type NotificationJob = {
  formType: FormType;
  subject: string;
  to: string;
  formData: Record<string, unknown>;
  template?: MailTemplate;
};

type NewLead = typeof leads.$inferInsert;
type NewLeadSubmission = typeof leadSubmissions.$inferInsert;

export class BlockedSender extends Error {}

async function refuseBlocked(db: AppDatabase, hooks: LeadHooks, email: string): Promise<void> {
  if (hooks.blockedSenders && (await isBlockedSender(db, email)))
    throw new BlockedSender(`Lead form from a blocked sender (${maskEmail(email)}): nothing stored or sent`);
}

/** A quiet refusal for a blocked sender: nothing stored, mailed or posted, and the form answers as usual. */
export function refusedQuietly(error: unknown): null {
  if (!(error instanceof BlockedSender)) throw error;
  log.info(error.message);
  return null;
}

export async function storeLead(
  db: AppDatabase,
  lead: Omit<NewLead, "id" | "createdAt">,
  jobs: NotificationJob | NotificationJob[],
) {
  return storeLeadWith(db, lead, async (tx, id) => {
    await queueMail(tx, Array.isArray(jobs) ? jobs : [jobs], id);
    return id;
  });
}

type Transaction = Parameters<Parameters<typeof writeTransaction>[1]>[0];

async function storeLeadWith<T>(
  db: AppDatabase,
  lead: Omit<NewLead, "id" | "createdAt">,
  after: (tx: Transaction, id: string) => Promise<T>,
): Promise<T> {
  const hooks = await leadHooks(db);
  await refuseBlocked(db, hooks, lead.email);
  const stored = await writeTransaction(db, async (tx) => {
    const picked = lead.ownerId || !hooks.rotation ? null : await nextInRotation(tx);
    const [row] = await tx
      .insert(leads)
      .values({ ...lead, ownerId: lead.ownerId ?? picked?.id ?? null })
      .returning({ id: leads.id });
    if (!row) throw new Error("Lead insert returned no row");
    if (picked) await recordRotationPick(tx, row.id, picked);
    if (hooks.leadCreatedWebhook) await queueLeadCreated(tx, webhookLead(row.id, lead));
    return after(tx, row.id);
  });
  leadsAccepted.inc({ kind: lead.kind });
  if (hooks.leadCreatedWebhook) kickWebhooks();
  return stored;
}

async function queueMail(tx: Transaction, jobs: readonly NotificationJob[], leadId: string): Promise<void> {
  for (const job of jobs) {
    await tx.insert(emailOutbox).values({
      formType: job.formType,
      template: job.template ?? "staff-notification",
      subject: job.subject,
      toAddress: job.to,
      formData: job.formData,
      leadId,
    });
  }
}

const webhookAttribution = (lead: Partial<Attribution>) => ({
  sourcePage: lead.sourcePage ?? null,
  utmSource: lead.utmSource ?? null,
  utmMedium: lead.utmMedium ?? null,
  utmCampaign: lead.utmCampaign ?? null,
});
const webhookLead = (id: string, lead: Omit<NewLead, "id" | "createdAt">) => ({
  kind: lead.kind as LeadKind,
  id,
  name: lead.name,
  email: lead.email,
  phone: lead.phone ?? null,
  industry: lead.industry ?? null,
  state: lead.state ?? null,
  question: lead.question ?? null,
  ...webhookAttribution(lead),
});

const GUIDE_RECIPIENT_WINDOW_SECONDS = 24 * 60 * 60;

const guideCopySkipped = (perDay: number, what = "guide") =>
  `Not sent: this address has already been sent ${perDay} ${what} e-mail${perDay === 1 ? "" : "s"} in the last 24 hours`;

/** Hashed: the table need not hold one more copy of visitors' addresses. */
export function guideRecipientKey(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase()).digest("hex");
}

/**
 * The allowance is counted in `rate_limits` inside the lead's transaction, so instances share it and a failed
 * store does not use it up. Over it only the visitor's copy is left out, and the staff e-mail says so.
 */
export async function storeGuideRequest(
  db: AppDatabase,
  lead: Omit<NewLead, "id" | "createdAt">,
  mail: {
    staff: NotificationJob;
    visitor: NotificationJob;
    perRecipientPerDay: number;
    allowance?: "guide-recipient" | "estimate-recipient";
  },
): Promise<{ id: string; visitorCopy: boolean }> {
  return storeLeadWith(db, lead, async (tx, id) => {
    const limiter = new RateLimiterDrizzle({
      storeClient: tx,
      schema: rateLimits,
      keyPrefix: mail.allowance ?? "guide-recipient",
      points: mail.perRecipientPerDay,
      duration: GUIDE_RECIPIENT_WINDOW_SECONDS,
      // Lives for one transaction: the long-lived limiters already clear expired rows of the table.
      clearExpiredByTimeout: false,
    });
    const visitorCopy = await limiter.consume(guideRecipientKey(mail.visitor.to)).then(
      () => true,
      (reason: unknown) => {
        // A refusal is expected; a database error is not.
        if (reason instanceof Error) throw reason;
        return false;
      },
    );
    const staff = visitorCopy
      ? mail.staff
      : {
          ...mail.staff,
          formData:
            mail.allowance === "estimate-recipient"
              ? { ...mail.staff.formData, estimateEmail: guideCopySkipped(mail.perRecipientPerDay, "estimate") }
              : { ...mail.staff.formData, guideEmail: guideCopySkipped(mail.perRecipientPerDay) },
        };
    await queueMail(tx, visitorCopy ? [staff, mail.visitor] : [staff], id);
    return { id, visitorCopy };
  });
}

export async function storeBillSubmission(
  db: AppDatabase,
  submission: Omit<NewLeadSubmission, "id" | "submittedAt">,
  job: Omit<NotificationJob, "formData"> & { formData: (id: string) => Record<string, unknown> },
) {
  const hooks = await leadHooks(db);
  await refuseBlocked(db, hooks, submission.email);
  const stored = await writeTransaction(db, async (tx) => {
    const picked = submission.ownerId || !hooks.rotation ? null : await nextInRotation(tx);
    const [row] = await tx
      .insert(leadSubmissions)
      .values({ ...submission, ownerId: submission.ownerId ?? picked?.id ?? null })
      .returning({ id: leadSubmissions.id });
    if (!row) throw new Error("Lead submission insert returned no row");
    if (picked) await recordRotationPick(tx, row.id, picked);
    if (hooks.leadCreatedWebhook)
      await queueLeadCreated(tx, {
        kind: "bill",
        id: row.id,
        name: submission.contactName,
        business: submission.businessName,
        email: submission.email,
        phone: submission.phone ?? null,
        monthlyBill: submission.monthlyEnergyBill ?? null,
        ...webhookAttribution(submission),
      });
    await tx.insert(emailOutbox).values({
      formType: job.formType,
      subject: job.subject,
      toAddress: job.to,
      formData: job.formData(row.id),
      leadSubmissionId: row.id,
    });
    return row.id;
  });
  leadsAccepted.inc({ kind: "bill" });
  if (hooks.leadCreatedWebhook) kickWebhooks();
  return stored;
}
