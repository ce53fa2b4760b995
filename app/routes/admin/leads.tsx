import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { LeadFilterFields } from "~/components/staff/lead-filter-fields";
import { type AssignAnswer, BulkAssignForm, type OwnerChoice } from "~/components/staff/lead-owner-forms";
import { LeadTable } from "~/components/staff/lead-table";
import { EmptyList, ListCount, ListSearchForm, Pager } from "~/components/staff/list-page";
import { SavedViews } from "~/components/staff/saved-views";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { buttonClasses } from "~/components/ui/button";
import { noStoreHeaders } from "~/lib/cache-headers";
import { isIsoDate } from "~/lib/dates";
import {
  formatAdminDay,
  isFiltered,
  isLeadStatus,
  LEADS_PAGE_SIZE,
  type LeadKind,
  leadFiltersFrom,
  leadFiltersToParams,
  REPLY_WITHIN_HOURS,
} from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { LEADS_FETCH_FAILED } from "~/lib/staff-messages";
import { bulkAssignSchema, MAX_BULK_LEADS } from "~/lib/validation/staff-forms";
import { staffContext } from "~/server/auth/staff-guard.server";
import { today } from "~/server/clock.server";
import { getConfig } from "~/server/config.server";
import { readSmallFormData } from "~/server/forms.server";
import { assignOf, restoreOf, setNextStepOf, setStatusOf } from "~/server/leads/bulk-actions.server";
import { isSpamIntent, spamAction } from "~/server/leads/lead-spam-action.server";
import { isViewIntent, savedViewAction } from "~/server/leads/saved-view-actions.server";
import { errorFields, log } from "~/server/log.server";
import { duplicateCounts } from "~/server/queries/lead-duplicates.server";
import { assignableStaff } from "~/server/queries/lead-owners.server";
import { listSavedViews } from "~/server/queries/saved-views.server";
import { type LeadListRow, listLeads, matchingLeadRefs, nextFollowUp } from "~/server/queries/staff-leads.server";
import { database } from "~/server/request-context.server";
import { promisedReplyHours } from "~/server/settings/business-details.server";
import { staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/leads";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Lead Submissions", description: "Staff area.", noindex: true });
}

