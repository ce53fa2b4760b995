/** What an incentive card shows: the fields a page sends to the browser for each incentive. */
export type IncentiveCardData = {
  title: string;
  description: string;
  type: string;
  state: string | null;
  status: string | null;
  link: string | null;
  lastReviewed?: string | null;
};

/** The card's fields of an incentive row or built-in item (nothing else leaves the server). */
export function cardFields(row: IncentiveCardData) {
  return {
    title: row.title,
    description: row.description,
    type: row.type,
    state: row.state,
    status: row.status,
    link: row.link,
    lastReviewed: row.lastReviewed ?? null,
  };
}

/** A database row's card fields, with its slug as the list key. */
export function toIncentiveCard(row: IncentiveCardData & { slug: string }) {
  return { slug: row.slug, ...cardFields(row) };
}
