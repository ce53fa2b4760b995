import { Download } from "lucide-react";
import { data, Link } from "react-router";
import { EmptyList, FilterSelect, ListCount, ListSearchForm, Pager, SearchInput } from "~/components/staff/list-page";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { noStoreHeaders } from "~/lib/cache-headers";
import {
  displayOrDash,
  formatAdminDate,
  formatBill,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEADS_PAGE_SIZE,
  type LeadFilters,
  leadFiltersFrom,
  leadFiltersToParams,
  SEARCH_MAX,
} from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { LEADS_FETCH_FAILED } from "~/lib/staff-messages";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { errorFields, log } from "~/server/log.server";
import { type LeadListRow, listLeads } from "~/server/queries/staff-leads.server";
import type { Route } from "./+types/leads";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Lead Submissions", description: "Staff area.", noindex: true });
}

/** Search, filters and paging run in SQL from the URL, so any view can be shared or reloaded. */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = leadFiltersFrom(new URL(request.url).searchParams);
  const timeZone = getConfig().SITE_TIME_ZONE;
  try {
    const { rows, matching, total } = await listLeads(await getDb(), filters);
    return { filters, rows, matching, total, failed: false, timeZone };
  } catch (error) {
    log.error(errorFields(error), "Error fetching leads");
    return data({ filters, rows: [] as LeadListRow[], matching: 0, total: 0, failed: true, timeZone }, { status: 500 });
  }
}

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const { filters, rows, matching, total, failed, timeZone } = loaderData;
  const { formRef, searchSoon, searchNow, loading } = useSearchAsYouType("/admin/leads");
  useToastFrom(failed ? LEADS_FETCH_FAILED : null);
  const filtered = Boolean(filters.q || filters.kind || filters.status);
  const pages = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const pageLink = (page: number) => `?${leadFiltersToParams({ ...filters, page })}`;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">Lead Submissions</h1>
          <p className="mt-1 text-slate-700">Bill uploads, consultation requests and guide requests, newest first.</p>
        </div>
        <a
          href={`/admin/leads/export.csv?${leadFiltersToParams({ ...filters, page: 1 })}`}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>

      <ListSearchForm formRef={formRef} label="Leads" className="grid sm:grid-cols-[1fr_auto_auto_auto]">
        <SearchInput
          id="lead-search"
          label="Search leads"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          placeholder="Search by business name or email..."
          onChange={searchSoon}
        />
        <FilterSelect
          id="lead-kind"
          label="Type"
          name="kind"
          defaultValue={filters.kind ?? ""}
          onChange={searchNow}
          all="All types"
          options={LEAD_KINDS.map((kind) => ({ value: kind, label: LEAD_KIND_LABELS[kind] }))}
        />
        <FilterSelect
          id="lead-status"
          label="Status"
          name="status"
          defaultValue={filters.status ?? ""}
          onChange={searchNow}
          all="All statuses"
          options={LEAD_STATUSES.map((status) => ({ value: status, label: LEAD_STATUS_LABELS[status] }))}
        />
      </ListSearchForm>

      <ListCount testId="lead-count" loading={loading}>
        {matching} of {total} submissions
      </ListCount>

      {rows.length === 0 ? (
        <EmptyList>{filtered ? "No leads match your search." : "No lead submissions found."}</EmptyList>
      ) : (
        <LeadTable rows={rows} timeZone={timeZone} filters={filters} />
      )}

      <Pager page={filters.page} pages={pages} hrefFor={pageLink} />
    </>
  );
}

function LeadTable({ rows, timeZone, filters }: { rows: LeadListRow[]; timeZone: string; filters: LeadFilters }) {
  const back = leadFiltersToParams(filters).toString();
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Lead submissions</caption>
        <TableHead
          headings={[
            "Business Name",
            "Contact Name",
            "Email",
            "Phone",
            "Monthly Bill",
            "File",
            "Submitted At",
            "Type",
            "Status",
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-slate-200">
              <td className="px-3 py-2">{displayOrDash(row.businessName)}</td>
              <td className="px-3 py-2">
                <Link
                  to={`/admin/leads/${row.kind}/${row.id}${back ? `?back=${encodeURIComponent(back)}` : ""}`}
                  className="font-semibold text-navy-800 underline underline-offset-2"
                >
                  {row.contactName}
                </Link>
              </td>
              <td className="px-3 py-2">{row.email}</td>
              <td className="px-3 py-2">{displayOrDash(row.phone)}</td>
              <td className="px-3 py-2 tabular">{formatBill(row.monthlyBill)}</td>
              <td className="px-3 py-2">
                {row.hasFile ? (
                  <a
                    href={`/admin/bills/${row.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-9 items-center rounded-md border border-slate-300 px-2 font-medium text-navy-900 hover:bg-slate-100"
                  >
                    View file<span className="sr-only"> of {row.contactName} (opens in a new tab)</span>
                  </a>
                ) : (
                  "-"
                )}
              </td>
              <td className="px-3 py-2 tabular">{formatAdminDate(row.submittedAt, timeZone)}</td>
              <td className="px-3 py-2">{LEAD_KIND_LABELS[row.kind]}</td>
              <td className="px-3 py-2">{LEAD_STATUS_LABELS[row.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
