import { brotliCompressSync, constants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { quoteCheckFields } from "~/lib/validation/quote-check";
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
  /**
   * The body brotli-compressed once, when stored (hits must not re-compress): what browsers get
   * (all send `br`). A client without it gets `body`, encoded by the server's compression
   * middleware as it accepts.
   */
  brotli: Buffer;
  storedAt: number;
};

/**
 * Query parameters some page reads. The cache key keeps only these, so `/?x=<random>` is served
 * from the entry of `/` instead of rendering and evicting real pages. A route that starts
 * reading another parameter must add it here.
 */
export const CACHE_KEY_QUERY_PARAMS = ["type", "q", "status", "level", "page"] as const;

/**
 * A search term as the loaders use it (trimmed, cut to 100 characters; the match ignores case),
 * so spacing and case variants of one search share an entry. Filter values are kept as sent:
 * their loaders compare them exactly.
 */
function normaliseParam(name: string, value: string): string {
  return name === "q" ? value.trim().slice(0, 100).toLowerCase() : value;
}

export function cacheKey(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://cache.invalid");
  const kept = new URLSearchParams();
  for (const name of CACHE_KEY_QUERY_PARAMS) {
    // The first value is the one a loader reads; an empty one means "no filter".
    const value = normaliseParam(name, url.searchParams.get(name) ?? "");
    if (value) kept.append(name, value);
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

/**
 * Query parameters that make the calculator's page one visitor's own: a result (its inputs are
 * the URL). Such a request is never answered from, nor stored in, the shared cache, which would
 * otherwise serve the empty form's entry (the key drops unknown parameters).
 */
export const PERSONAL_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/solar-calculator": ["monthlyBill", "state"],
  "/check-my-quote": quoteCheckFields,
  // The bill and consultation forms carrying a calculator result's inputs (or a quote check's).
  "/submit-bill": ["estimate"],
  "/talk-to-solar-advisor": ["estimate", "quote"],
};

export function isCacheableRequest(method: string, cookieHeader: string | undefined, pathAndQuery = "/"): boolean {
  if (method !== "GET" || hasPrivateCookie(cookieHeader)) return false;
  const query = pathAndQuery.indexOf("?");
  // Only these pages read them; elsewhere `?state=…` is noise the key drops (and caches).
  const personal = query === -1 ? undefined : PERSONAL_QUERY_PARAMS[pathAndQuery.slice(0, query)];
  if (!personal) return true;
  const params = new URLSearchParams(pathAndQuery.slice(query + 1));
  return !personal.some((name) => params.has(name));
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

type Entry = Omit<CachedResponse, "brotli" | "storedAt">;

type Budget = {
  max: number;
  maxSize: number;
  /**
   * Brotli quality of the stored copy. Pages are answered many times from one entry: 5 (smaller
   * than gzip's default, about as fast). A search is mostly stored once and never asked again
   *, yet its copy answers the request that rendered it: 1, about 0.2 ms for an 85 KB
   * page of results against 1.1–1.5 ms for gzip, and still smaller than gzip's default.
   */
  brotliQuality?: number;
};

/** Pages without filters, and searches or filtered lists: each with its own bounds. */
const PAGE_BUDGET = { max: 1_000, maxSize: 64 * 1024 * 1024, brotliQuality: 5 };
const SEARCH_BUDGET = { max: 300, maxSize: 8 * 1024 * 1024, brotliQuality: 1 };

export type CacheOutcome = { state: "HIT" | "MISS"; entry: CachedResponse } | { state: "BYPASS"; response: Response };

/**
 * The store: two LRU caches (lru-cache) bounded by bytes and count. Searches and filtered lists
 * (any key with a query) live in their own small one, so however many unique searches arrive
 * they can never push a real page out (security review L11). Concurrent misses for one key are
 * coalesced: one render, every waiter gets its result.
 */
export class HtmlCache {
  private readonly pages: Segment;
  private readonly searches: Segment;

  constructor(
    /** Upper bound on any entry's life, whatever the route allows; 0 disables the cache. */
    readonly maxSeconds: number,
    budgets: { pages?: Budget; searches?: Budget } = {},
    now: () => number = Date.now,
  ) {
    const make = ({ max, maxSize, brotliQuality = PAGE_BUDGET.brotliQuality }: Budget): Segment => {
      const store: Segment["store"] = new LRUCache<string, CachedResponse, () => Promise<Response>>({
        max,
        maxSize,
        sizeCalculation: (entry) => entry.body.length + entry.brotli.length + 512,
        perf: { now },
        ttlResolution: 0,
        // A render still running when its entry is pushed out (many unique searches at once) or
        // cleared (content changed) still answers its requests, instead of failing them with
        // lru-cache's "evicted" (a 500); its result is just not kept.
        ignoreFetchAbort: true,
        fetchMethod: async (_key, _stale, { options, context }) => {
          const response = await context();
          const seconds = Math.min(sharedMaxAge(response.status, response.headers), this.maxSeconds);
          if (seconds <= 0) {
            // Not storable: handed back to the request that rendered it (see getOrRender).
            pending.set(context, response);
            return undefined;
          }
          options.ttl = seconds * 1000;
          return toEntry(
            {
              status: response.status,
              headers: storableHeaders(response),
              body: Buffer.from(await response.arrayBuffer()),
            },
            now(),
            brotliQuality,
          );
        },
      });
      return { store, brotliQuality };
    };
    const pending = this.pending;
    this.pages = make(budgets.pages ?? PAGE_BUDGET);
    this.searches = make(budgets.searches ?? SEARCH_BUDGET);
  }

  /** Responses rendered for a miss that turned out not to be storable, by their render call. */
  private readonly pending = new WeakMap<() => Promise<Response>, Response>();

  get enabled(): boolean {
    return this.maxSeconds > 0;
  }

  private segment(key: string): Segment {
    return key.includes("?") ? this.searches : this.pages;
  }

  get(key: string): CachedResponse | undefined {
    return this.enabled ? this.segment(key).store.get(key) : undefined;
  }

  set(key: string, entry: Entry, seconds: number): void {
    const lifetime = Math.min(seconds, this.maxSeconds);
    if (lifetime <= 0) return;
    const { store, brotliQuality } = this.segment(key);
    store.set(key, toEntry(entry, Date.now(), brotliQuality), { ttl: lifetime * 1000 });
  }

  /**
   * The cached page, or one render shared by every request that misses at the same moment. A
   * render that may not be stored (not public, not a 200, sets a cookie) goes back to the request
   * that made it; a request that waited on it renders its own.
   */
  async getOrRender(key: string, render: () => Promise<Response>): Promise<CacheOutcome> {
    const cache = this.segment(key).store;
    const hit = cache.get(key);
    if (hit) return { state: "HIT", entry: hit };
    let rendered = false;
    const mine = async () => {
      rendered = true;
      return render();
    };
    try {
      const entry = await cache.fetch(key, { context: mine });
      if (entry) return { state: rendered ? "MISS" : "HIT", entry };
    } catch (error) {
      if (rendered && !this.pending.has(mine)) throw error;
    }
    const own = this.pending.get(mine);
    if (own) {
      this.pending.delete(mine);
      return { state: "BYPASS", response: own };
    }
    return { state: "BYPASS", response: await render() };
  }

  private readonly clearListeners = new Set<() => void>();

  /** Something kept beside the pages (the banner row) that must go whenever they go. */
  onClear(listener: () => void): void {
    this.clearListeners.add(listener);
  }

  /** Drop everything: called when content changes so visitors never wait out a stale page. */
  clear(): void {
    this.pages.store.clear();
    this.searches.store.clear();
    for (const listener of this.clearListeners) listener();
  }

  get size(): number {
    return this.pages.store.size + this.searches.store.size;
  }

  get bytes(): number {
    return this.pages.store.calculatedSize + this.searches.store.calculatedSize;
  }
}

function storableHeaders(response: Response): [string, string][] {
  return [...response.headers].filter(([name]) => !/^(content-length|transfer-encoding|content-encoding)$/i.test(name));
}

type Segment = { store: LRUCache<string, CachedResponse, () => Promise<Response>>; brotliQuality: number };

function toEntry(entry: Entry, storedAt: number, quality: number): CachedResponse {
  const brotli = brotliCompressSync(entry.body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
  });
  return { ...entry, brotli, storedAt };
}

let processCache: HtmlCache | undefined;

/** The process-wide cache (the first call sets its lifetime: the server's, at start-up). */
export function getHtmlCache(maxSeconds = 60): HtmlCache {
  processCache ??= new HtmlCache(maxSeconds);
  return processCache;
}
