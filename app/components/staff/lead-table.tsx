import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { AllMatching, SORTABLE, SortLink } from "~/components/staff/lead-list-controls";
import { BULK_ASSIGN_FORM } from "~/components/staff/lead-owner-forms";
import { NextStepCell } from "~/components/staff/next-step";
import { TableHead } from "~/components/staff/table-head";
import {
  displayOrDash,
  formatAdminDate,
  formatAdminTime,
  formatBill,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  type LeadListRow,
  type LeadSort,
  type LeadStatus,
  ownerLabel,
  waitingForReply,
} from "~/lib/lead-workspace";
import { formatPhone, telHref } from "~/lib/tel-href";

const STATUS_CHIP: Record<LeadStatus, string> = {
  new: "bg-blue-100 text-blue-900",
  contacted: "bg-amber-100 text-amber-900",
  qualified: "bg-purple-100 text-purple-900",
  won: "bg-green-100 text-green-900",
  lost: "bg-slate-200 text-slate-800",
};

export function StatusChip({ status }: { status: LeadStatus }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CHIP[status]}`}>
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}

const linkClass = "text-navy-800 underline underline-offset-2";

/** Remembers the list's query for its "Back to leads". */
const leadHref = (row: Pick<LeadListRow, "kind" | "id">, back: string) =>
  `/admin/leads/${row.kind}/${row.id}${back ? `?back=${encodeURIComponent(back)}` : ""}`;

export function LeadTable({
  rows,
  timeZone,
  back,
  today,
  now,
  replyHours,
  sort,
  sortHref,
  matching,
  query,
}: {
  sort: LeadSort;
  sortHref: (sort: LeadSort) => string;
  matching: number;
  query: string;
  rows: LeadListRow[];
  replyHours: number;
  timeZone: string;
  back: string;
  today: string;
  now: string;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const lastClicked = useRef<number | null>(null);
  // New rows (bulk action, search, another page): nothing is ticked, so neither is "All".
  const allBox = useRef<HTMLInputElement>(null);
  const [pageTicked, setPageTicked] = useState(false);
  const [allMatching, setAllMatching] = useState(false);
  useEffect(() => {
    if (allBox.current && rows) allBox.current.checked = false;
    setPageTicked(false);
    setAllMatching(false);
  }, [rows]);
  const boxes = () => [...(body.current?.querySelectorAll<HTMLInputElement>('input[name="lead"]') ?? [])];
  const onRowBox = (event: MouseEvent<HTMLInputElement>, index: number) => {
    if (!event.currentTarget.checked) {
      setAllMatching(false);
      setPageTicked(false);
      if (allBox.current) allBox.current.checked = false;
    }
    const from = lastClicked.current;
    if (event.shiftKey && from !== null) {
      const [low, high] = from < index ? [from, index] : [index, from];
      for (const box of boxes().slice(low, high + 1)) box.checked = event.currentTarget.checked;
    }
    lastClicked.current = index;
  };
  const selectAll = (
    <label className="inline-flex items-center gap-2">
      <input
        ref={allBox}
        type="checkbox"
        className="size-5"
        aria-label="Select all leads on this page"
        onChange={(event) => {
          for (const box of boxes()) box.checked = event.currentTarget.checked;
          setPageTicked(event.currentTarget.checked);
          if (!event.currentTarget.checked) setAllMatching(false);
        }}
      />
      <span aria-hidden="true">All</span>
    </label>
  );
  return (
    <>
      {pageTicked && matching > rows.length ? (
        <AllMatching
          onPage={rows.length}
          matching={matching}
          query={query}
          chosen={allMatching}
          choose={setAllMatching}
        />
      ) : null}
      <LeadCards rows={rows} timeZone={timeZone} back={back} today={today} />
      {/* At 1280 px every column fits (narrow cells, wrapped e-mail and date). */}
      <div className="relative mt-4 hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Lead submissions</caption>
          <TableHead
            cells={{
              Select: selectAll,
              ...Object.fromEntries(
                Object.keys(SORTABLE).map((heading) => [
                  heading,
                  <SortLink key={heading} heading={heading} sort={sort} hrefFor={sortHref} />,
                ]),
              ),
            }}
            sorted={Object.fromEntries(
              Object.entries(SORTABLE).flatMap(([heading, column]) => {
                const way = column.shown(sort);
                return way ? [[heading, way]] : [];
              }),
            )}
            headings={[
              "Select",
              "Business Name",
              "Contact Name",
              "Email",
              "Phone",
              "Monthly Bill",
              "File",
              "Submitted At",
              "Type",
              "Status",
              "Owner",
              "Next step",
            ]}
          />
          <tbody ref={body}>
            {rows.map((row, index) => (
              <tr key={row.id} className="border-t border-slate-200 align-middle [&>td]:px-2 [&>td]:py-1.5">
                <td>
                  <input
                    type="checkbox"
                    name="lead"
                    value={`${row.kind}:${row.id}`}
                    form={BULK_ASSIGN_FORM}
                    aria-label={`Select ${row.contactName}`}
                    className="size-5"
                    onClick={(event) => onRowBox(event, index)}
                  />
                </td>
                <td className="min-w-28">{displayOrDash(row.businessName)}</td>
                <td className="min-w-28">
                  <Link
                    to={leadHref(row, back)}
                    className="font-semibold text-navy-800 underline underline-offset-2"
                    data-lead-link
                  >
                    {row.contactName}
                  </Link>
                  {row.duplicates ? (
                    <Link
                      to={`/admin/leads?${new URLSearchParams({ q: row.email })}`}
                      className="mt-1 block w-max rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                    >
                      {row.duplicates === 1 ? "1 more from them" : `${row.duplicates} more from them`}
                      <span className="sr-only"> (same e-mail or business as {row.contactName})</span>
                    </Link>
                  ) : null}
                </td>
                <td className="max-w-44 break-all">
                  <a href={`mailto:${row.email}`} className={linkClass}>
                    {row.email}
                  </a>
                </td>
                <td className="whitespace-nowrap">
                  {row.phone ? (
                    <a href={telHref(row.phone)} className={linkClass}>
                      {formatPhone(row.phone)}
                    </a>
                  ) : (
                    "-"
                  )}
                </td>
                <td className="whitespace-nowrap tabular">{formatBill(row.monthlyBill)}</td>
                <td className="whitespace-nowrap">
                  {row.hasFile ? (
                    <a
                      href={`/admin/bills/${row.id}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-8 items-center rounded-md border border-slate-300 px-2 font-medium text-navy-900 hover:bg-slate-100"
                    >
                      View file<span className="sr-only"> of {row.contactName} (opens in a new tab)</span>
                    </a>
                  ) : (
                    "-"
                  )}
                </td>
                <td className="tabular">
                  {formatAdminDate(row.submittedAt, timeZone)}{" "}
                  <span className="block text-xs text-slate-600">{formatAdminTime(row.submittedAt, timeZone)}</span>
                  {waitingForReply(row, now, replyHours) ? (
                    <span className="ml-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                      No reply in {replyHours} h
                    </span>
                  ) : null}
                </td>
                <td>{LEAD_KIND_LABELS[row.kind]}</td>
                <td>
                  <StatusChip status={row.status} />
                </td>
                <td className="whitespace-nowrap">{ownerLabel(row)}</td>
                <td className="min-w-32">
                  <NextStepCell
                    on={row.nextStepOn}
                    task={row.nextStep}
                    today={today}
                    status={row.status}
                    lead={{ kind: row.kind, id: row.id, name: row.contactName }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Below 640 px a card per lead instead of a table scrolled sideways. */
function LeadCards({
  rows,
  timeZone,
  back,
  today,
}: {
  rows: LeadListRow[];
  timeZone: string;
  back: string;
  today: string;
}) {
  return (
    <ul className="mt-4 space-y-3 sm:hidden" data-testid="lead-cards">
      {rows.map((row) => (
        <li key={row.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <input
            type="checkbox"
            name="lead"
            value={`${row.kind}:${row.id}`}
            form={BULK_ASSIGN_FORM}
            aria-label={`Select ${row.contactName}`}
            className="mt-3 size-5 shrink-0"
          />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={leadHref(row, back)}
                className="inline-flex min-h-11 items-center font-semibold text-navy-800 underline underline-offset-2"
                data-lead-link
              >
                {row.contactName}
              </Link>
              <StatusChip status={row.status} />
            </p>
            <p className="text-sm text-slate-800">
              {row.businessName ? `${row.businessName} · ` : ""}
              {LEAD_KIND_LABELS[row.kind]} · {formatAdminDate(row.submittedAt, timeZone)}
              {row.monthlyBill !== null ? ` · ${formatBill(row.monthlyBill)}` : ""}
            </p>
            <p className="text-sm text-slate-700">Owner: {ownerLabel(row)}</p>
            <NextStepCell
              on={row.nextStepOn}
              task={row.nextStep}
              today={today}
              status={row.status}
              lead={{ kind: row.kind, id: row.id, name: row.contactName }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
