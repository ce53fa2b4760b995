import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link, useSearchParams } from "react-router";
import { LeadActivityForm, type NoteAnswer } from "~/components/staff/lead-activity-form";
import { LeadDetails, LeadSourceAndMail } from "~/components/staff/lead-details";
import { type EmailAnswer, LeadEmailSection } from "~/components/staff/lead-email-form";
import { LeadEstimate, LeadQuoteCheck } from "~/components/staff/lead-estimate";
import { SpamNotice, SpamSection } from "~/components/staff/lead-spam";
import { LeadTimeline } from "~/components/staff/lead-timeline";
import {
  type LeadAnswer,
  LeadOwnerSection,
  LeadStatusSection,
  NextStepSection,
} from "~/components/staff/lead-work-panel";
import { MergedIntoNotice, MergedLeads } from "~/components/staff/merged-leads";
import { SameContact } from "~/components/staff/same-contact";
import { site } from "~/content/site";
import { noStoreHeaders } from "~/lib/cache-headers";
import { estimateSummary } from "~/lib/estimate-snapshot";
import { isUuid } from "~/lib/ids";
import { leadDetailRows } from "~/lib/lead-details";
import { filledTemplate, leadEmailSchema, senderName, writerValues } from "~/lib/lead-email";
import { leadTimeline } from "~/lib/lead-timeline";
import {
  formatAdminDate,
  formatAdminTime,
  isLeadKind,
  isLeadStatus,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  type LeadStatus,
} from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { assignSchema, leadActivitySchema, nextStepSchema } from "~/lib/validation/staff-forms";
import { staffContext } from "~/server/auth/staff-guard.server";
import { emailSignature } from "~/server/auth/staff-profile.server";
import { today } from "~/server/clock.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { logLeadActivity } from "~/server/leads/lead-activity.server";
import { contactOf, leadContact, notSentReason, queueLeadEmail } from "~/server/leads/lead-email.server";
import { mergeAction, mergedIntoOf } from "~/server/leads/lead-merge-action.server";
import { isLeadSpamIntent, leadSpamAction, spamMarkOf } from "~/server/leads/lead-spam-action.server";
import { kickOutbox } from "~/server/mail/outbox-worker.server";
import { leadMessageFooter } from "~/server/mail/render.server";
import { isSuppressed } from "~/server/mail/unsubscribe.server";
import { sameContactLeads } from "~/server/queries/lead-duplicates.server";
import { isMergeEvent, type LeadEventType, leadEventsOf, recordLeadEvent } from "~/server/queries/lead-events.server";
import { assignableStaff, assignLeads, formerOwnerName, setNextStep } from "~/server/queries/lead-owners.server";
import { leadExists, readLead } from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import { businessDetails } from "~/server/settings/business-details.server";
import { leadEmailTemplates } from "~/server/settings/lead-email-templates.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import { changeLeadStatus } from "~/server/webhooks/lead-webhooks.server";
import type { Route } from "./+types/lead";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Lead", description: "Staff area.", noindex: true });
}

