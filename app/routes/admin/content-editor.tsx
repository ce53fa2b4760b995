import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, redirectDocument } from "react-router";
import { ContentEditor } from "~/components/staff/content/content-editor";
import { CLEAR_BROWSER_CACHE, noStoreHeaders } from "~/lib/cache-headers";
import type { EditorActionData } from "~/lib/content-editor-view";
import { editorPath, kindOfSegment, listPath } from "~/lib/content-kinds";
import { previewHref, previewPages } from "~/lib/content-preview";
import { CONTENT_KIND_ABILITIES, type ContentKind, contentSchemas, KEYED_KINDS } from "~/lib/content-schemas";
import { pageMeta } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { recordStaffAudit } from "~/server/audit/staff-audit.server";
import { staffContext } from "~/server/auth/staff-guard.server";
import { getConfig } from "~/server/config.server";
import {
  discardDraft,
  type Errors,
  markReviewed,
  publish,
  readForEditor,
  restore,
  retire,
  saveAndPublish,
  saveDraft,
  unretire,
} from "~/server/content/editor.server";
import { newRecordView, recordView } from "~/server/content/editor-view.server";
import { previewOverlay } from "~/server/content/preview.server";
import { isRecordId } from "~/server/content/records.server";
import { readSmallFormData } from "~/server/forms.server";
import { errorFields, log } from "~/server/log.server";
import { database } from "~/server/request-context.server";
import { CONTENT_FORM_LIMITS, staffFormProblem } from "~/server/staff-form-limits.server";
import type { Route } from "./+types/content-editor";

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

export async function loader({ params, context }: Route.LoaderArgs) {
  const { kind, id } = recordRef(params);
  if (id === null) return newRecordView(kind);
  return (await recordView(await database(context), kind, id, getConfig().SITE_TIME_ZONE)) ?? notFound();
}

const answer = (body: EditorActionData, status = 200) => data<EditorActionData>(body, { status });

/** The editor's browser drops its copies of public pages (cached for a minute), so it sees the change. */
const live = (body: EditorActionData) => data<EditorActionData>(body, { headers: CLEAR_BROWSER_CACHE });

function refusedToast(errors: Errors): ToastMessage {
  return {
    title: "Nothing was saved",
    description: errors.form ?? "Please correct the marked fields.",
    variant: "destructive",
  };
}

/** Also posted as plain forms without JavaScript (same answers). The section guard has checked the role. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind, id } = recordRef(params);
  const staff = context.get(staffContext);
  const form = await readSmallFormData(request, EDITOR_FORM_LIMIT_BYTES);
  // Before conform reads it: a huge list index or field count would stall the server.
  const problem = staffFormProblem(form, CONTENT_FORM_LIMITS[kind]);
  if (problem) return answer({ ok: false, toast: refusedToast({ form: problem }) }, 400);
  const intent = String(form.get("intent") ?? "");
  const db = await database(context);
  const { retire: canRetire, review: canReview } = CONTENT_KIND_ABILITIES[kind];
  // Named as its editor URL does: `incentives:<id>` (decision 0018).
  const audit = (action: "content.published" | "content.restored", recordId: string, changed: string[]) =>
    changed.length
      ? recordStaffAudit(context, { action, subject: `${params.kind}:${recordId}`, details: { changed } })
      : null;

  if (form.has("__intent__") || intent === "save" || intent === "preview" || intent === "publish") {
    const values = new FormData();
    for (const [name, value] of form.entries()) if (name !== "intent") values.append(name, value);
    if (KEYED_KINDS.has(kind) && id) values.set("key", id);
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
      if (id === null)
        throw redirect(`${editorPath(kind, result.id)}?done=published`, { headers: CLEAR_BROWSER_CACHE });
      return live({
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
    if (intent === "preview" && CONTENT_KIND_ABILITIES[kind].preview) {
      // Plus what the form does not post (its address, a new record's draft slug), so the page opens on its card.
      const shown = await previewOverlay(db, kind, saved.id);
      const first = shown ? previewPages(kind, saved.id, shown.row)[0] : undefined;
      throw redirectDocument(first?.href ?? previewHref("/", kind, saved.id));
    }
    if (id === null) throw redirect(`${editorPath(kind, saved.id)}?done=draft`);
    return answer({ ok: true, toast: { title: "Draft saved", description: "Not published yet.", variant: "success" } });
  }

  if (id === null) return answer({ ok: false, toast: { title: "Save the record first", variant: "destructive" } }, 400);
  const done = (title: string, description?: string) =>
    answer({ ok: true, toast: { title, description, variant: "success" } });
  const doneLive = (title: string, description?: string) =>
    live({ ok: true, toast: { title, description, variant: "success" } });
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
        return doneLive("Published", "The public pages show it now.");
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
        return doneLive(
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
        return doneLive(
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

export default function AdminContentEditor({ loaderData }: Route.ComponentProps) {
  return <ContentEditor key={`${loaderData.kind}|${loaderData.id}|${loaderData.version}`} {...loaderData} />;
}
