import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Star } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/form";
import type { ToastMessage } from "~/lib/toast";
import { saveViewSchema } from "~/lib/validation/staff-forms";

type View = { id: string; name: string; query: string; isDefault: boolean };
type Answer = { toast?: ToastMessage; result?: SubmissionResult<string[]> };

function ViewButton({ viewId, intent, children }: { viewId: string; intent: string; children: React.ReactNode }) {
  const fetcher = useFetcher<Answer>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="viewId" value={viewId} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="min-h-11 px-2 text-sm font-medium text-navy-800 underline underline-offset-2"
      >
        {children}
      </button>
    </fetcher.Form>
  );
}

/** Each is the list's URL under a name; the default opens on the list without a filter. */
export function SavedViews({ views, current }: { views: View[]; current: string }) {
  const fetcher = useFetcher<Answer>();
  useToastFrom(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: "save-view",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveViewSchema }),
  });
  const error = fields.name.errors?.[0];
  return (
    <section aria-labelledby="saved-views" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <h2 id="saved-views" className="font-semibold text-navy-900">
        My views:
      </h2>
      {views.length ? (
        <ul className="flex flex-wrap items-center gap-x-3" data-testid="saved-views">
          {views.map((view) => (
            <li key={view.id} className="flex flex-wrap items-center rounded-lg bg-white pl-2 ring-1 ring-slate-200">
              <Link
                to={`/admin/leads?${view.query || "view=all"}`}
                aria-current={view.query === current ? "page" : undefined}
                className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-2 aria-[current=page]:no-underline"
              >
                {view.isDefault ? <Star aria-label="Default" className="size-4 fill-current" /> : null}
                {view.name}
              </Link>
              <ViewButton viewId={view.isDefault ? "none" : view.id} intent="default-view">
                {view.isDefault ? "Not default" : "Make default"}
                <span className="sr-only"> ({view.name})</span>
              </ViewButton>
              <ViewButton viewId={view.id} intent="delete-view">
                Remove<span className="sr-only"> {view.name}</span>
              </ViewButton>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-slate-700">none yet.</span>
      )}
      {/* Open after a refusal, so its message shows. */}
      <details open={error ? true : undefined} className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-navy-800 underline underline-offset-2">
          Save these filters…
        </summary>
        <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2 pb-2">
          <input type="hidden" name="intent" value="save-view" />
          <input type="hidden" name="query" value={current} />
          <label htmlFor={fields.name.id} className="font-medium text-navy-900">
            Save these filters as
          </label>
          <Input
            {...getInputProps(fields.name, { type: "text" })}
            aria-describedby={error ? fields.name.errorId : undefined}
            maxLength={60}
            className="w-48"
          />
          <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClasses("secondary", "md")}>
            Save view
          </button>
          {error ? (
            <p id={fields.name.errorId} className="w-full font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      </details>
    </section>
  );
}
