import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { editorPath, KIND_TITLES } from "~/lib/content-kinds";
import { type PreviewBarData, previewPages, previewParam, recordAnchor } from "~/lib/content-preview";
import { CONTENT_BLOCKS, type ContentKind, isContentBlockKey } from "~/lib/content-schemas";
import { getRole, getSessionUser } from "../auth/session.server";
import type { AppDatabase } from "../db/client.server";
import { errorFields, log } from "../log.server";
import { database } from "../request-context.server";
import { type ContentPreview, previewOverlay, previewTarget } from "./preview.server";

export type StaffPreview = { preview: ContentPreview; bar: PreviewBarData };

export const PREVIEW_HEADERS = { "Cache-Control": PRIVATE_NO_STORE } as const;

export function withPreviewBar<T extends object>(page: T, staff: StaffPreview | null) {
  const shown = { ...page, preview: staff?.bar ?? null };
  return staff ? data(shown, { headers: PREVIEW_HEADERS }) : shown;
}

const previewContext = createContext<StaffPreview | null>(null);

/**
 * Admins and editors only; no session is read without `?preview=`. A failure shows the live page: a preview
 * must never break the public one.
 */
export const previewMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const target = previewTarget(new URL(request.url));
  if (target) {
    const preview = await database(context)
      .then((db) => readPreview(request, db, target))
      .catch((error: unknown) => {
        log.error(errorFields(error), "Error reading a content preview");
        return null;
      });
    context.set(previewContext, preview);
  }
  return next();
};

export function staffPreview(context: Readonly<RouterContextProvider> | undefined): StaffPreview | null {
  return context?.get(previewContext) ?? null;
}

async function readPreview(
  request: Request,
  db: AppDatabase,
  target: { kind: ContentKind; id: string },
): Promise<StaffPreview | null> {
  const user = await getSessionUser(request);
  if (!user) return null;
  const role = await getRole(user.id);
  if (role !== "admin" && role !== "editor") return null;
  const preview = await previewOverlay(db, target.kind, target.id);
  if (!preview) return null;
  const row = preview.row as Record<string, unknown>;
  const name =
    preview.kind === "site_content" && isContentBlockKey(preview.id)
      ? CONTENT_BLOCKS[preview.id].label
      : String(row.title ?? "");
  return {
    preview,
    bar: {
      kind: preview.kind,
      label: `${KIND_TITLES[preview.kind].one}: ${name}`,
      editorHref: editorPath(preview.kind, preview.id),
      pages: previewPages(preview.kind, preview.id, row),
      param: previewParam(preview.kind, preview.id),
      anchor: recordAnchor(preview.kind, row),
    },
  };
}
