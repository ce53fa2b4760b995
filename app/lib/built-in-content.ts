import type { IncentiveValues, PolicyUpdateValues, SiteContentValues } from "./content-schemas";

/**
 * The rows of built-in content (app/content/seed/), typed by the editor's schemas rather than by
 * the database schema: content imports no server module. The seed (app/server/db/seed.server.ts)
 * checks them against the tables it writes.
 */
/** `endKind` is written only where an end date is a placed-in-service deadline. */
export type BuiltInIncentive = Omit<IncentiveValues, "endKind"> &
  Partial<Pick<IncentiveValues, "endKind">> & { slug: string; lastReviewedAt: string };
export type BuiltInPolicyUpdate = Omit<PolicyUpdateValues, "endKind"> &
  Partial<Pick<PolicyUpdateValues, "endKind">> & { slug: string; lastReviewedAt: string };
export type BuiltInContentBlock = Pick<SiteContentValues, "content"> &
  Partial<Omit<SiteContentValues, "key" | "content">> & { key: string; lastReviewedAt?: string };
