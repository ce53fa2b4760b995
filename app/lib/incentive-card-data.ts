import { endDateLabel, type IncentiveStatus, incentiveStatus } from "./content-status";
import type { IsoDate } from "./dates";
import { sourcesAnchor, sourcesPageHref } from "./sources-anchors";

export type IncentiveSource = {
  slug?: string;
  title: string;
  description: string;
  type: string;
  state: string | null;
  status: string | null;
  link: string | null;
  expiresOn?: string | null;
  /** "in-service" when `expiresOn` is a placed-in-service deadline. */
  endKind?: string | null;
  /** Null for rules such as net metering. */
  moneyValue?: string | null;
  lastReviewedAt: string;
};

/** Status already decided by date. */
export type IncentiveCardData = {
  title: string;
  description: string;
  type: string;
  state: string | null;
  status: IncentiveStatus;
  endLabel: string | null;
  value: string | null;
  link: string | null;
  sourcesHref: string | null;
  lastReviewedAt: string;
};

export function cardFields(row: IncentiveSource, today: IsoDate): IncentiveCardData {
  return {
    title: row.title,
    description: row.description,
    type: row.type,
    state: row.state,
    status: incentiveStatus(row, today),
    endLabel: endDateLabel(row.expiresOn, today, row.endKind),
    value: row.moneyValue?.trim() || null,
    link: row.link,
    sourcesHref: row.slug ? sourcesPageHref(sourcesAnchor.incentive(row.slug)) : null,
    lastReviewedAt: row.lastReviewedAt,
  };
}

export function toIncentiveCard(row: IncentiveSource & { slug: string }, today: IsoDate) {
  return { slug: row.slug, ...cardFields(row, today) };
}