/** Run in SQL from the URL, so any view can be shared or reloaded. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = leadFiltersFrom(url.searchParams);
  const timeZone = getConfig().SITE_TIME_ZONE;
  const day = today();
  const me = context.get(staffContext).id;
  try {
    const db = await database(context);
    const views = await listSavedViews(db, me);
    // Without a filter the default view opens (`?view=all` is the whole list).
    const preferred = views.find((view) => view.isDefault);
    if (url.search === "" && preferred?.query) throw redirect(`/admin/leads?${preferred.query}`);
    const scope = { ...filters, viewerId: me, today: day, timeZone };
    const [{ rows: listed, matching, total }, staff, replyHours] = await Promise.all([
      listLeads(db, scope),
      assignableStaff(db),
      promisedReplyHours(),
    ]);
    const probes = listed.map((row) => ({
      id: row.id,
      email: row.email,
      businessName: row.kind === "bill" ? row.businessName : null,
    }));
    const mineDue = filters.due && filters.owner === "mine" && listed.length === 0;
    const [counts, next] = await Promise.all([duplicateCounts(db, probes), mineDue ? nextFollowUp(db, me, day) : null]);
    const rows = listed.map((row) => ({ ...row, duplicates: counts.get(row.id) ?? 0 }));
    const owners = staff.map(({ id, name, email }) => ({ id, name: name || email }));
    return {
      filters,
      rows,
      matching,
      total,
      failed: false,
      timeZone,
      today: day,
      now: new Date().toISOString(),
      owners,
      views,
      replyHours,
      next,
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error(errorFields(error), "Error fetching leads");
    const empty = { filters, rows: [] as LeadListRow[], matching: 0, total: 0, owners: [] as OwnerChoice[], views: [] };
    return data(
      {
        ...empty,
        failed: true,
        timeZone,
        today: day,
        now: new Date().toISOString(),
        replyHours: REPLY_WITHIN_HOURS,
        next: null,
      },
      { status: 500 },
    );
  }
}

/** Room for the most leads a bulk action or its Undo names (decision 0017's caps). */
const BULK_ASSIGN_LIMITS = { lists: {}, maxFields: MAX_BULK_LEADS + 8 };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallFormData(request);
  const problem = staffFormProblem(form, BULK_ASSIGN_LIMITS);
  if (problem) {
    const toast = { title: "Nothing was changed", description: problem, variant: "destructive" } as const;
    return data<AssignAnswer>({ toast }, { status: 400 });
  }
  const intent = form.get("intent");
  if (isViewIntent(intent)) {
    const { status, answer } = await savedViewAction(
      await database(context),
      context.get(staffContext).id,
      intent,
      form,
    );
    return data(answer, { status });
  }
  const me = context.get(staffContext);
  const actor = { id: me.id, name: me.name || me.email };
  const by = { ...actor, siteUrl: getConfig().SITE_URL };
  const restored = restoreOf(await database(context), intent, form.getAll("restore").map(String), by);
  if (restored) {
    const toast = await restored;
    return data<AssignAnswer>({ toast }, { status: toast.variant === "destructive" ? 400 : 200 });
  }
  const submission = parseWithZod(form, { schema: bulkAssignSchema });
  if (submission.status !== "success") return data<AssignAnswer>({ result: submission.reply() }, { status: 400 });
  const matching = submission.value.matching;
  const refs = matching
    ? await matchingLeadRefs(await database(context), scopeOf(matching, me.id), MAX_BULK_LEADS)
    : submission.value.lead.map((ref) => {
        const [kind, id] = ref.split(":") as [LeadKind, string];
        return { kind, id };
      });
  if (refs === null) {
    const result = submission.reply({
      fieldErrors: { lead: [`More than ${MAX_BULK_LEADS} leads match: narrow the filters, or act on this page.`] },
    });
    return data<AssignAnswer>({ result }, { status: 400 });
  }
  if (isSpamIntent(intent)) {
    const { changed, toast } = await spamAction(await database(context), context, intent, refs);
    const back = intent === "spam" ? "not-spam" : "spam";
    const fields: [string, string][] = [
      ["intent", back],
      ...changed.map((lead) => ["lead", `${lead.kind}:${lead.id}`] as [string, string]),
    ];
    const undo = changed.length ? { undo: { action: "/admin/leads", fields } } : {};
    return { result: submission.reply({ resetForm: true }), toast: { ...toast, ...undo } } satisfies AssignAnswer;
  }
  if (intent === "status") {
    const status = form.get("status");
    if (!isLeadStatus(status)) {
      const result = submission.reply({ fieldErrors: { lead: ["Choose the status to set."] } });
      return data<AssignAnswer>({ result }, { status: 400 });
    }
    const toast = await setStatusOf(await database(context), refs, status, actor);
    return { result: submission.reply({ resetForm: true }), toast } satisfies AssignAnswer;
  }
  if (intent === "next-step") {
    const on = String(form.get("on") ?? "");
    if (!isIsoDate(on)) {
      const result = submission.reply({ fieldErrors: { lead: ["Choose the day of the next step."] } });
      return data<AssignAnswer>({ result }, { status: 400 });
    }
    const toast = await setNextStepOf(await database(context), refs, on, actor);
    return { result: submission.reply({ resetForm: true }), toast } satisfies AssignAnswer;
  }
  const toast = await assignOf(await database(context), refs, submission.value.ownerId ?? null, by);
  if (toast === null) {
    const result = submission.reply({ fieldErrors: { ownerId: ["That person cannot own leads. Reload the page."] } });
    return data<AssignAnswer>({ result }, { status: 400 });
  }
  return { result: submission.reply({ resetForm: true }), toast } satisfies AssignAnswer;
}

