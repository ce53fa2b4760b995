import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import type { IncentiveCardData } from "~/lib/incentive-card-data";
import { attachMarkup } from "~/lib/rendered-markup";
import { IncentiveCard } from "./incentive-card";

/**
 * Card HTML memoised by everything the card shows: search URLs defeat the page cache, but the cards
 * repeat, and rendering them was most of the page's render. Any change (edit, new day) is a new
 * key, so nothing needs invalidating; unused entries fall out of the bounded store.
 */
const rendered = new LRUCache<string, string>({
  // Strings are UTF-16 in memory: a 5,000-program directory (about 2.2 KB a card) fits twice.
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (html, key) => 2 * (html.length + key.length),
});

export function withCardMarkup<T extends IncentiveCardData>(card: T): T {
  return attachMarkup(card, incentiveCardMarkup(card));
}

export function incentiveCardMarkup(card: IncentiveCardData): string {
  // The whole object, so a field added to the card later is part of the key.
  const key = JSON.stringify(card);
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<IncentiveCard incentive={card} />);
    rendered.set(key, html);
  }
  return html;
}
