import { type FallbackIncentive, fallbackFederalIncentives, heroFallback } from "~/content/home";
import type { IncentiveStatus } from "./content-status";
import type { IsoDate } from "./dates";
import { cardFields, type IncentiveCardData, type IncentiveSource } from "./incentive-card-data";

export type HeroBlock = { title: string; content: string; ctaLabel: string; ctaLink: string; imageUrl: string };

type ContentBlockLike = {
  title: string | null;
  content: string | null;
  ctaLabel: string | null;
  ctaLink: string | null;
  imageUrl: string | null;
};

export function resolveHero(block: ContentBlockLike | null): HeroBlock {
  return {
    title: block?.title?.trim() || heroFallback.title,
    content: block?.content?.trim() || heroFallback.content,
    ctaLabel: block?.ctaLabel?.trim() || heroFallback.ctaLabel,
    ctaLink: block?.ctaLink?.trim() || heroFallback.ctaLink,
    imageUrl: block?.imageUrl?.trim() || heroFallback.imageUrl,
  };
}

export type HomeIncentive = IncentiveCardData & { shownStatus: IncentiveStatus; slug: string | null };

const HOME_INCENTIVES_SHOWN = 3;
export const HOME_INCENTIVES_FETCHED = 4;

/** Spec: fetch 4 federal incentives, show up to 3, else the built-in ones; dates decide first. */
export function homeIncentives(
  rows: readonly IncentiveSource[],
  today: IsoDate,
): { items: HomeIncentive[]; fallback: boolean } {
  if (rows.length > 0) {
    return {
      items: rows.slice(0, HOME_INCENTIVES_SHOWN).map((row) => {
        const card = cardFields(row, today);
        return { ...card, shownStatus: card.status, slug: row.slug ?? null };
      }),
      fallback: false,
    };
  }
  return {
    items: fallbackFederalIncentives.map((row: FallbackIncentive, index) => {
      const card = cardFields(row, today);
      const markAtRisk = index === 2 && row.status === null && card.status === "Active";
      return { ...card, shownStatus: markAtRisk ? "At Risk" : card.status, slug: null };
    }),
    fallback: true,
  };
}
