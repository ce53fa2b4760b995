import { eq } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { guide } from "~/content/guide";
import { site } from "~/content/site";
import { usd0 } from "~/lib/estimate-format";
import { type EstimateSnapshot, estimateSummary } from "~/lib/estimate-snapshot";
import { senderName } from "~/lib/lead-email";
import { isStaffRole, ROLE_LABELS } from "~/lib/staff-messages";
import { isValidEmail } from "~/lib/validation/common";
import { PASSWORD_RESET_MINUTES } from "~/lib/validation/login";
import { estimatePdf } from "../calculator/estimate-pdf.server";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { type emailOutbox, leads } from "../db/schema";
import { guidePdf } from "../guide/guide-pdf.server";
import { sameContactCount } from "../queries/lead-duplicates.server";
import { readBusinessDetails } from "../settings/business-details-store.server";
import {
  renderAccountVerification,
  renderEstimateDelivery,
  renderFollowUpDigest,
  renderGuideDelivery,
  renderLeadMessage,
  renderLeadsAssigned,
  renderNotification,
  renderPasswordReset,
  renderStaffInvitation,
} from "./render.server";
import { unsubscribeUrl } from "./unsubscribe.server";

export type MailSender =
  | { kind: "smtp"; transport: Transporter; from: string; siteUrl?: string; concurrency?: number }
  | { kind: "capture"; directory: string; from: string; siteUrl?: string; concurrency?: number };

export function createMailSender(options: {
  smtpUrl?: string;
  from: string;
  captureDir: string;
  siteUrl?: string;
  timeoutMs?: number;
  concurrency?: number;
}): MailSender {
  const concurrency = Math.max(1, options.concurrency ?? getConfig().MAIL_CONCURRENCY);
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? 10_000;
    return {
      kind: "smtp",
      from: options.from,
      siteUrl: options.siteUrl,
      concurrency,
      // A pool reused across messages; timeouts fail a hanging send well within the claim's lease, so it is never
      // sent twice. No requeue in nodemailer: the outbox's retry rules decide.
      transport: nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: concurrency,
        maxMessages: 100,
        maxRequeues: 0,
        idleTimeout: Math.min(30_000, timeoutMs * 3),
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs * 6,
      }),
    };
  }
  return {
    kind: "capture",
    directory: options.captureDir,
    from: options.from,
    siteUrl: options.siteUrl,
    concurrency,
  };
}

export function closeMailSender(sender: MailSender): void {
  if (sender.kind === "smtp") sender.transport.close();
}

type OutboxRow = typeof emailOutbox.$inferSelect;
type DigestData = Omit<Parameters<typeof renderFollowUpDigest>[0], "siteName">;
type AssignedData = Omit<Parameters<typeof renderLeadsAssigned>[0], "siteName">;

