import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { attachMarkup } from "~/lib/rendered-markup";
import { IncentiveCard } from "./incentive-card";

/**
 * The HTML of one incentive card, rendered once per distinct card. A search page shows
 * 24 cards and every search URL is different, so the page cache never helps it; the cards
 * themselves repeat from search to search, and rendering them (each with its icon) was most of
 * the page's React render.
 *
 * Keyed by everything the card shows, so there is nothing to invalidate: an edit, a publication
 * or a new day (status and end label are worked out from the date) gives other data, hence
 * another key; an entry nobody asks for any more falls out of the bounded store. The HTML is
 * React's own render of `<IncentiveCard>`, escaped as any render is.
 */
const rendered = new LRUCache<string, string>({
  // Strings are UTF-16 in memory: a 5,000-program directory (about 2.2 KB a card) fits twice.
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (html, key) => 2 * (html.length + key.length),
});

/** `card`, with its HTML attached for the page's render (app/lib/rendered-markup.ts). */
export function withCardMarkup<T extends IncentiveCardData>(card: T): T {
  return attachMarkup(card, incentiveCardMarkup(card));
}

export function incentiveCardMarkup(card: IncentiveCardData): string {
  // The whole object, so a field added to the card later is part of the key by construction.
  const key = JSON.stringify(card);
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<IncentiveCard incentive={card} />);
    rendered.set(key, html);
  }
  return html;
}
