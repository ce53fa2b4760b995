import type { AppDatabase } from "../db/client.server";
import { emailOutbox, leadSubmissions, leads } from "../db/schema";
import type { FormType } from "../mail/render.server";

export type Attribution = {
  sourcePage: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
};

export type MailTemplate = "staff-notification" | "guide-delivery" | "account-verification";

export type NotificationJob = {
  formType: FormType;
  subject: string;
  to: string;
  formData: Record<string, unknown>;
  template?: MailTemplate;
};

type NewLead = typeof leads.$inferInsert;
type NewLeadSubmission = typeof leadSubmissions.$inferInsert;

/**
 * A consultation or guide request and its staff e-mail, in one transaction: either both are
 * stored or neither, so an accepted lead always has its notification queued.
 */
export async function storeLead(
  db: AppDatabase,
  lead: Omit<NewLead, "id" | "createdAt">,
  jobs: NotificationJob | NotificationJob[],
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leads).values(lead).returning({ id: leads.id });
    if (!row) throw new Error("Lead insert returned no row");
    for (const job of Array.isArray(jobs) ? jobs : [jobs]) {
      await tx.insert(emailOutbox).values({
        formType: job.formType,
        template: job.template ?? "staff-notification",
        subject: job.subject,
        toAddress: job.to,
        formData: job.formData,
        leadId: row.id,
      });
    }
    return row.id;
  });
}

/** A bill submission (lead_submissions) and its staff e-mail, in one transaction. */
export async function storeBillSubmission(
  db: AppDatabase,
  submission: Omit<NewLeadSubmission, "id" | "submittedAt">,
  job: Omit<NotificationJob, "formData"> & { formData: (id: string) => Record<string, unknown> },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(leadSubmissions).values(submission).returning({ id: leadSubmissions.id });
    if (!row) throw new Error("Lead submission insert returned no row");
    await tx.insert(emailOutbox).values({
      formType: job.formType,
      subject: job.subject,
      toAddress: job.to,
      formData: job.formData(row.id),
      leadSubmissionId: row.id,
    });
    return row.id;
  });
}
