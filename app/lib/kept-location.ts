/**
 * What of a page's address may leave the visitor's browser for analytics and logs. Some queries
 * are a visitor's own: the calculator's inputs (a business's bill), a result's inputs carried to
 * the lead forms (`estimate`), and the unsubscribe link's address and token. Kept apart from
 * page-view.ts so the page script can use it without zod.
 */

/** Pages whose whole query is a visitor's own. */
const QUERY_NOT_KEPT = new Set(["/solar-calculator", "/unsubscribe"]);
/** The lead forms opened from a result carry its inputs in `estimate`; their other parameters (UTM) stay. */
const ESTIMATE_CARRIED = new Set(["/submit-bill", "/talk-to-solar-advisor"]);

/** `location`'s path and the part of its query that may be kept. */
export function keptLocation(location: URL): string {
  // As the router matches it: any case, a trailing slash.
  const page = location.pathname.toLowerCase().replace(/(.)\/$/, "$1");
  if (QUERY_NOT_KEPT.has(page)) return location.pathname;
  if (!ESTIMATE_CARRIED.has(page) || !location.searchParams.has("estimate")) {
    return `${location.pathname}${location.search}`;
  }
  const params = new URLSearchParams(location.search);
  params.delete("estimate");
  const rest = params.toString();
  return `${location.pathname}${rest ? `?${rest}` : ""}`;
}

/** What GA4 may be told of the page a visitor came from: our own page as kept, another site's origin. */
export function keptReferrer(referrer: string, siteOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin === siteOrigin ? `${url.origin}${keptLocation(url)}` : url.origin;
  } catch {
    return undefined;
  }
}
