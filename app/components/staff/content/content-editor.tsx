import { type DefaultValue, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Form, Link, useActionData, useBlocker, useFetcher, useNavigation, useSearchParams } from "react-router";
import { RecordHistory } from "~/components/staff/content/history";
import { ErrorList, RecordFields } from "~/components/staff/content/record-form";
import { useToastFrom } from "~/components/staff/staff-toasts";
import type { EditorActionData, EditorRecordState, EditorView } from "~/lib/content-editor-view";
import { KIND_TITLES, listPath } from "~/lib/content-kinds";
import { CONTENT_KIND_ABILITIES, type ContentKind, contentFields, contentSchemas } from "~/lib/content-schemas";
import type { ToastMessage } from "~/lib/toast";

/**
 * Conform cannot read constraints through a transforming schema (the content block's); they are
 * only a convenience, as the schema validates on the server too.
 */
function constraintOf(kind: ContentKind) {
  try {
    return getZodConstraint(contentSchemas[kind]);
  } catch {
    return undefined;
  }
}

const DONE_TOASTS: Record<string, ToastMessage> = {
  draft: { title: "Draft saved", description: "Not published yet.", variant: "success" },
  published: { title: "Published", description: "The public pages show it now.", variant: "success" },
};

export function ContentEditor({ kind, id, title, record, values, history: items, blockKey }: EditorView) {
  const actionData = useActionData<EditorActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const done = params.get("done");
  // A live region, not a toast: the component remounts after a change (its key holds the version),
  // which showed a toast twice.
  const doneToast = useMemo(() => (done ? DONE_TOASTS[done] : undefined), [done]);
  const schema = contentSchemas[kind];
  const specs = contentFields(kind, blockKey ?? (typeof values.key === "string" ? values.key : undefined));
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "content-form",
    lastResult: actionData?.result,
    // Stored values are any JSON; conform's DefaultValue of `unknown` cannot say so.
    defaultValue: values as DefaultValue<Record<string, unknown>>,
    constraint: constraintOf(kind),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (actionData?.result && !actionData.ok) setDirty(true);
  }, [actionData]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const abilities = CONTENT_KIND_ABILITIES[kind];
  const kindTitle = KIND_TITLES[kind];
  const status = actionData?.toast ?? (doneToast || undefined);

  return (
    <>
      <Link
        to={listPath(kind)}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to {kindTitle.many.toLowerCase()}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">{title}</h1>
      <RecordState kind={kind} record={record} />
      <p
        role="status"
        data-testid="editor-status"
        className={
          status?.variant === "destructive" ? "mt-3 font-semibold text-red-800" : "mt-3 font-semibold text-green-800"
        }
      >
        {status ? `${status.title}${status.description ? `: ${status.description}` : ""}` : null}
      </p>

      {blocker.state === "blocked" ? (
        <div
          role="alertdialog"
          aria-labelledby="unsaved-title"
          className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
        >
          <p id="unsaved-title" className="font-semibold">
            You have unsaved changes. Leave this page and lose them?
          </p>
          <div className="mt-3 flex gap-3">
            <button
              type="button"
              autoFocus
              onClick={() => blocker.reset()}
              className="min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
            >
              Stay on this page
            </button>
            <button
              type="button"
              onClick={() => blocker.proceed()}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
            >
              Leave without saving
            </button>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Form
            method="post"
            {...getFormProps(form)}
            onInput={() => setDirty(true)}
            onChange={() => setDirty(true)}
            onSubmit={(event) => {
              form.onSubmit(event);
              if (!event.defaultPrevented) setDirty(false);
            }}
            aria-label={`${kindTitle.one} form`}
            className="space-y-5 rounded-xl border border-slate-200 bg-white p-5"
          >
            {/* Enter in a field sends the first submit button: Save draft, never a list's Remove. */}
            <button
              type="submit"
              name="intent"
              value="save"
              disabled={busy}
              tabIndex={-1}
              aria-hidden="true"
              className="sr-only"
            >
              Save draft
            </button>
            <ErrorList form={form} />
            <p className="text-sm text-slate-600">
              Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <RecordFields form={form} fields={fields} specs={specs} />
            <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap gap-3 border-t border-slate-200 bg-white/95 px-1 py-3">
              <button
                type="submit"
                name="intent"
                value="save"
                disabled={busy}
                className="min-h-11 rounded-lg border border-navy-800 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
              >
                Save draft
              </button>
              {abilities.preview ? (
                <button
                  type="submit"
                  name="intent"
                  value="preview"
                  disabled={busy}
                  className="min-h-11 rounded-lg border border-navy-800 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
                >
                  Preview
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="publish"
                disabled={busy}
                className="min-h-11 rounded-lg bg-navy-800 px-4 font-semibold text-white hover:bg-navy-700"
              >
                {busy ? "Saving..." : "Publish"}
              </button>
            </div>
            <p className="text-sm text-slate-600">
              Save draft keeps your changes unpublished;{" "}
              {abilities.preview ? "Preview saves them and opens the public page as it will look; " : ""}
              Publish makes them live at once.
            </p>
          </Form>
          {id ? <RecordHistory items={items} /> : null}
        </div>

        {id && record ? (
          <aside className="space-y-6">
            <section aria-labelledby="record-actions" className="rounded-xl border border-slate-200 bg-white p-5">
              <h2 id="record-actions" className="text-lg font-semibold text-navy-900">
                Actions
              </h2>
              <div className="mt-3 flex flex-col gap-3">
                {record.draft ? <ActionButton intent="discard" label="Discard draft" /> : null}
                {abilities.retire && record.hasLive ? (
                  record.retired ? (
                    <ActionButton intent="unretire" label="Unretire" />
                  ) : (
                    <ActionButton intent="retire" label="Retire" />
                  )
                ) : null}
                {abilities.review && record.hasLive ? <ActionButton intent="review" label="Mark reviewed" /> : null}
              </div>
            </section>
            {record.pages.length ? (
              <section aria-labelledby="record-pages" className="rounded-xl border border-slate-200 bg-white p-5">
                <h2 id="record-pages" className="text-lg font-semibold text-navy-900">
                  Where it shows
                </h2>
                <ul className="mt-3 space-y-2">
                  {record.pages.map(({ path, href }) => (
                    <li key={path} className="flex flex-wrap gap-3">
                      <a href={path} className="font-semibold text-navy-800 underline underline-offset-4">
                        {path}
                      </a>
                      {record.draft ? (
                        <a href={href} className="text-navy-800 underline underline-offset-4">
                          Preview the draft<span className="sr-only"> on {path}</span>
                        </a>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </aside>
        ) : null}
      </div>
    </>
  );
}

function RecordState({ kind, record }: { kind: ContentKind; record: EditorRecordState | null }) {
  if (!record) return <p className="mt-1 text-slate-700">Not saved yet.</p>;
  const parts: string[] = [];
  if (record.retired)
    parts.push(`Retired${record.retired.byName ? ` by ${record.retired.byName}` : ""}: hidden from the public site`);
  else if (record.isNew) parts.push("Not published yet");
  else parts.push("Published");
  if (record.draft)
    parts.push(`unpublished changes saved by ${record.draft.updatedByName} on ${record.draft.updatedAt}`);
  if (record.review) {
    parts.push(
      `last reviewed ${record.review.lastReviewedAt ?? "never"}${record.review.lastReviewedByName ? ` by ${record.review.lastReviewedByName}` : ""}`,
    );
  }
  if (record.sourceCheck?.status === "failed") {
    parts.push(
      `source link failed at the last check${record.sourceCheck.detail ? ` (${record.sourceCheck.detail})` : ""}`,
    );
  }
  return (
    <p className="mt-1 text-slate-700" data-testid="record-state" data-kind={kind}>
      {parts.join(" · ")}
    </p>
  );
}

function ActionButton({ intent, label }: { intent: string; label: string }) {
  const fetcher = useFetcher<EditorActionData>();
  useToastFrom(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
      >
        {fetcher.state !== "idle" ? "Working..." : label}
      </button>
    </fetcher.Form>
  );
}
