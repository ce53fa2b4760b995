import { industries } from "~/content/industries";

export type Industry = (typeof industries)[number];

/**
 * The industries the header, footer and sitemap list: the built-in 18 without those staff have
 * retired (their pages answer 404, so no link may lead there).
 */
export function shownIndustries(retiredSlugs: readonly string[]): readonly Industry[] {
  return retiredSlugs.length === 0 ? industries : industries.filter((item) => !retiredSlugs.includes(item.slug));
}

/**
 * The retired set as a key for markup rendered from it: the retired slugs that are industries, in
 * their built-in order ("" when none is), so the same set always gives the same key.
 */
export function retiredKey(retiredSlugs: readonly string[]): string {
  if (retiredSlugs.length === 0) return "";
  return industries
    .filter((item) => retiredSlugs.includes(item.slug))
    .map((item) => item.slug)
    .join(" ");
}
