import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { Select } from "~/components/ui/form";
import {
  formatAdminDate,
  formatBill,
  isLeadStatus,
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadListRow,
  type LeadStatus,
  ownerLabel,
} from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";

export type BoardColumn = { status: LeadStatus; count: number; monthlyBill: number; cards: LeadListRow[] };

const DRAG_TYPE = "application/x-lead";

/** The select serves keyboards and screen readers; a button posts it without JavaScript. */
function Card({ card, timeZone, onMove }: { card: LeadListRow; timeZone: string; onMove: (to: LeadStatus) => void }) {
  const name = card.businessName ?? card.contactName;
  return (
    <li
      draggable
      onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, `${card.kind}:${card.id}`)}
      className="cursor-grab rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <Link
        to={`/admin/leads/${card.kind}/${card.id}`}
        className="font-semibold text-navy-800 underline underline-offset-2"
      >
        {name}
      </Link>
      <p className="text-xs text-slate-600">
        {LEAD_KIND_LABELS[card.kind]} · {formatAdminDate(card.submittedAt, timeZone)}
        {card.monthlyBill !== null ? ` · ${formatBill(card.monthlyBill)}/mo` : ""}
      </p>
      <p className="text-xs text-slate-600">{ownerLabel(card)}</p>
      <form method="post" className="mt-2 flex gap-1" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="lead" value={`${card.kind}:${card.id}`} />
        <label htmlFor={`move-${card.id}`} className="sr-only">
          Move {name} to
        </label>
        <Select
          id={`move-${card.id}`}
          name="status"
          value={card.status}
          onChange={(event) => isLeadStatus(event.currentTarget.value) && onMove(event.currentTarget.value)}
          className="min-h-9 py-1 text-sm"
        >
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </Select>
        <noscript>
          <button type="submit" className="min-h-9 rounded-md bg-navy-800 px-2 text-sm font-semibold text-white">
            Move
          </button>
        </noscript>
      </form>
    </li>
  );
}

export function LeadBoard({ columns, timeZone }: { columns: BoardColumn[]; timeZone: string }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  const [said, setSaid] = useState("");
  useToastFrom(fetcher.data?.toast);
  const move = (lead: string, name: string, to: LeadStatus) => {
    setSaid(`${name} moved to ${LEAD_STATUS_LABELS[to]}.`);
    fetcher.submit({ intent: "move", lead, status: to }, { method: "post" });
  };
  return (
    <>
      <p aria-live="polite" className="sr-only" data-testid="board-announcer">
        {said}
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-3 xl:grid-cols-5">
        {columns.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`board-${column.status}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              const lead = event.dataTransfer.getData(DRAG_TYPE);
              const card = columns.flatMap((each) => each.cards).find((each) => `${each.kind}:${each.id}` === lead);
              if (card && card.status !== column.status)
                move(lead, card.businessName ?? card.contactName, column.status);
            }}
            className="rounded-xl bg-slate-100 p-3"
            data-testid={`board-column-${column.status}`}
          >
            <h2 id={`board-${column.status}`} className="font-semibold text-navy-900">
              {LEAD_STATUS_LABELS[column.status]} ({column.count})
            </h2>
            <p className="text-xs text-slate-700">{formatBill(column.monthlyBill)} a month in bills</p>
            <ul className="mt-2 space-y-2">
              {column.cards.map((card) => (
                <Card
                  key={card.id}
                  card={card}
                  timeZone={timeZone}
                  onMove={(to) => move(`${card.kind}:${card.id}`, card.businessName ?? card.contactName, to)}
                />
              ))}
            </ul>
            {column.count > column.cards.length ? (
              <p className="mt-2 text-xs text-slate-700">
                {column.count - column.cards.length} more in{" "}
                <Link to={`/admin/leads?status=${column.status}`} className="underline underline-offset-2">
                  the list
                </Link>
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
