import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link, useSearchParams } from "react-router";
import { ContactValue } from "~/components/staff/contact-value";
import { LeadEstimate } from "~/components/staff/lead-estimate";
import { LeadNoteForm, type NoteAnswer } from "~/components/staff/lead-note-form";
import { LeadTimeline } from "~/components/staff/lead-timeline";
import {
  type LeadAnswer,
  LeadOwnerSection,
  LeadStatusSection,
  NextStepSection,
} from "~/components/staff/lead-work-panel";
import { noStoreHeaders } from "~/lib/cache-headers";
import { estimateSummary } from "~/lib/estimate-snapshot";
import { isUuid } from "~/lib/ids";
import { leadTimeline } from "~/lib/lead-timeline";
import {
  displayOrDash,
  formatAdminDate,
  formatBill,
  isLeadKind,
  isLeadStatus,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  type LeadStatus,
} from "~/lib/lead-workspace";
import { answerLabels } from "~/lib/options";
import { pageMeta } from "~/lib/seo";
import { assignSchema, leadNoteSchema, nextStepSchema } from "~/lib/validation/staff-forms";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { readSmallFormData } from "~/server/forms.server";
import { type LeadEventType, leadEventsOf, recordLeadEvent } from "~/server/queries/lead-events.server";
import { assignableStaff, assignLeads, setNextStep } from "~/server/queries/lead-owners.server";
import { addLeadNote, leadExists, readLead, setLeadStatus } from "~/server/queries/staff-leads.server";
import { PLAIN_STAFF_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/lead";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Lead", description: "Staff area.", noindex: true });
}

function leadRef(params: { kind: string; id: string }) {
  if (!isLeadKind(params.kind) || !isUuid(params.id)) throw data({ message: "Lead not found" }, { status: 404 });
  return { kind: params.kind, id: params.id };
}

export async function loader({ params }: Route.LoaderArgs) {
  const { kind, id } = leadRef(params);
  const db = await getDb();
  const [found, staff, events] = await Promise.all([readLead(db, kind, id), assignableStaff(db), leadEventsOf(db, id)]);
  if (!found) throw data({ message: "Lead not found" }, { status: 404 });
  const { lead } = found;
  const fields: [string, string][] =
    "businessName" in lead
      ? [
          ["Business Name", lead.businessName],
          ["Contact Name", lead.contactName],
          ["Email", lead.email],
          ["Phone", displayOrDash(lead.phone)],
          ["Monthly Bill", formatBill(lead.monthlyEnergyBill)],
        ]
      : [
          ["Name", lead.name],
          ["Email", lead.email],
          ["Phone", displayOrDash(lead.phone)],
          ["Industry", displayOrDash(answerLabels.industry(lead.industry))],
          ["State", displayOrDash(answerLabels.state(lead.state))],
          ["Solar readiness", displayOrDash(answerLabels.solarReadiness(lead.solarReadiness))],
          ["Question", displayOrDash(lead.question)],
        ];
  const attribution: [string, string][] = [
    ["Source page", displayOrDash(lead.sourcePage)],
    ["Referrer", displayOrDash(lead.referrer)],
    ["UTM source", displayOrDash(lead.utmSource)],
    ["UTM medium", displayOrDash(lead.utmMedium)],
    ["UTM campaign", displayOrDash(lead.utmCampaign)],
    ["UTM term", displayOrDash(lead.utmTerm)],
    ["UTM content", displayOrDash(lead.utmContent)],
  ];
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
    ownerId: lead.ownerId,
    nextStepOn: lead.nextStepOn,
    nextStep: lead.nextStep,
    owners: staff.map((member) => ({ id: member.id, name: member.name || member.email })),
    submittedAt: submittedAt.toISOString(),
    hasFile: "fileUrl" in lead && Boolean(lead.fileUrl),
    estimate: "estimate" in lead && lead.estimate ? estimateSummary(lead.estimate) : null,
    fields,
    attribution,
    notes: found.notes.map((note) => ({
      id: note.id,
      authorName: note.authorName,
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    })),
    mail,
    timeline: leadTimeline({
      submittedAt: submittedAt.toISOString(),
      kindLabel: LEAD_KIND_LABELS[kind],
      hasEstimate: "estimate" in lead && Boolean(lead.estimate),
      events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
      notes: found.notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
      mail,
    }),
  };
}

