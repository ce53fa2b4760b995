import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { addDays } from "~/lib/dates";
import { formatAdminDay, type LeadKind, type LeadStatus, nextStepDue } from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";

const CHIP = {
  overdue: { text: "Overdue", className: "bg-red-100 text-red-900" },
  today: { text: "Due today", className: "bg-amber-100 text-amber-900" },
} as const;

export function NextStepCell({
  on,
  task,
  today,
  status,
  lead,
}: {
  on: string | null;
  task: string | null;
  today: string;
  status: LeadStatus;
  lead?: { kind: LeadKind; id: string; name: string };
}) {
  if (!on) return <>-</>;
  const due = nextStepDue(on, today, status);
  return (
    <div className="min-w-32">
      <span className="tabular">{formatAdminDay(on)}</span>
      {due ? (
        <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-semibold ${CHIP[due].className}`}>
          {CHIP[due].text}
        </span>
      ) : null}
      {task ? <p className="mt-0.5 line-clamp-2 text-slate-700">{task}</p> : null}
      {due && lead ? <DueActions lead={lead} task={task} today={today} /> : null}
    </div>
  );
}

const small = "min-h-8 rounded-md border border-slate-300 px-2 text-xs font-semibold text-navy-900 hover:bg-slate-100";

/** The date field gives any other day. */
const SNOOZES = [
  [3, "3 days"],
  [7, "1 week"],
] as const;

/** Through the lead page's own actions; "Later…" opens without a script. */
function DueActions({
  lead,
  task,
  today,
}: {
  lead: { kind: LeadKind; id: string; name: string };
  task: string | null;
  today: string;
}) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToastFrom(fetcher.data?.toast);
  const action = `/admin/leads/${lead.kind}/${lead.id}`;
  const busy = fetcher.state !== "idle";
  const snooze = (days: number, label: string) => (
    <fetcher.Form method="post" action={action} key={days}>
      <input type="hidden" name="intent" value="next-step" />
      <input type="hidden" name="on" value={addDays(today, days)} />
      <input type="hidden" name="task" value={task ?? ""} />
      <button type="submit" disabled={busy} className={small} aria-label={`Snooze ${lead.name} ${label}`}>
        {days === 1 ? "Snooze 1 day" : label}
      </button>
    </fetcher.Form>
  );
  return (
    <div className="mt-1 flex flex-wrap items-start gap-1">
      <fetcher.Form method="post" action={action}>
        <input type="hidden" name="intent" value="clear-next-step" />
        <button
          type="submit"
          disabled={busy}
          className={small}
          aria-label={`Done: clear the next step of ${lead.name}`}
        >
          Done
        </button>
      </fetcher.Form>
      {snooze(1, "1 day")}
      <details className="group">
        <summary
          className={`${small} inline-flex cursor-pointer items-center`}
          aria-label={`Snooze ${lead.name} later`}
        >
          Later…
        </summary>
        <div className="mt-1 flex flex-wrap items-end gap-1">
          {SNOOZES.map(([days, label]) => snooze(days, label))}
          <fetcher.Form method="post" action={action} className="flex items-end gap-1">
            <input type="hidden" name="intent" value="next-step" />
            <input type="hidden" name="task" value={task ?? ""} />
            <label className="grid text-xs font-semibold text-slate-800">
              Day
              <input
                type="date"
                name="on"
                required
                min={addDays(today, 1)}
                aria-label={`Snooze ${lead.name} to the day`}
                className="min-h-8 rounded-md border border-slate-400 px-1 text-xs"
              />
            </label>
            <button type="submit" disabled={busy} className={small}>
              Snooze
            </button>
          </fetcher.Form>
        </div>
      </details>
    </div>
  );
}
