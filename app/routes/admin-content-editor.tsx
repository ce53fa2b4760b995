import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  redirectDocument,
  useActionData,
  useBlocker,
  useFetcher,
  useNavigation,
  useSearchParams,
} from "react-router";
import { type HistoryItem, RecordHistory } from "~/components/staff/content/history";
import { ErrorList, RecordFields } from "~/components/staff/content/record-form";
import { useToastFrom } from "~/components/staff/staff-toasts";
import { noStoreHeaders } from "~/lib/cache-headers";
import { editorPath, KIND_TITLES, kindOfSegment, listPath } from "~/lib/content-kinds";
import { previewHref } from "~/lib/content-preview";
import {
  CONTENT_BLOCKS,
  CONTENT_KIND_ABILITIES,
  type ContentBlockKey,
  type ContentKind,
  contentFields,
  contentSchemas,
  fieldLabel,
  isContentBlockKey,
  publicPathsOf,
} from "~/lib/content-schemas";
import { formatAdminDate } from "~/lib/lead-workspace";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import {
  discardDraft,
  type Errors,
  history,
  markReviewed,
  publish,
  readForEditor,
  restore,
  retire,
  saveAndPublish,
  saveDraft,
  unretire,
} from "~/server/content/editor.server";
import { isRecordId } from "~/server/content/records.server";
import { getDb } from "~/server/db/db.server";
import { readSmallFormData } from "~/server/forms.server";
import { errorFields, log } from "~/server/log.server";
import { CONTENT_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/admin-content-editor";

export const headers = noStoreHeaders;

export function meta(args: Route.MetaArgs) {
  const title = args.loaderData?.title ?? "Content";
  return pageMeta(args, { title, description: "Staff area.", noindex: true });
}

/** An industry page can hold a few dozen long texts: more room than the default form limit. */
const EDITOR_FORM_LIMIT_BYTES = 512 * 1024;

function notFound(): never {
  throw data({ message: "This record does not exist." }, { status: 404 });
}

function recordRef(params: { kind?: string; id?: string }): { kind: ContentKind; id: string | null } {
  const kind = kindOfSegment(params.kind);
  if (!kind || !params.id) notFound();
  if (params.id === "new") {
    if (!CONTENT_KIND_ABILITIES[kind].create) notFound();
    return { kind, id: null };
  }
  // Before any query: a NUL in a text id is a database error (a 500), not a missing record.
  if (!isRecordId(kind, params.id)) notFound();
  return { kind, id: params.id };
}

const NEW_DEFAULTS: Partial<Record<ContentKind, Record<string, unknown>>> = {
  incentive: { priority: 100 },
};

/** A history value as a line of text ("(empty)", a list as its items' titles). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(no items)";
    return value
      .map((item) => {
        if (item && typeof item === "object") {
          const entry = item as Record<string, unknown>;
          return String(entry.title ?? entry.question ?? entry.text ?? JSON.stringify(entry));
        }
        return String(item);
      })
      .join("; ");
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The fields a history line leaves out: who reviewed or retired is the entry's own "by". */
const HIDDEN_HISTORY_FIELDS = new Set(["lastReviewedBy", "retiredBy"]);

export async function loader({ params }: Route.LoaderArgs) {
  const { kind, id } = recordRef(params);
  const timeZone = getConfig().SITE_TIME_ZONE;
  const title = KIND_TITLES[kind];
  if (id === null) {
    return {
      kind,
      id: null as string | null,
      title: `New ${title.one.toLowerCase()}`,
      record: null,
      values: NEW_DEFAULTS[kind] ?? {},
      history: [] as HistoryItem[],
      version: "new",
      blockKey: null as ContentBlockKey | null,
    };
  }
  const db = await getDb();
  const record = await readForEditor(db, kind, id);
  if (!record) notFound();
  const entries = await history(db, kind, id);
  const when = (iso: string) =>
    `${formatAdminDate(iso, timeZone)} ${new Date(iso).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit", second: "2-digit" })}`;
  const items: HistoryItem[] = entries.map((entry, index) => ({
    id: entry.id,
    action: entry.action,
    who: entry.changedByName,
    when: when(entry.changedAt),
    current: index === 0,
    lines: Object.entries(entry.changes)
      .filter(([field]) => !HIDDEN_HISTORY_FIELDS.has(field))
      .map(([field, change]) => ({
        field: fieldLabel(kind, field),
        before: shown(change.before),
        after: shown(change.after),
      })),
  }));
  const blockKey = kind === "site_content" && isContentBlockKey(id) ? id : null;
  const name = blockKey ? CONTENT_BLOCKS[blockKey].label : String(record.values.title ?? record.live?.title ?? "");
  return {
    kind,
    id: id as string | null,
    title: name || `Untitled ${title.one.toLowerCase()}`,
    record: {
      isNew: record.isNew,
      hasLive: Boolean(record.live),
      draft: record.draft
        ? { updatedAt: formatAdminDate(record.draft.updatedAt, timeZone), updatedByName: record.draft.updatedByName }
        : null,
      retired: record.retired,
      review: record.review,
      sourceCheck: record.sourceCheck,
      publicPaths: record.publicPaths.filter((path) => path !== "/solar-calculator"),
    },
    // The address is shown (read-only) with the fields; it never changes.
    values: { ...(record.values as Record<string, unknown>), ...(record.slug ? { slug: record.slug } : {}) },
    history: items,
    // The form starts again from the stored values whenever they change (a save, a restore).
    version: `${entries[0]?.id ?? ""}|${record.draft?.updatedAt ?? ""}|${record.retired ? "r" : ""}`,
    blockKey,
  };
}

export type EditorActionData = {
  ok: boolean;
  toast?: ToastMessage;
  /** The form's answer (conform): field errors in place, the values as sent. */
  result?: SubmissionResult<string[]>;
};

const answer = (body: EditorActionData, status = 200) => data<EditorActionData>(body, { status });

function refusedToast(errors: Errors): ToastMessage {
  return {
    title: "Nothing was saved",
    description: errors.form ?? "Please correct the marked fields.",
    variant: "destructive",
  };
}

/**
 * Every change the editor makes, told apart by `intent`: posted by the page's form and fetchers
 * in the app, or as plain forms without JavaScript (the same answers; redirects where a new
 * record got its address or the preview opens). The section guard has checked the role.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind, id } = recordRef(params);
  const staff = context.get(staffContext);
  const form = await readSmallFormData(request, EDITOR_FORM_LIMIT_BYTES);
  // Before conform reads it: a huge list index or field count would stall the server (N4).
  const problem = staffFormProblem(form, CONTENT_FORM_LIMITS[kind]);
  if (problem) return answer({ ok: false, toast: refusedToast({ form: problem }) }, 400);
  const intent = String(form.get("intent") ?? "");
  const db = await getDb();
  const { retire: canRetire, review: canReview } = CONTENT_KIND_ABILITIES[kind];
  // The audit log names the record as its editor URL does: `incentives:<id>` (decision 0018).
  const audit = (action: "content.published" | "content.restored", recordId: string, changed: string[]) =>
    changed.length
      ? recordStaffAudit(context, { action, subject: `${params.kind}:${recordId}`, details: { changed } })
      : null;

  // The form's own buttons: save a draft, preview it, publish.
  if (form.has("__intent__") || intent === "save" || intent === "preview" || intent === "publish") {
    const values = new FormData();
    for (const [name, value] of form.entries()) if (name !== "intent") values.append(name, value);
    if (kind === "site_content" && id) values.set("key", id);
    const submission = parseWithZod(values, { schema: contentSchemas[kind] });
    // A list row added or removed without JavaScript: the form comes back with it.
    if (submission.status !== "success" && submission.status !== "error") {
      return answer({ ok: true, result: submission.reply() });
    }
    if (submission.status === "error") {
      return answer({ ok: false, result: submission.reply(), toast: refusedToast({}) }, 400);
    }
    const refused = (errors: Errors) => {
      if (errors.form === "This record does not exist.") notFound();
      const { form: formError, ...fieldErrors } = errors;
      const reply = submission.reply({
        formErrors: formError ? [formError] : undefined,
        fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]])),
      });
      return answer({ ok: false, result: reply, toast: refusedToast(errors) }, 400);
    };
    if (intent === "publish") {
      const result = await saveAndPublish(db, kind, id, values, staff);
      if (!result.ok) return refused(result.errors);
      log.info({ kind, id: result.id, changed: result.changed, by: staff.id }, "Content published");
      await audit("content.published", result.id, result.changed);
      if (id === null) throw redirect(`${editorPath(kind, result.id)}?done=published`);
      return answer({
        ok: true,
        toast: {
          title: result.changed.length ? "Published" : "Nothing changed",
          description: result.changed.length ? "The public pages show it now." : "The live record already says this.",
          variant: "success",
        },
      });
    }
    const saved = await saveDraft(db, kind, id, values, staff);
    if (!saved.ok) return refused(saved.errors);
    if (intent === "preview") {
      const paths = publicPathsOf(kind, {
        ...((submission as { value?: Record<string, unknown> }).value ?? {}),
        key: id,
      });
      const first = paths.find((path) => path !== "/solar-calculator") ?? "/";
      throw redirectDocument(previewHref(first, kind, saved.id));
    }
    if (id === null) throw redirect(`${editorPath(kind, saved.id)}?done=draft`);
    return answer({ ok: true, toast: { title: "Draft saved", description: "Not published yet.", variant: "success" } });
  }

  if (id === null) return answer({ ok: false, toast: { title: "Save the record first", variant: "destructive" } }, 400);
  const done = (title: string, description?: string) =>
    answer({ ok: true, toast: { title, description, variant: "success" } });
  const failed = (errors: Errors & { notFound?: boolean }, notFoundToo = false) => {
    if (notFoundToo) notFound();
    return answer({ ok: false, toast: refusedToast(errors) }, 400);
  };
  try {
    switch (intent) {
      case "publish-draft": {
        const result = await publish(db, kind, id, staff);
        if (!result.ok) return failed(result.errors, result.notFound);
        await audit("content.published", id, result.changed);
        return done("Published", "The public pages show it now.");
      }
      case "discard": {
        const dropped = await discardDraft(db, kind, id);
        const record = await readForEditor(db, kind, id);
        if (!record) throw redirect(`${listPath(kind)}`);
        return done(dropped ? "Draft discarded" : "There was no draft");
      }
      case "retire":
      case "unretire": {
        if (!canRetire) return failed({ form: "Records of this kind cannot be retired." });
        const result = intent === "retire" ? await retire(db, kind, id, staff) : await unretire(db, kind, id, staff);
        if (!result.ok) return failed(result.errors, result.notFound);
        return done(
          intent === "retire" ? "Retired" : "Unretired",
          intent === "retire" ? "Hidden from the public site." : "Shown on the public site again.",
        );
      }
      case "review": {
        if (!canReview) return failed({ form: "Records of this kind have no review date." });
        const result = await markReviewed(db, kind, id, staff);
        return result.ok ? done("Marked reviewed") : failed(result.errors, result.notFound);
      }
      case "restore": {
        const result = await restore(db, kind, id, String(form.get("revisionId") ?? ""), staff);
        if (!result.ok) return failed(result.errors, result.notFound);
        await audit("content.restored", id, result.changed);
        return done(
          result.changed.length ? "Earlier version restored" : "Nothing to restore",
          result.changed.length ? "The public pages show it now." : "The record already says this.",
        );
      }
    }
  } catch (error) {
    if (error instanceof Response || (error && typeof error === "object" && "init" in error)) throw error;
    log.error({ ...errorFields(error), kind, id, intent }, "Error changing content");
    throw error;
  }
  return answer({ ok: false, toast: { title: "Unknown action", variant: "destructive" } }, 400);
}

/**
 * The schema's constraints as conform reads them (required, lengths), or none: conform cannot
 * read them through a schema that transforms its output (the content block's), and they are
 * only a convenience, since the same schema validates on input, on submit and on the server.
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

export default function AdminContentEditor({ loaderData }: Route.ComponentProps) {
  return <Editor key={`${loaderData.kind}|${loaderData.id}|${loaderData.version}`} {...loaderData} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function Editor({ kind, id, title, record, values, history: items, blockKey }: LoaderData) {
  const actionData = useActionData<EditorActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const done = params.get("done");
  const doneToast = useMemo(() => (done ? DONE_TOASTS[done] : undefined), [done]);
  useToastFrom(doneToast);
  useToastFrom(actionData?.toast);
  const schema = contentSchemas[kind];
  const specs = contentFields(kind, blockKey ?? undefined);
  const [form, fields] = useForm<Record<string, unknown>>({
    id: "content-form",
    lastResult: actionData?.result,
    defaultValue: values,
    constraint: constraintOf(kind),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  // Unsaved changes: anything typed since the page (re)loaded, until it is sent.
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
      {status ? (
        <p
          role="status"
          data-testid="editor-status"
          className={
            status.variant === "destructive" ? "mt-3 font-semibold text-red-800" : "mt-3 font-semibold text-green-800"
          }
        >
          {status.title}
          {status.description ? `: ${status.description}` : ""}
        </p>
      ) : null}

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
            <ErrorList form={form} />
            <p className="text-sm text-slate-600">
              Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <RecordFields form={form} fields={fields} specs={specs} />
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
              <button
                type="submit"
                name="intent"
                value="save"
                disabled={busy}
                className="min-h-11 rounded-lg border border-navy-800 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
              >
                Save draft
              </button>
              <button
                type="submit"
                name="intent"
                value="preview"
                disabled={busy}
                className="min-h-11 rounded-lg border border-navy-800 bg-white px-4 font-semibold text-navy-900 hover:bg-slate-100"
              >
                Preview
              </button>
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
              Save draft keeps your changes unpublished; Preview saves them and opens the public page as it will look;
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
            {record.publicPaths.length ? (
              <section aria-labelledby="record-pages" className="rounded-xl border border-slate-200 bg-white p-5">
                <h2 id="record-pages" className="text-lg font-semibold text-navy-900">
                  Where it shows
                </h2>
                <ul className="mt-3 space-y-2">
                  {record.publicPaths.map((path) => (
                    <li key={path} className="flex flex-wrap gap-3">
                      <a href={path} className="font-semibold text-navy-800 underline underline-offset-4">
                        {path}
                      </a>
                      {record.draft ? (
                        <a href={previewHref(path, kind, id)} className="text-navy-800 underline underline-offset-4">
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

function RecordState({ kind, record }: { kind: ContentKind; record: LoaderData["record"] }) {
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
