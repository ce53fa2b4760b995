import { type ContentKind, publicPathsOf } from "~/lib/content-schemas";
import { sourcesAnchor } from "./sources-anchors";

/** What the bar shows (made by app/server/content/preview-access.server.ts). */
export type PreviewBarData = {
  kind: ContentKind;
  label: string;
  editorHref: string;
  /** Every public page that shows the record, each with the preview parameter. */
  pages: { path: string; href: string }[];
  /** The `preview` parameter's value (`<kind>:<id>`), kept by a list's paging, filters and search. */
  param: string;
  /** The previewed record's element id on those pages (`recordAnchor`), or null: it is their top. */
  anchor: string | null;
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

/** Page texts shown below the top of their page: each has an anchor to land on. */
const TEXTS_BELOW_THE_TOP: ReadonlySet<unknown> = new Set([
  "policy_watch_alert",
  "incentive_cuts_banner",
  "policy_watch_cta",
]);

/**
 * The id a public page gives a record's card or section, the same as its entry's on /sources (an
 * incentive card is `incentive-<slug>` on the list, the state pages and the home page); null
 * where the record is the page itself or its top (an industry page, the hero, the banner).
 */
export function recordAnchor(kind: ContentKind, row: { slug?: unknown; key?: unknown }): string | null {
  const slug = typeof row.slug === "string" && row.slug ? row.slug : null;
  switch (kind) {
    case "incentive":
      return slug && sourcesAnchor.incentive(slug);
    case "policy_update":
      return slug && sourcesAnchor.policyUpdate(slug);
    case "site_content":
      return typeof row.key === "string" && TEXTS_BELOW_THE_TOP.has(row.key) ? sourcesAnchor.text(row.key) : null;
    default:
      return null;
  }
}

/**
 * The pages a record's preview opens, each on the record (`#anchor`): every public page that shows
 * it except the calculator, which computes from live figures only. `row` is the record as the
 * preview renders it (a new record's slug is its draft's, `previewOverlay`).
 */
export function previewPages(
  kind: ContentKind,
  id: string,
  row: Record<string, unknown>,
): { path: string; href: string }[] {
  const anchor = recordAnchor(kind, row);
  return publicPathsOf(kind, row)
    .filter((path) => path !== "/solar-calculator")
    .map((path) => ({ path, href: previewHref(anchor ? `${path}#${anchor}` : path, kind, id) }));
}

/**
 * The attributes of a record's element on a public page: its anchor, and `data-previewed` (the
 * outline of app/app.css) when it is the record a staff preview is about. Rendered by the server:
 * public pages run no React in the browser.
 */
export function anchorAttributes(anchor: string | null, preview: Pick<PreviewBarData, "anchor"> | null | undefined) {
  return {
    id: anchor ?? undefined,
    "data-previewed": anchor && preview?.anchor === anchor ? "true" : undefined,
  };
}
