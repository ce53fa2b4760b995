import type { ContentKind } from "~/lib/content-schemas";

/** What the bar shows (made by app/server/content/preview-access.server.ts). */
export type PreviewBarData = {
  kind: ContentKind;
  label: string;
  editorHref: string;
  /** Every public page that shows the record, each with the preview parameter. */
  pages: { path: string; href: string }[];
  /** The `preview` parameter's value (`<kind>:<id>`), kept by a list's paging, filters and search. */
  param: string;
};

/**
 * The value of `?preview=` that shows a record's draft to staff: `<kind>:<id>` (read back by
 * app/server/content/preview.server.ts `previewTarget`). Ids are uuids or lower-case keys:
 * nothing to escape, and the address stays readable.
 */
export function previewParam(kind: ContentKind, id: string): string {
  return `${kind}:${id}`;
}

/** A public page with the `?preview=<kind>:<id>` that shows a record's draft to staff. */
export function previewHref(path: string, kind: ContentKind, id: string): string {
  const [pathname, hash] = path.split("#");
  const separator = pathname?.includes("?") ? "&" : "?";
  return `${pathname}${separator}preview=${previewParam(kind, id)}${hash ? `#${hash}` : ""}`;
}
