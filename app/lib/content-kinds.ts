import { CONTENT_KIND_LABELS, type ContentKind } from "~/lib/content-schemas";

const KIND_SEGMENTS: Record<ContentKind, string> = {
  incentive: "incentives",
  policy_update: "policy-updates",
  site_content: "blocks",
  industry: "industries",
  solar_data: "calculator-figures",
};

export function kindOfSegment(segment: string | undefined): ContentKind | null {
  const found = (Object.entries(KIND_SEGMENTS) as [ContentKind, string][]).find(([, value]) => value === segment);
  return found ? found[0] : null;
}

/** Page texts are called content blocks in the editor. */
export const KIND_TITLES: Record<ContentKind, { one: string; many: string }> = {
  ...CONTENT_KIND_LABELS,
  site_content: { one: "Content block", many: "Content blocks" },
};

export function listPath(kind: ContentKind): string {
  return `/admin/content/${KIND_SEGMENTS[kind]}`;
}

export function editorPath(kind: ContentKind, id: string): string {
  return `/admin/content/${KIND_SEGMENTS[kind]}/${encodeURIComponent(id)}`;
}
