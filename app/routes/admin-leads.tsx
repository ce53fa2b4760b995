import { Download, Search } from "lucide-react";
import { data, Form, Link } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { TableHead } from "~/components/staff/table-head";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { Select } from "~/components/ui/form";
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
import type { Route } from "./+types/admin-leads";

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

      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label="Leads"
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto]"
      >
        <label className="sr-only" htmlFor="lead-search">
          Search leads
        </label>
        <input
          id="lead-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          placeholder="Search by business name or email..."
          onChange={searchSoon}
          className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
        <label className="sr-only" htmlFor="lead-kind">
          Type
        </label>
        <Select id="lead-kind" name="kind" defaultValue={filters.kind ?? ""} onChange={searchNow}>
          <option value="">All types</option>
          {LEAD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LEAD_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
        <label className="sr-only" htmlFor="lead-status">
          Status
        </label>
        <Select id="lead-status" name="status" defaultValue={filters.status ?? ""} onChange={searchNow}>
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
        >
          <Search aria-hidden="true" className="size-4" />
          Search
        </button>
      </Form>

      <div className="mt-4 flex items-center justify-between text-sm text-slate-700">
        <p aria-live="polite" data-testid="lead-count">
          {matching} of {total} submissions
        </p>
        {loading ? (
          <p role="status" className="font-medium">
            Loading...
          </p>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-slate-700">
          {filtered ? "No leads match your search." : "No lead submissions found."}
        </p>
      ) : (
        <LeadTable rows={rows} timeZone={timeZone} filters={filters} />
      )}

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between">
          {filters.page > 1 ? (
            <Link to={pageLink(filters.page - 1)} className="min-h-11 font-semibold text-navy-800 underline">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">
            Page {filters.page} of {pages}
          </span>
          {filters.page < pages ? (
            <Link to={pageLink(filters.page + 1)} className="min-h-11 font-semibold text-navy-800 underline">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
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