function scopeOf(query: string, viewerId: string) {
  const filters = leadFiltersFrom(new URLSearchParams(query));
  return { ...filters, viewerId, today: today(), timeZone: getConfig().SITE_TIME_ZONE };
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters, rows, matching, total, failed, timeZone, owners } = loaderData;
  const { formRef, searchSoon, searchNow, loading } = useSearchAsYouType("/admin/leads");
  useToastFrom(failed ? LEADS_FETCH_FAILED : null);
  const filtered = isFiltered(filters);
  const spamView = filters.spam;
  const pages = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const pageLink = (page: number) => `?${leadFiltersToParams({ ...filters, page })}`;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">{spamView ? "Spam" : "Lead Submissions"}</h1>
          <p className="mt-1 text-slate-700">
            {spamView
              ? 'Leads marked as spam: in no other list or count. "Not spam" puts them back.'
              : "Bill uploads, consultation requests and guide requests, newest first."}
          </p>
          {spamView ? (
            <Link to="/admin/leads/blocked" className="font-semibold text-navy-800 underline underline-offset-4">
              Blocked senders
            </Link>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="?owner=mine&due=1" className={buttonClasses("primary", "md")}>
            My follow-ups due
          </Link>
          <Link to={spamView ? "/admin/leads" : "?spam=1"} className={buttonClasses("outline", "md")}>
            {spamView ? "Back to leads" : "Spam"}
          </Link>
          <Link
            to={`/admin/leads/board?${leadFiltersToParams({ ...filters, status: null, spam: false, page: 1 })}`}
            className={buttonClasses("outline", "md")}
          >
            Pipeline board
          </Link>
          <a
            href={`/admin/leads/export.csv?${leadFiltersToParams({ ...filters, page: 1 })}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
      </div>

      <ListSearchForm
        formRef={formRef}
        label="Leads"
        className="grid grid-cols-2 sm:grid-cols-[1fr_auto_auto] lg:grid-cols-[minmax(16rem,2fr)_repeat(5,minmax(0,1fr))_auto]"
      >
        <LeadFilterFields
          idPrefix="lead"
          filters={filters}
          owners={owners}
          searchSoon={searchSoon}
          searchNow={searchNow}
        />
      </ListSearchForm>

      <SavedViews views={loaderData.views} current={leadFiltersToParams({ ...filters, page: 1 }).toString()} />

      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <ListCount testId="lead-count" loading={loading}>
          {spamView ? `${matching} marked as spam` : `${matching} of ${total} submissions`}
        </ListCount>
        {rows.length ? <BulkAssignForm staff={owners} spamView={spamView} /> : null}
      </div>

      {rows.length === 0 ? (
        <EmptyList>
          {spamView
            ? "No lead is marked as spam."
            : filters.due && !filters.q && !filters.kind && !filters.status
              ? loaderData.next
                ? `Nothing due. Next: ${loaderData.next.name} on ${formatAdminDay(loaderData.next.on)}.`
                : "Nothing due: no open lead has a next step today or earlier."
              : filtered
                ? "No leads match your search."
                : "No lead submissions found."}
        </EmptyList>
      ) : (
        <LeadTable
          rows={rows}
          timeZone={timeZone}
          back={leadFiltersToParams(filters).toString()}
          today={loaderData.today}
          now={loaderData.now}
          replyHours={loaderData.replyHours}
          matching={matching}
          query={leadFiltersToParams({ ...filters, page: 1 }).toString()}
          sort={filters.sort}
          sortHref={(sort) => `?${leadFiltersToParams({ ...filters, sort, page: 1 })}`}
        />
      )}

      <Pager page={filters.page} pages={pages} hrefFor={pageLink} />
    </>
  );
}
