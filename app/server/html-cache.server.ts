import { brotliCompressSync, constants } from "node:zlib";
import { LRUCache } from "lru-cache";
import { quoteCheckFields } from "~/lib/validation/quote-check";
/** Routes opt in with `Cache-Control: public, s-maxage=N`; requests carrying our cookies skip it. */
export type CachedResponse = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Compressed once, when stored: hits must not re-compress. */
  brotli: Buffer;
  storedAt: number;
};

/** The key keeps only these, so `/?x=<random>` cannot evict real pages; a route reading another must add it. */
export const CACHE_KEY_QUERY_PARAMS = ["type", "q", "status", "level", "page"] as const;

function normaliseParam(name: string, value: string): string {
  return name === "q" ? value.trim().slice(0, 100).toLowerCase() : value;
}

export function cacheKey(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, "http://cache.invalid");
  const kept = new URLSearchParams();
  for (const name of CACHE_KEY_QUERY_PARAMS) {
    const value = normaliseParam(name, url.searchParams.get(name) ?? "");
    if (value) kept.append(name, value);
  }
  kept.sort();
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.|sa_)/;

export function hasPrivateCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && PRIVATE_COOKIE.test(cookieHeader));
}

/** The key drops unknown parameters, so a result would otherwise be served the empty form's entry. */
export const PERSONAL_QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  "/solar-calculator": ["monthlyBill", "state"],
  "/check-my-quote": quoteCheckFields,
  "/submit-bill": ["estimate"],
  "/talk-to-solar-advisor": ["estimate", "quote"],
};

export function isCacheableRequest(method: string, cookieHeader: string | undefined, pathAndQuery = "/"): boolean {
  if (method !== "GET" || hasPrivateCookie(cookieHeader)) return false;
  const query = pathAndQuery.indexOf("?");
  const personal = query === -1 ? undefined : PERSONAL_QUERY_PARAMS[pathAndQuery.slice(0, query)];
  if (!personal) return true;
  const params = new URLSearchParams(pathAndQuery.slice(query + 1));
  return !personal.some((name) => params.has(name));
}

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
  /** A search is mostly stored once, so its copy gets quality 1 (faster than gzip, still smaller). */
  brotliQuality?: number;
};

const PAGE_BUDGET = { max: 1_000, maxSize: 64 * 1024 * 1024, brotliQuality: 5 };
const SEARCH_BUDGET = { max: 300, maxSize: 8 * 1024 * 1024, brotliQuality: 1 };

export type CacheOutcome = { state: "HIT" | "MISS"; entry: CachedResponse } | { state: "BYPASS"; response: Response };

/** Searches live in their own small LRU, so unique searches can never push a real page out. */
export class HtmlCache {
  private readonly pages: Segment;
  private readonly searches: Segment;

  constructor(
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
        // A render pushed out or cleared still answers its requests instead of lru-cache's "evicted" (a 500).
        ignoreFetchAbort: true,
        fetchMethod: async (_key, _stale, { options, context }) => {
          const response = await context();
          const seconds = Math.min(sharedMaxAge(response.status, response.headers), this.maxSeconds);
          if (seconds <= 0) {
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

  onClear(listener: () => void): void {
    this.clearListeners.add(listener);
  }

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

export function getHtmlCache(maxSeconds = 60): HtmlCache {
  processCache ??= new HtmlCache(maxSeconds);
  return processCache;
}
