import type { NewIndustryRecord } from "~/server/db/schema";
import { industries } from "../industries";

/**
 * Minimal industry records (slug, title, intro) so every page has a row to read; the full
 * benefits, use cases and case studies arrive with the industry-pages work.
 */
export const industrySeed: NewIndustryRecord[] = industries.map((entry) => ({
  slug: entry.slug,
  title: `Solar for ${entry.label}`,
  intro: entry.blurb,
  active: entry.active,
}));
