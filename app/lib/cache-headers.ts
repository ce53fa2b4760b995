/**
 * Cache-Control for anonymous public pages: browsers revalidate after a minute, shared caches
 * (a CDN, and the server's own HTML cache) keep a copy for a minute and may serve a stale copy
 * while refreshing. Personal responses must not use this.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

type RefusalHeaders = { actionHeaders?: Headers; errorHeaders?: Headers };

/**
 * Retry-After of a refused post (429, or 503 while uploads queue or the database is down) or of
 * a page that could not be made (a thrown 503), to pass on to the document: when to try again.
 */
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
  // The route's own loader (e.g. a degraded page after a database error) or a parent (the root,
  // when it clears a flash cookie) may have made this response unfit for a shared cache.
  for (const headers of [args?.errorHeaders, args?.actionHeaders, args?.loaderHeaders, args?.parentHeaders]) {
    const value = headers?.get("Cache-Control");
    if (value && /private|no-store/.test(value)) return { ...extra, "Cache-Control": value };
  }
  return { ...extra, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

/** Loader headers for a page rendered with fallbacks because a read failed: never share it. */
export const DEGRADED_HEADERS = { "Cache-Control": "private, no-store" } as const;

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * For pages that must never be stored by any cache (staff area, sign-in). A refused sign-in (429,
 * or 503 while the database is down) and a page that could not be made (a thrown 503) tell the
 * browser when to try again.
 */
export function noStoreHeaders(args?: RefusalHeaders) {
  const clear = args?.actionHeaders?.get("Clear-Site-Data");
  return { "Cache-Control": PRIVATE_NO_STORE, ...retryAfterOf(args), ...(clear ? { "Clear-Site-Data": clear } : {}) };
}

/**
 * Sent with a staff action that changed what visitors see: the browser drops its cached copies of
 * this site (public pages may be reused for `max-age=60`), cookies and storage untouched.
 */
export const CLEAR_BROWSER_CACHE = { "Clear-Site-Data": '"cache"' } as const;
