import { industries } from "~/content/industries";

export type Industry = (typeof industries)[number];

/**
 * The industries the header, footer and sitemap list: the built-in 18 without those staff have
 * retired (their pages answer 404, so no link may lead there).
 */
export function shownIndustries(retiredSlugs: readonly string[]): readonly Industry[] {
  return retiredSlugs.length === 0 ? industries : industries.filter((item) => !retiredSlugs.includes(item.slug));
}
