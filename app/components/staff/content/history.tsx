import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import type { HistoryItem } from "~/lib/content-editor-view";
import type { ToastMessage } from "~/lib/toast";

export type { HistoryItem } from "~/lib/content-editor-view";

const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Published",
  publish: "Published draft",
  retire: "Retired",
  unretire: "Unretired",
  restore: "Restored an earlier version",
  review: "Marked reviewed",
  seed: "Built-in content",
  baseline: "Version before history was kept",
};

/** Restore goes live at once, so it asks first (without JavaScript it posts directly). */
function RestoreButton({ revisionId, when }: { revisionId: string; when: string }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  useToastFrom(fetcher.data?.toast);
  const button = "inline-flex min-h-11 items-center rounded-lg border px-3 text-sm font-semibold disabled:opacity-60";
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="revisionId" value={revisionId} />
      {asking ? (
        <>
          <p role="alert" className="text-sm font-semibold text-navy-900">
            Restore the version of {when}? It goes live at once.
          </p>
          <button
            ref={confirmRef}
            type="submit"
            disabled={fetcher.state !== "idle"}
            className={`${button} border-navy-800 bg-navy-800 text-white hover:bg-navy-700`}
          >
            {fetcher.state !== "idle" ? "Restoring..." : "Yes, restore it"}
          </button>
          <button
            type="button"
            onClick={() => {
              setAsking(false);
              setTimeout(() => restoreRef.current?.focus());
            }}
            className={`${button} border-slate-300 bg-white text-navy-900 hover:bg-slate-100`}
          >
            Cancel
          </button>
        </>
      ) : (
        <button
          ref={restoreRef}
          type="submit"
          disabled={fetcher.state !== "idle"}
          onClick={(event) => {
            event.preventDefault();
            setAsking(true);
            setTimeout(() => confirmRef.current?.focus());
          }}
          className={`${button} border-slate-300 bg-white text-navy-900 hover:bg-slate-100`}
        >
          {fetcher.state !== "idle" ? "Restoring..." : "Restore"}
          <span className="sr-only"> the version of {when}</span>
        </button>
      )}
    </fetcher.Form>
  );
}

export function RecordHistory({ items }: { items: HistoryItem[] }) {
  return (
    <section aria-labelledby="record-history" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="record-history" className="text-lg font-semibold text-navy-900">
        History
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-700">No recorded changes yet.</p>
      ) : (
        <ol className="mt-3 space-y-4" data-testid="history">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg bg-slate-50 p-3" data-testid="history-entry">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p>
                  <span className="font-semibold text-navy-900">{ACTION_LABELS[item.action] ?? item.action}</span>
                  <span className="text-slate-700">
                    {" "}
                    by {item.who} · {item.when}
                  </span>
                  {item.current ? <span className="text-slate-700"> · current version</span> : null}
                </p>
                {item.current ? null : <RestoreButton revisionId={item.id} when={item.when} />}
              </div>
              {item.lines.length ? (
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                  {item.lines.map((line) => (
                    <div key={line.field} className="contents">
                      <dt className="font-medium text-slate-700">{line.field}</dt>
                      <dd className="text-slate-900 [overflow-wrap:anywhere]">
                        <del className="text-slate-600">{line.before}</del>
                        {" → "}
                        <ins className="no-underline">{line.after}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
