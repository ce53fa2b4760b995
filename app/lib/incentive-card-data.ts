import { endDateLabel, type IncentiveStatus, incentiveStatus } from "./content-status";
import type { IsoDate } from "./dates";
import { sourcesAnchor, sourcesPageHref } from "./sources-anchors";

/** The fields of an incentive row or built-in item that a card is made from. */
export type IncentiveSource = {
  /** The record's slug: its entry on /sources. Absent for the built-in fallback cards. */
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
  /** What the program pays or saves a business, in words; null for rules such as net metering. */
  moneyValue?: string | null;
  lastReviewedAt: string;
};

/** What an incentive card shows (nothing else leaves the server): status already decided by date. */
export type IncentiveCardData = {
  title: string;
  description: string;
  type: string;
  state: string | null;
  status: IncentiveStatus;
  /** "Available through …", "In service by …" or "Ended …" when the program has an end date. */
  endLabel: string | null;
  /** The program's value in words ("30% of eligible costs"), when it has one. */
  value: string | null;
  link: string | null;
  /** Where /sources lists every page behind the card, when it is a stored record. */
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

/** A database row's card fields, with its slug as the list key. */
export function toIncentiveCard(row: IncentiveSource & { slug: string }, today: IsoDate) {
  return { slug: row.slug, ...cardFields(row, today) };
}
