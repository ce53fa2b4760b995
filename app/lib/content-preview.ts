import { type ContentKind, publicPathsOf } from "~/lib/content-schemas";
import { sourcesAnchor } from "./sources-anchors";

export type PreviewBarData = {
  kind: ContentKind;
  label: string;
  editorHref: string;
  pages: { path: string; href: string }[];
  /** `<kind>:<id>`, kept by a list's paging, filters and search. */
  param: string;
  /** Null: the record is the top of those pages. */
  anchor: string | null;
};

/** Ids are uuids or lower-case keys: nothing to escape. */
export function previewParam(kind: ContentKind, id: string): string {
  return `${kind}:${id}`;
}

export function previewHref(path: string, kind: ContentKind, id: string): string {
  const [pathname, hash] = path.split("#");
  const separator = pathname?.includes("?") ? "&" : "?";
  return `${pathname}${separator}preview=${previewParam(kind, id)}${hash ? `#${hash}` : ""}`;
}

const TEXTS_BELOW_THE_TOP: ReadonlySet<unknown> = new Set([
  "policy_watch_alert",
  "incentive_cuts_banner",
  "policy_watch_cta",
]);

/** Same id as on /sources; null where the record is the page or its top. */
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

/** Not the calculator, which computes from live figures only. */
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

/** Rendered by the server: public pages run no React in the browser. */
export function anchorAttributes(anchor: string | null, preview: Pick<PreviewBarData, "anchor"> | null | undefined) {
  return {
    id: anchor ?? undefined,
    "data-previewed": anchor && preview?.anchor === anchor ? "true" : undefined,
  };
}
