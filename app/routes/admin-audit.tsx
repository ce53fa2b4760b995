import { Search } from "lucide-react";
import { data, Form, Link } from "react-router";
import { TableHead } from "~/components/staff/table-head";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import { Select } from "~/components/ui/form";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditDetailsText,
  auditFiltersFrom,
  auditFiltersToParams,
} from "~/lib/audit";
import { noStoreHeaders } from "~/lib/cache-headers";
import { formatAdminDate, SEARCH_MAX } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { type AuditListRow, listAuditEvents } from "~/server/audit/audit-log.server";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { errorFields, log } from "~/server/log.server";
import type { Route } from "./+types/admin-audit";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Audit log", description: "Staff area.", noindex: true });
}

/** Where a subject can be opened: a bill's lead, a content record (`incentives:<id>`). */
function subjectHref(action: string, subject: string | null): string | null {
  if (!subject) return null;
  if (action === "bill.opened" && /^[0-9a-f-]{36}$/i.test(subject)) return `/admin/leads/bill/${subject}`;
  const record = /^([a-z-]+):([\w-]+)$/.exec(subject);
  if (action.startsWith("content.") && record) return `/admin/content/${record[1]}/${record[2]}`;
  return null;
}

/** Search, action filter and paging run in SQL from the URL (decision 0018); admins only. */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const timeZone = getConfig().SITE_TIME_ZONE;
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", second: "2-digit" });
  const shown = (row: AuditListRow) => ({
    id: row.id,
    at: row.at.toISOString(),
    when: `${formatAdminDate(row.at, timeZone)} ${time.format(row.at)}`,
    who: row.actorEmail,
    action: row.action,
    subject: row.subject,
    subjectHref: subjectHref(row.action, row.subject),
    address: row.address,
    details: auditDetailsText(row.details),
  });
  try {
    const { rows, matching, total } = await listAuditEvents(await getDb(), filters);
    return { filters, rows: rows.map(shown), matching, total, failed: false };
  } catch (error) {
    log.error(errorFields(error), "Error reading the audit log");
    return data(
      { filters, rows: [] as ReturnType<typeof shown>[], matching: 0, total: 0, failed: true },
      { status: 500 },
    );
  }
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, rows, matching, total, failed } = loaderData;
  const { formRef, searchSoon, searchNow, loading } = useSearchAsYouType("/admin/audit");
  const pages = Math.max(1, Math.ceil(matching / AUDIT_PAGE_SIZE));
  const pageLink = (page: number) => `?${auditFiltersToParams({ ...filters, page })}`;
  const cell = "px-3 py-2";

  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">Audit log</h1>
      <p className="mt-1 text-slate-700">
        Sign-ins, role changes, exports, bills opened, publishing and mail retries: who, what, when and from where,
        newest first. Entries cannot be changed; old ones are removed after the retention period.
      </p>

      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label="Audit log"
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto]"
      >
        <label className="sr-only" htmlFor="audit-search">
          Search the audit log
        </label>
        <input
          id="audit-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          placeholder="Search by e-mail, action, subject or address..."
          onChange={searchSoon}
          className="min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
        <label className="sr-only" htmlFor="audit-action">
          Action
        </label>
        <Select id="audit-action" name="action" defaultValue={filters.action ?? ""} onChange={searchNow}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
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
        <p aria-live="polite" data-testid="audit-count">
          {matching} of {total} events
        </p>
        {loading ? (
          <p role="status" className="font-medium">
            Loading...
          </p>
        ) : null}
      </div>

      {failed ? (
        <p role="alert" className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-red-800">
          The audit log could not be read. Please try again in a moment.
        </p>
      ) : rows.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-slate-700">
          {filters.q || filters.action ? "No events match your search." : "No events recorded yet."}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit events, newest first</caption>
            <TableHead headings={["When", "Who", "What", "Subject", "From", "Details"]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-200 align-top">
                  <td className={`${cell} tabular whitespace-nowrap`}>
                    <time dateTime={row.at}>{row.when}</time>
                  </td>
                  <td className={`${cell} break-all`}>{row.who ?? "-"}</td>
                  <td className={cell}>{auditActionLabel(row.action)}</td>
                  <td className={`${cell} break-all`}>
                    {row.subjectHref ? (
                      <Link to={row.subjectHref} className="font-medium text-navy-800 underline underline-offset-2">
                        {row.subject}
                      </Link>
                    ) : (
                      (row.subject ?? "-")
                    )}
                  </td>
                  <td className={`${cell} tabular`}>{row.address ?? "-"}</td>
                  <td className={`${cell} max-w-xs break-words text-slate-700`}>{row.details || "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
