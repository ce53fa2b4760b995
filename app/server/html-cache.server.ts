/**
 * A small in-process shared cache for anonymous GET responses, in front of React Router.
 *
 * Routes opt in with the same header a CDN reads: `Cache-Control: public, s-maxage=N`. The cache
 * never stores a response that sets a cookie, is not a 200, or answers a request that carries one
 * of our own cookies (a signed-in or personalised visitor); such requests skip it entirely.
 */
export type CachedResponse = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body gzipped once, on first request that accepts it (hits must not re-compress). */
  gzipped?: Buffer;
  storedAt: number;
  expiresAt: number;
};

/**
 * Query parameters some page reads. The cache key keeps only these, so `/?x=<random>` is served
 * from the entry of `/` instead of rendering and evicting real pages. A route that starts
 * reading another parameter must add it here.
 */
export const CACHE_KEY_QUERY_PARAMS = ["type", "q", "status", "level"] as const;

export function cacheKey(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://cache.invalid");
  const kept = new URLSearchParams();
  for (const name of CACHE_KEY_QUERY_PARAMS) {
    for (const value of url.searchParams.getAll(name)) kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Cookies that make a response personal: sessions, flashes. Analytics cookies do not count. */
const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.|sa_)/;

export function hasPrivateCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && PRIVATE_COOKIE.test(cookieHeader));
}

export function isCacheableRequest(method: string, cookieHeader: string | undefined): boolean {
  return method === "GET" && !hasPrivateCookie(cookieHeader);
}

/** The shared lifetime in seconds a response allows, or 0 when it must not be stored. */
export function sharedMaxAge(status: number, headers: Headers): number {
  if (status !== 200 || headers.has("set-cookie")) return 0;
  const cacheControl = headers.get("cache-control")?.toLowerCase() ?? "";
  if (!/(^|,)\s*public\s*(,|$)/.test(cacheControl)) return 0;
  if (/(^|,)\s*(private|no-store|no-cache)\s*(,|$|=)/.test(cacheControl)) return 0;
  const match = /s-maxage=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

export class HtmlCache {
  private entries = new Map<string, CachedResponse>();

  constructor(
    /** Upper bound on any entry's life, whatever the route allows; 0 disables the cache. */
    readonly maxSeconds: number,
    readonly maxEntries = 500,
    private now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxSeconds > 0;
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency for LRU eviction.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Omit<CachedResponse, "storedAt" | "expiresAt">, seconds: number): void {
    const lifetime = Math.min(seconds, this.maxSeconds);
    if (lifetime <= 0) return;
    const storedAt = this.now();
    this.entries.delete(key);
    this.entries.set(key, { ...entry, storedAt, expiresAt: storedAt + lifetime * 1000 });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drop everything: called when content changes so visitors never wait out a stale page. */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const KEY = Symbol.for("solar-advisory.html-cache");
type WithCache = typeof globalThis & { [KEY]?: HtmlCache };

/** The process-wide cache; shared by the server entry and the app bundle (for invalidation). */
export function getHtmlCache(maxSeconds = 60): HtmlCache {
  const g = globalThis as WithCache;
  g[KEY] ??= new HtmlCache(maxSeconds);
  return g[KEY];
}
