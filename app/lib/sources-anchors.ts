/** Prefixed by kind: slugs repeat across tables, and one may read like a section's id. */
export const sourcesAnchor = {
  incentive: (slug: string) => `incentive-${slug}`,
  policyUpdate: (slug: string) => `update-${slug}`,
  industry: (slug: string) => `industry-${slug}`,
  text: (key: string) => `text-${key.replaceAll("_", "-")}`,
};

export const SOURCES_SECTION_PREFIX = "section-";

export function sourcesPageHref(anchor: string): string {
  return `/sources#${anchor}`;
}
