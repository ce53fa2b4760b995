import type { IncentiveValues, PolicyUpdateValues, SiteContentValues } from "./content-schemas";

/** Typed by the editor's schemas, not the database's: content imports no server module. */
/** `endKind` is written only where an end date is a placed-in-service deadline. */
export type BuiltInIncentive = Omit<IncentiveValues, "endKind"> &
  Partial<Pick<IncentiveValues, "endKind">> & { slug: string; lastReviewedAt: string };
export type BuiltInPolicyUpdate = Omit<PolicyUpdateValues, "endKind"> &
  Partial<Pick<PolicyUpdateValues, "endKind">> & { slug: string; lastReviewedAt: string };
export type BuiltInContentBlock = Pick<SiteContentValues, "content"> &
  Partial<Omit<SiteContentValues, "key" | "content">> & { key: string; lastReviewedAt?: string };
