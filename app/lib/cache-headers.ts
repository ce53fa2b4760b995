/**
 * Cache-Control for anonymous public pages: browsers revalidate after a minute, shared caches
 * (a CDN, and the server's own HTML cache) keep a copy for a minute and may serve a stale copy
 * while refreshing. Personal responses must not use this.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=60, s-maxage=60, stale-while-revalidate=300";

export function publicPageHeaders(args?: { parentHeaders?: Headers }) {
  // A parent (the root, when it clears a flash cookie) may have made this response personal.
  const parent = args?.parentHeaders?.get("Cache-Control");
  if (parent?.includes("private")) return { "Cache-Control": parent };
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL };
}

export const PRIVATE_NO_STORE = "private, no-store";

/** For pages that must never be stored by any cache (staff area, sign-in). */
export function noStoreHeaders() {
  return { "Cache-Control": PRIVATE_NO_STORE };
}
