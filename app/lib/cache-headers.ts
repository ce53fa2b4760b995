/** Shared caches (a CDN, the server's HTML cache) keep a minute and may serve stale while refreshing. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

type RefusalHeaders = { actionHeaders?: Headers; errorHeaders?: Headers };

/** Retry-After of a refused post (429, 503) or a thrown 503, passed on to the document. */
export function retryAfterOf(args?: RefusalHeaders): { "Retry-After"?: string } {
  const retryAfter = args?.actionHeaders?.get("Retry-After") ?? args?.errorHeaders?.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export function publicPageHeaders(args?: {
  parentHeaders?: Headers;
  loaderHeaders?: Headers;
  actionHeaders?: Headers;
  errorHeaders?: Headers;
}) {
  const extra = retryAfterOf(args);
  // The route's loader (a degraded page) or a parent (clearing a flash cookie) may have made the
  // response unfit for a shared cache.
  for (const headers of [args?.errorHeaders, args?.actionHeaders, args?.loaderHeaders, args?.parentHeaders]) {
    const value = headers?.get("Cache-Control");
    if (value && /private|no-store/.test(value)) return { ...extra, "Cache-Control": value };
  }
  return { ...extra, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

/** A page rendered with fallbacks after a failed read: never share it. */
export const DEGRADED_HEADERS = { "Cache-Control": "private, no-store" } as const;

export const PRIVATE_NO_STORE = "private, no-store";

/** Never stored by any cache (staff area, sign-in). */
export function noStoreHeaders(args?: RefusalHeaders) {
  const clear = args?.actionHeaders?.get("Clear-Site-Data");
  return { "Cache-Control": PRIVATE_NO_STORE, ...retryAfterOf(args), ...(clear ? { "Clear-Site-Data": clear } : {}) };
}

/** After a staff change visitors see: public pages may be reused for `max-age=60`. */
export const CLEAR_BROWSER_CACHE = { "Clear-Site-Data": '"cache"' } as const;