function leadRef(params: { kind: string; id: string }) {
  if (!isLeadKind(params.kind) || !isUuid(params.id)) throw data({ message: "Lead not found" }, { status: 404 });
  return { kind: params.kind, id: params.id };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { kind, id } = leadRef(params);
  const db = await database(context);
  const me = context.get(staffContext);
  const [found, staff, business, templates, signature] = await Promise.all([
    readLead(db, kind, id),
    assignableStaff(db),
    businessDetails(),
    leadEmailTemplates(db),
    emailSignature(db, me.id),
  ]);
  if (!found) throw data({ message: "Lead not found" }, { status: 404 });
  const contact = contactOf(found.lead);
  const [others, events, mergedInto, formerOwner, spam, unsubscribed] = await Promise.all([
    sameContactLeads(db, { id, email: contact.email, businessName: kind === "bill" ? contact.business : null }),
    leadEventsOf(db, [id, ...found.merged.map((lead) => lead.id)]),
    mergedIntoOf(db, found.lead),
    formerOwnerName(db, found.lead.ownerId, staff),
    spamMarkOf(db, found.lead),
    isSuppressed(db, contact.email),
  ]);
  const template = new URL(request.url).searchParams.get("template");
  const writer = writerValues(me.name || me.email, signature);
  const values = { name: contact.name, business: contact.business, firm: site.name, ...writer };
  const { lead } = found;
  const { fields, attribution } = leadDetailRows(lead);
  const submittedAt = "submittedAt" in lead ? lead.submittedAt : lead.createdAt;
  const mail = found.mail.map((job) => ({
    ...job,
    createdAt: job.createdAt.toISOString(),
    sentAt: job.sentAt?.toISOString() ?? null,
  }));
  return {
    kind,
    id,
    timeZone: getConfig().SITE_TIME_ZONE,
    title: "businessName" in lead ? lead.businessName : lead.name,
    status: lead.status as LeadStatus,
    spam,
    ownerId: lead.ownerId,
    formerOwner,
    nextStepOn: lead.nextStepOn,
    nextStep: lead.nextStep,
    today: today(),
    owners: staff.map((member) => ({ id: member.id, name: member.name || member.email })),
    submittedAt: submittedAt.toISOString(),
    hasFile: "fileUrl" in lead && Boolean(lead.fileUrl),
    estimate: "estimate" in lead && lead.estimate ? estimateSummary(lead.estimate) : null,
    quoteCheck: "quoteCheck" in lead ? lead.quoteCheck : null,
    fields,
    attribution,
    mail,
    sameContact: others.map((other) => ({ ...other, submittedAt: other.submittedAt.toISOString() })),
    merged: found.merged.map((other) => ({
      ...other,
      submittedAt: other.submittedAt.toISOString(),
      mergedAt: other.mergedAt?.toISOString() ?? null,
    })),
    mergedInto,
    email: {
      from: senderName(writer.me, site.name),
      to: contact.email,
      template: filledTemplate(template, values, templates) ? template : null,
      draft: filledTemplate(template, values, templates),
      templates: templates.map(({ id: value, label }) => ({ id: value, label })),
      footer: leadMessageFooter(site.name, business),
      unsubscribedAt: unsubscribed?.toISOString() ?? null,
    },
    timeline: leadTimeline({
      submittedAt: submittedAt.toISOString(),
      kindLabel: LEAD_KIND_LABELS[kind],
      hasEstimate: "estimate" in lead && Boolean(lead.estimate),
      merged: found.merged.map((other) => ({ ...other, submittedAt: other.submittedAt.toISOString() })),
      // A merged lead's own "merged into" lines are about it, not about this lead.
      events: events
        .filter((event) => event.leadId === id || !isMergeEvent(event.type))
        .map((event) => ({ ...event, at: event.at.toISOString() })),
      notes: found.notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
      mail,
    }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ref = leadRef(params);
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return refused({ title: "Nothing was changed", description: problem });
  const db = await database(context);
  const intent = form.get("intent");
  const me = context.get(staffContext);
  const actor = { id: me.id, name: me.name || me.email };
  const record = (type: LeadEventType, details: Record<string, string | null>) =>
    recordLeadEvent(db, { leadId: ref.id, type, actor, details });
  if (intent === "status") {
    const status = form.get("status");
    if (!isLeadStatus(status)) return refused({ title: "Unknown status" });
    const changed = await changeLeadStatus(db, ref, status, actor);
    if (!changed) throw notFound();
    return done("Status updated", LEAD_STATUS_LABELS[status]);
  }
  if (intent === "assign") {
    const submission = parseWithZod(form, { schema: assignSchema });
    if (submission.status !== "success") return refused({ title: "Choose someone from the list" });
    if (!(await leadExists(db, ref.kind, ref.id))) throw notFound();
    const ownerId = submission.value.ownerId ?? null;
    const by = { id: me.id, name: me.name || me.email, siteUrl: getConfig().SITE_URL };
    if ((await assignLeads(db, [ref], ownerId, by)) === null) return refused({ title: "That person cannot own leads" });
    return done(ownerId ? "Owner saved" : "Lead unassigned");
  }
  if (intent === "clear-next-step") {
    if (!(await setNextStep(db, ref, null))) throw notFound();
    await record("next-step", { on: null, task: null });
    return done("Next step cleared");
  }
  if (intent === "next-step") {
    const submission = parseWithZod(form, { schema: nextStepSchema });
    if (submission.status !== "success") return data<LeadAnswer>({ result: submission.reply() }, { status: 400 });
    const { on, task } = submission.value;
    if (!(await setNextStep(db, ref, { on, task: task ?? "" }))) throw notFound();
    await record("next-step", { on, task: task || null });
    return { ...done("Next step saved"), result: submission.reply() } satisfies LeadAnswer;
  }
  if (intent === "email") {
    const submission = parseWithZod(form, { schema: leadEmailSchema });
    if (submission.status !== "success") return data<EmailAnswer>({ result: submission.reply() }, { status: 400 });
    const contact = await leadContact(db, ref);
    if (!contact) throw notFound();
    const sent = await queueLeadEmail(db, {
      lead: { ...ref, email: contact.email },
      ...submission.value,
      staff: { name: me.name || me.email, email: me.email },
    });
    if (!sent.ok) {
      const refusedFor = notSentReason(sent, contact.email);
      return data<EmailAnswer>(
        {
          result: submission.reply({ formErrors: [refusedFor] }),
          toast: { title: "Not sent", description: refusedFor, variant: "destructive" },
          askAgain: sent.reason === "sent-recently" ? submission.value.subject : undefined,
        },
        { status: 409 },
      );
    }
    kickOutbox();
    return {
      result: submission.reply({ resetForm: true }),
      ...done("E-mail on its way", `To ${contact.email}`),
    } satisfies EmailAnswer;
  }
  if (intent === "merge" || intent === "separate") {
    return mergeAction(db, { intent, lead: ref, form, actor });
  }
  if (isLeadSpamIntent(intent)) {
    if (!(await leadExists(db, ref.kind, ref.id))) throw notFound();
    return leadSpamAction(db, context, intent, ref);
  }
  if (intent === "note") {
    const submission = parseWithZod(form, { schema: leadActivitySchema });
    if (submission.status !== "success") return data<NoteAnswer>({ result: submission.reply() }, { status: 400 });
    if (!(await logLeadActivity(db, ref, actor, submission.value, today()))) throw notFound();
    const title = submission.value.kind === "note" ? "Note added" : "Activity saved";
    return { result: submission.reply({ resetForm: true }), ...done(title) } satisfies NoteAnswer;
  }
  return refused({ title: "Unknown action" });
}

const notFound = () => data({ message: "Lead not found" }, { status: 404 });
const refused = (toast: { title: string; description?: string }) =>
  data<LeadAnswer>({ toast: { ...toast, variant: "destructive" } }, { status: 400 });
const done = (title: string, description?: string) =>
  ({ toast: { title, description, variant: "success" } }) satisfies LeadAnswer;

export default function AdminLead({ loaderData }: Route.ComponentProps) {
  const { kind, id, title, fields, attribution, mail, timeZone, hasFile, estimate } = loaderData;
  const back = useSearchParams()[0].get("back");

  return (
    <>
      <Link
        to={`/admin/leads${back ? `?${back}` : ""}`}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to leads
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{title}</h1>
      <p className="mt-1 text-slate-700">
        {LEAD_KIND_LABELS[kind]} · submitted {formatAdminDate(loaderData.submittedAt, timeZone)}{" "}
        {formatAdminTime(loaderData.submittedAt, timeZone)}
      </p>
      {loaderData.mergedInto ? <MergedIntoNotice into={loaderData.mergedInto} timeZone={timeZone} /> : null}
      <SpamNotice spam={loaderData.spam} timeZone={timeZone} />

      <LeadActivityForm {...loaderData} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <LeadDetails fields={fields} billHref={hasFile ? `/admin/bills/${id}` : null} />
          {estimate ? <LeadEstimate estimate={estimate} emailed={kind === "estimate"} /> : null}
          {loaderData.quoteCheck ? <LeadQuoteCheck check={loaderData.quoteCheck} /> : null}
          <LeadSourceAndMail attribution={attribution} mail={mail} />
          <LeadTimeline entries={loaderData.timeline} timeZone={timeZone} />
        </div>

        <div className="space-y-6">
          <LeadStatusSection status={loaderData.status} />
          <MergedLeads merged={loaderData.merged} timeZone={timeZone} />
          {loaderData.mergedInto || loaderData.spam ? null : (
            <SameContact others={loaderData.sameContact} timeZone={timeZone} />
          )}
          <LeadEmailSection key={loaderData.email.template ?? "blank"} {...loaderData.email} timeZone={timeZone} />
          <LeadOwnerSection
            ownerId={loaderData.ownerId}
            formerOwner={loaderData.formerOwner}
            staff={loaderData.owners}
          />
          <NextStepSection
            key={`${loaderData.nextStepOn}-${loaderData.nextStep}`}
            on={loaderData.nextStepOn}
            task={loaderData.nextStep}
            today={loaderData.today}
          />
          <SpamSection spam={loaderData.spam} />
        </div>
      </div>
    </>
  );
}
