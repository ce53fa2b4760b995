// Calculator inputs, `estimate` and unsubscribe tokens are a visitor's own. No zod: the page script uses it.

const QUERY_NOT_KEPT = new Set(["/solar-calculator", "/unsubscribe"]);
/** Their other parameters (UTM) stay. */
const ESTIMATE_CARRIED = new Set(["/submit-bill", "/talk-to-solar-advisor"]);

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

/** Our own page as kept, another site's origin only. */
export function keptReferrer(referrer: string, siteOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin === siteOrigin ? `${url.origin}${keptLocation(url)}` : url.origin;
  } catch {
    return undefined;
  }
}
