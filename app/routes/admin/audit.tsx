import { data, Link } from "react-router";
import { EmptyList, FilterSelect, ListCount, ListSearchForm, Pager, SearchInput } from "~/components/staff/list-page";
import { TableBox } from "~/components/staff/table-box";
import { TableHead } from "~/components/staff/table-head";
import { useSearchAsYouType } from "~/components/staff/use-search-as-you-type";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_PAGE_SIZE,
  type AuditSubject,
  auditActionLabel,
  auditDetailsText,
  auditFiltersFrom,
  auditFiltersToParams,
} from "~/lib/audit";
import { noStoreHeaders } from "~/lib/cache-headers";
import { formatAdminDate, SEARCH_MAX } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import { listAuditEvents } from "~/server/audit/audit-log.server";
import { type NamedAuditRow, nameAuditRows } from "~/server/audit/audit-subjects.server";
import { getConfig } from "~/server/config.server";
import { errorFields, log } from "~/server/log.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/audit";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Audit log", description: "Staff area.", noindex: true });
}

/** Search, filter and paging run in SQL from the URL (decision 0018). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = auditFiltersFrom(new URL(request.url).searchParams);
  const timeZone = getConfig().SITE_TIME_ZONE;
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  });
  const shown = (row: NamedAuditRow) => ({
    id: row.id,
    at: row.at.toISOString(),
    when: `${formatAdminDate(row.at, timeZone)} ${time.format(row.at)}`,
    // The address they acted as stays in the title, which is what search finds.
    who: row.actorName,
    whoEmail: row.actorEmail,
    action: row.action,
    subject: row.shownSubject,
    address: row.address,
    details: auditDetailsText(row.details),
  });
  try {
    const db = await database(context);
    const { rows, matching, total } = await listAuditEvents(db, filters);
    return { filters, rows: (await nameAuditRows(db, rows)).map(shown), matching, total, failed: false };
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

      <ListSearchForm formRef={formRef} label="Audit log" className="grid sm:grid-cols-[1fr_auto_auto]">
        <SearchInput
          id="audit-search"
          label="Search the audit log"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          placeholder="Search by e-mail, action, subject or address..."
          onChange={searchSoon}
        />
        <FilterSelect
          id="audit-action"
          label="Action"
          name="action"
          defaultValue={filters.action ?? ""}
          onChange={searchNow}
          all="All actions"
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
        />
      </ListSearchForm>

      <ListCount testId="audit-count" loading={loading}>
        {matching} of {total} events
      </ListCount>

      {failed ? (
        <p role="alert" className="mt-6 rounded-xl bg-white p-10 text-center text-lg text-red-800">
          The audit log could not be read. Please try again in a moment.
        </p>
      ) : rows.length === 0 ? (
        <EmptyList>
          {filters.q || filters.action ? "No events match your search." : "No events recorded yet."}
        </EmptyList>
      ) : (
        <TableBox label="Audit events" className="mt-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit events, newest first</caption>
            <TableHead headings={["When", "Who", "What", "Subject", "From", "Details"]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-slate-200 align-top">
                  <td className={`${cell} tabular whitespace-nowrap`}>
                    <time dateTime={row.at}>{row.when}</time>
                  </td>
                  <td className={`${cell} break-words`} title={row.whoEmail ?? undefined}>
                    {row.who ?? "-"}
                  </td>
                  <td className={cell}>{auditActionLabel(row.action)}</td>
                  <td className={`${cell} min-w-40 wrap-anywhere`}>
                    <SubjectName subject={row.subject} />
                  </td>
                  <td className={`${cell} tabular`}>{row.address ?? "-"}</td>
                  <td className={`${cell} max-w-xs break-words text-slate-700`}>{row.details || "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}

      <Pager page={filters.page} pages={pages} hrefFor={pageLink} />
    </>
  );
}

/** A record gone is shown with its id. */
function SubjectName({ subject }: { subject: AuditSubject | null }) {
  if (!subject) return "-";
  const stored = subject.stored === subject.text ? undefined : subject.stored;
  if (subject.gone)
    return (
      <>
        <span className="italic">{subject.text}</span>
        <span className="block break-all text-xs text-slate-600">{subject.stored}</span>
      </>
    );
  return subject.href ? (
    <Link to={subject.href} title={stored} className="font-medium text-navy-800 underline underline-offset-2">
      {subject.text}
    </Link>
  ) : (
    <span title={stored}>{subject.text}</span>
  );
}
