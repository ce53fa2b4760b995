import type { TimelineEntry } from "~/lib/lead-timeline";
import { formatAdminDate, formatAdminTime } from "~/lib/lead-workspace";

/** Also the lead's audit trail. */
export function LeadTimeline({ entries, timeZone }: { entries: TimelineEntry[]; timeZone: string }) {
  return (
    <section aria-labelledby="lead-timeline" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="lead-timeline" className="text-lg font-semibold text-navy-900">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="lead-timeline">
        {entries.map((entry) => (
          <li key={entry.key}>
            <p className="font-medium text-navy-900">{entry.what}</p>
            {entry.detail ? <p className="whitespace-pre-wrap break-words text-slate-800">{entry.detail}</p> : null}
            <p className="text-xs text-slate-600">
              <time dateTime={entry.at}>
                {formatAdminDate(entry.at, timeZone)} {formatAdminTime(entry.at, timeZone)}
              </time>
              {entry.who ? ` · ${entry.who}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
