import { industries } from "~/content/industries";

export type Industry = (typeof industries)[number];

/** Retired pages answer 404, so no link may lead there. */
export function shownIndustries(retiredSlugs: readonly string[]): readonly Industry[] {
  return retiredSlugs.length === 0 ? industries : industries.filter((item) => !retiredSlugs.includes(item.slug));
}

/** In built-in order, so the same set always gives the same key. */
export function retiredKey(retiredSlugs: readonly string[]): string {
  if (retiredSlugs.length === 0) return "";
  return industries
    .filter((item) => retiredSlugs.includes(item.slug))
    .map((item) => item.slug)
    .join(" ");
}
