/**
 * The anchors of `/sources`, one per record, named by its kind: an incentive, a Policy Watch update
 * and an industry page may have the same slug (each table has its own), and a slug may read like a
 * section's id; prefixed, no two entries of the page share an id.
 */
export const sourcesAnchor = {
  incentive: (slug: string) => `incentive-${slug}`,
  policyUpdate: (slug: string) => `update-${slug}`,
  industry: (slug: string) => `industry-${slug}`,
  /** A site text (banner, page texts) by its key. */
  text: (key: string) => `text-${key.replaceAll("_", "-")}`,
};

/** The sections of `/sources`: ids no record's anchor can take (none begins with "section-"). */
export const SOURCES_SECTION_PREFIX = "section-";

export function sourcesPageHref(anchor: string): string {
  return `/sources#${anchor}`;
}
