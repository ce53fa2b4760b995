import { type FallbackIncentive, fallbackFederalIncentives, heroFallback } from "~/content/home";
import { cardFields } from "./incentive-card-data";

export type HeroBlock = { title: string; content: string; ctaLabel: string; ctaLink: string; imageUrl: string };

type ContentBlockLike = {
  title: string | null;
  content: string | null;
  ctaLabel: string | null;
  ctaLink: string | null;
  imageUrl: string | null;
};

/** The homepage_hero block field by field, with the built-in fallback for anything missing. */
export function resolveHero(block: ContentBlockLike | null): HeroBlock {
  return {
    title: block?.title?.trim() || heroFallback.title,
    content: block?.content?.trim() || heroFallback.content,
    ctaLabel: block?.ctaLabel?.trim() || heroFallback.ctaLabel,
    ctaLink: block?.ctaLink?.trim() || heroFallback.ctaLink,
    imageUrl: block?.imageUrl?.trim() || heroFallback.imageUrl,
  };
}

export type HomeIncentive = {
  title: string;
  description: string;
  type: string;
  state: string | null;
  status: string | null;
  link: string | null;
  lastReviewed: string | null;
  atRisk: boolean;
};

type IncentiveLike = Omit<FallbackIncentive, "type" | "state"> & {
  type: string;
  state: string | null;
  lastReviewed?: string | null;
};

export const HOME_INCENTIVES_SHOWN = 3;
export const HOME_INCENTIVES_FETCHED = 4;

/**
 * Spec: fetch 4 federal incentives, show up to 3; when none come back, show the three built-in
 * federal items, the third marked At Risk when it has no status of its own.
 */
export function homeIncentives(rows: readonly IncentiveLike[]): { items: HomeIncentive[]; fallback: boolean } {
  const toItem = (row: IncentiveLike, atRisk: boolean): HomeIncentive => ({ ...cardFields(row), atRisk });
  if (rows.length > 0) {
    return {
      items: rows.slice(0, HOME_INCENTIVES_SHOWN).map((row) => toItem(row, row.status === "At Risk")),
      fallback: false,
    };
  }
  return {
    items: fallbackFederalIncentives.map((row, index) =>
      toItem(row, row.status === "At Risk" || (index === 2 && row.status === null)),
    ),
    fallback: true,
  };
}
