import { formatAdminDay, type LeadStatus, nextStepDue } from "~/lib/lead-workspace";

const CHIP = {
  overdue: { text: "Overdue", className: "bg-red-100 text-red-900" },
  today: { text: "Due today", className: "bg-amber-100 text-amber-900" },
} as const;

/** The list's next-step cell: the day, whether it is due, and the task. */
export function NextStepCell({
  on,
  task,
  today,
  status,
}: {
  on: string | null;
  task: string | null;
  today: string;
  status: LeadStatus;
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
    </div>
  );
}