/** Status, owner, next step and notes: fetchers in the app, plain form posts without JavaScript. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ref = leadRef(params);
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  if (problem) return refused({ title: "Nothing was changed", description: problem });
  const db = await getDb();
  const intent = form.get("intent");
  const me = context.get(staffContext);
  const record = (type: LeadEventType, details: Record<string, string | null>) =>
    recordLeadEvent(db, { leadId: ref.id, type, actor: { id: me.id, name: me.name || me.email }, details });
  if (intent === "status") {
    const status = form.get("status");
    if (!isLeadStatus(status)) return refused({ title: "Unknown status" });
    const changed = await setLeadStatus(db, ref.kind, ref.id, status);
    if (!changed) throw notFound();
    if (changed.from !== status) await record("status", { from: changed.from, to: status });
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
  if (intent === "note") {
    const submission = parseWithZod(form, { schema: leadNoteSchema });
    if (submission.status !== "success") return data<NoteAnswer>({ result: submission.reply() }, { status: 400 });
    if (!(await leadExists(db, ref.kind, ref.id))) throw notFound();
    const body = submission.value.body;
    await addLeadNote(db, { leadId: ref.id, authorId: me.id, authorName: me.name || me.email, body });
    return { result: submission.reply({ resetForm: true }), ...done("Note added") } satisfies NoteAnswer;
  }
  return refused({ title: "Unknown action" });
}

const notFound = () => data({ message: "Lead not found" }, { status: 404 });
const refused = (toast: { title: string; description?: string }) =>
  data<LeadAnswer>({ toast: { ...toast, variant: "destructive" } }, { status: 400 });
const done = (title: string, description?: string) =>
  ({ toast: { title, description, variant: "success" } }) satisfies LeadAnswer;

export default function AdminLead({ loaderData }: Route.ComponentProps) {
  const { kind, id, title, fields, attribution, notes, mail, timeZone, hasFile, estimate } = loaderData;
  const [params] = useSearchParams();
  const back = params.get("back");

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
        {new Date(loaderData.submittedAt).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" })}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <section aria-labelledby="lead-details" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="lead-details" className="text-lg font-semibold text-navy-900">
              Details
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
              {fields.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-700">{label}</dt>
                  <dd className="whitespace-pre-wrap break-words text-slate-900">
                    <ContactValue label={label} value={value} />
                  </dd>
                </div>
              ))}
            </dl>
            {hasFile ? (
              <a
                href={`/admin/bills/${id}`}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-navy-900 hover:bg-slate-100"
              >
                Open the bill<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
          </section>
          {estimate ? <LeadEstimate estimate={estimate} emailed={kind === "estimate"} /> : null}
          <section aria-labelledby="lead-attribution" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="lead-attribution" className="text-lg font-semibold text-navy-900">
              Where it came from
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
              {attribution.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-slate-700">{label}</dt>
                  <dd className="break-all text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="lead-mail" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="lead-mail" className="text-lg font-semibold text-navy-900">
              E-mails
            </h2>
            {mail.length === 0 ? (
              <p className="mt-2 text-slate-700">No e-mail was queued for this lead.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {mail.map((job) => (
                  <li key={job.id} className="text-sm">
                    <span className="font-semibold">{job.subject}</span> to {job.toAddress}:{" "}
                    <span data-testid="mail-status">{job.status}</span>
                    {job.attempts > 0 ? ` after ${job.attempts} attempt${job.attempts === 1 ? "" : "s"}` : ""}
                    {job.lastError && job.status !== "sent" ? ` (last error: ${job.lastError})` : ""}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <LeadTimeline entries={loaderData.timeline} timeZone={timeZone} />
        </div>

        <div className="space-y-6">
          <LeadStatusSection status={loaderData.status} />
          <LeadOwnerSection ownerId={loaderData.ownerId} staff={loaderData.owners} />
          <NextStepSection
            key={`${loaderData.nextStepOn}-${loaderData.nextStep}`}
            on={loaderData.nextStepOn}
            task={loaderData.nextStep}
          />

          <section aria-labelledby="lead-notes" className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="lead-notes" className="text-lg font-semibold text-navy-900">
              Notes
            </h2>
            <LeadNoteForm />
            <ol className="mt-4 space-y-3" data-testid="lead-notes">
              {notes.map((note) => (
                <li key={note.id} className="rounded-lg bg-slate-50 p-3">
                  <p className="whitespace-pre-wrap break-words text-slate-900">{note.body}</p>
                  <p className="mt-1 text-xs text-slate-600">
                    {note.authorName} · {formatAdminDate(note.createdAt, timeZone)}{" "}
                    {new Date(note.createdAt).toLocaleTimeString("en-US", {
                      timeZone,
                      hour: "numeric",
                      minute: "2-digit",
                    })}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}