export async function composeMessage(db: AppDatabase, job: OutboxRow, sender: MailSender) {
  // Never the placeholders to a visitor: if the details cannot be read, the job waits for a retry.
  const contact =
    job.template === "guide-delivery" || job.template === "estimate-delivery" || job.template === "lead-message"
      ? await readBusinessDetails(db)
      : null;
  // Replies reach the firm's address, not the sending one (which may be no-reply).
  const base = {
    from: sender.from,
    to: job.toAddress,
    subject: job.subject,
    ...(contact ? { replyTo: contact.email } : {}),
  };
  if (job.template === "guide-delivery" && contact) {
    // Nothing of formData goes in: the address is the visitor's to choose, the words are ours (decision 0010).
    const { text, html } = renderGuideDelivery({
      guideTitle: guide.title,
      siteName: site.name,
      siteUrl: sender.siteUrl ?? "",
      contact,
    });
    const pdf = Buffer.from(await guidePdf(contact));
    return {
      ...base,
      text,
      html,
      attachments: [{ filename: guide.fileName, content: pdf, contentType: "application/pdf" }],
    };
  }
  if (job.template === "estimate-delivery" && contact) {
    // The stored snapshot: the PDF says what the page said on the day.
    const snapshot = job.formData.estimate as EstimateSnapshot;
    const siteUrl = sender.siteUrl ?? "";
    const summary = estimateSummary(snapshot);
    const savings =
      summary.savingsLow === summary.savingsHigh
        ? usd0(summary.savingsLow)
        : `${usd0(summary.savingsLow)} to ${usd0(summary.savingsHigh)}`;
    const rendered = renderEstimateDelivery({
      stateName: snapshot.stateName,
      monthlyBill: usd0(snapshot.monthlyBill),
      savings,
      calculatorUrl: `${siteUrl}${summary.calculatorPath}`,
      siteName: site.name,
      siteUrl,
      contact,
    });
    const pdf = Buffer.from(await estimatePdf(snapshot, siteUrl, contact));
    const filename = `solar-estimate-${snapshot.result.state.toLowerCase()}-${snapshot.today}.pdf`;
    return { ...base, ...rendered, attachments: [{ filename, content: pdf, contentType: "application/pdf" }] };
  }
  if (job.template === "password-reset") {
    const url = String(job.formData.url ?? "");
    return { ...base, ...renderPasswordReset({ url, siteName: site.name, minutes: PASSWORD_RESET_MINUTES }) };
  }
  if (job.template === "staff-invitation") {
    const field = (name: string) => String(job.formData[name] ?? "");
    const role = field("role");
    const rendered = renderStaffInvitation({
      url: field("url"),
      siteName: site.name,
      role: isStaffRole(role) ? ROLE_LABELS[role] : "staff",
      invitedBy: field("invitedBy"),
      expiresAt: field("expiresAt"),
    });
    return { ...base, ...rendered };
  }
  if (job.template === "lead-message" && contact) {
    // Replies go to the staff member; sent from the site's address for deliverability.
    const staffEmail = String(job.formData.staffEmail ?? "");
    const staffName = String(job.formData.staffName ?? "").trim();
    // RFC 8058 one-click unsubscribe.
    const unsubscribe = await unsubscribeUrl(db, sender.siteUrl ?? "", job.toAddress);
    const rendered = renderLeadMessage({
      body: String(job.formData.body ?? ""),
      siteName: site.name,
      contact,
      unsubscribe,
    });
    return {
      ...base,
      ...(staffName ? { from: { name: senderName(staffName, site.name), address: senderAddress(sender.from) } } : {}),
      ...(isValidEmail(staffEmail) ? { replyTo: staffEmail } : {}),
      ...rendered,
      list: { unsubscribe: { url: unsubscribe, comment: "Unsubscribe" } },
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    };
  }
  if (job.template === "follow-up-digest") {
    return { ...base, ...renderFollowUpDigest({ siteName: site.name, ...(job.formData as DigestData) }) };
  }
  if (job.template === "leads-assigned") {
    return { ...base, ...renderLeadsAssigned({ siteName: site.name, ...(job.formData as AssignedData) }) };
  }
  if (job.template === "account-verification") {
    const { text, html } = renderAccountVerification({ url: String(job.formData.url ?? ""), siteName: site.name });
    return { ...base, text, html };
  }
  // A staff notification: Reply-To the visitor (checked when the lead came in).
  const leadUrl = await leadPageUrl(db, job, sender.siteUrl ?? "");
  const visitor =
    typeof job.formData.email === "string" && isValidEmail(job.formData.email) ? job.formData.email : null;
  const alsoFromThem = visitor ? await earlierFromThem(db, job, visitor) : 0;
  const { text, html } = renderNotification({ formType: job.formType, formData: job.formData, leadUrl, alsoFromThem });
  return { ...base, ...(visitor ? { replyTo: visitor } : {}), text, html };
}

async function earlierFromThem(db: AppDatabase, job: OutboxRow, email: string): Promise<number> {
  const id = job.leadSubmissionId ?? job.leadId;
  if (!id) return 0;
  const business = typeof job.formData.businessName === "string" ? job.formData.businessName : null;
  return sameContactCount(db, { id, email, businessName: job.leadSubmissionId ? business : null });
}

async function leadPageUrl(db: AppDatabase, job: OutboxRow, siteUrl: string): Promise<string | null> {
  if (job.leadSubmissionId) return `${siteUrl}/admin/leads/bill/${job.leadSubmissionId}`;
  if (!job.leadId) return null;
  const [lead] = await db.select({ kind: leads.kind }).from(leads).where(eq(leads.id, job.leadId));
  return lead ? `${siteUrl}/admin/leads/${lead.kind}/${job.leadId}` : null;
}

function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}
