import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheKey, HtmlCache, isCacheableRequest, sharedMaxAge } from "./html-cache.server";

const headers = (init: Record<string, string>) => new Headers(init);

describe("isCacheableRequest", () => {
  it("serves anonymous GETs, also with analytics cookies", () => {
    expect(isCacheableRequest("GET", undefined)).toBe(true);
    expect(isCacheableRequest("GET", "_ga=GA1.1.1; _gid=2")).toBe(true);
  });
  it("skips other methods and requests carrying our own session or flash cookies", () => {
    expect(isCacheableRequest("POST", undefined)).toBe(false);
    expect(isCacheableRequest("HEAD", undefined)).toBe(false);
    expect(isCacheableRequest("GET", "better-auth.session_token=abc")).toBe(false);
    expect(isCacheableRequest("GET", "_ga=1; __Secure-better-auth.session_token=abc")).toBe(false);
    expect(isCacheableRequest("GET", "sa_flash=xyz")).toBe(false);
  });
  it("skips a calculator result: its inputs are in the query, which the cache key would drop", () => {
    expect(isCacheableRequest("GET", undefined, "/solar-calculator")).toBe(true);
    expect(isCacheableRequest("GET", undefined, "/solar-calculator?monthlyBill=2500&state=TX")).toBe(false);
    expect(isCacheableRequest("GET", undefined, "/solar-calculator?state=TX")).toBe(false);
    expect(isCacheableRequest("GET", undefined, "/incentives?q=solar")).toBe(true);
    // Other pages do not read them: made-up queries still share the page's entry.
    expect(isCacheableRequest("GET", undefined, "/?state=AZ&monthlyBill=1")).toBe(true);
    expect(isCacheableRequest("GET", undefined, "/submit-bill?estimate=monthlyBill%3D2500%26state%3DTX")).toBe(false);
    expect(isCacheableRequest("GET", undefined, "/submit-bill")).toBe(true);
    expect(isCacheableRequest("GET", undefined, "/talk-to-solar-advisor?estimate=monthlyBill%3D2500")).toBe(false);
    expect(isCacheableRequest("GET", undefined, "/talk-to-solar-advisor")).toBe(true);
  });
});

describe("sharedMaxAge", () => {
  it("reads s-maxage from a public response", () => {
    expect(sharedMaxAge(200, headers({ "cache-control": "public, max-age=60, s-maxage=120" }))).toBe(120);
  });
  it("refuses non-200, private, no-store, cookie-setting or unmarked responses", () => {
    expect(sharedMaxAge(404, headers({ "cache-control": "public, s-maxage=60" }))).toBe(0);
    expect(sharedMaxAge(200, headers({ "cache-control": "private, s-maxage=60" }))).toBe(0);
    expect(sharedMaxAge(200, headers({ "cache-control": "public, no-store, s-maxage=60" }))).toBe(0);
    expect(sharedMaxAge(200, headers({ "cache-control": "public, s-maxage=60", "set-cookie": "a=b" }))).toBe(0);
    expect(sharedMaxAge(200, headers({ "cache-control": "max-age=60" }))).toBe(0);
    expect(sharedMaxAge(200, headers({}))).toBe(0);
  });
});

describe("cacheKey", () => {
  it("keeps only the parameters pages read, normalised as the loaders read them", () => {
    expect(cacheKey("/incentives?utm_source=x&q=%20Solar%20Tax%20")).toBe("/incentives?q=solar+tax");
    expect(cacheKey("/incentives?q=")).toBe("/incentives");
    expect(cacheKey("/incentives?page=2&type=State&utm_source=x")).toBe("/incentives?page=2&type=State");
    expect(cacheKey(`/incentives?q=${"a".repeat(500)}`)).toBe(`/incentives?q=${"a".repeat(100)}`);
    expect(cacheKey("/policy-watch?level=state&status=active&q=A&q=b")).toBe(
      "/policy-watch?level=state&q=a&status=active",
    );
  });
});

describe("HtmlCache", () => {
  const entry = { status: 200, headers: [] as [string, string][], body: Buffer.from("<html>") };
  const page = (body = "<html>", cacheControl = "public, s-maxage=60") =>
    new Response(body, { headers: { "cache-control": cacheControl } });

  it("expires entries after the shorter of the route's and the server's lifetime", () => {
    let now = 1_000;
    const cache = new HtmlCache(30, {}, () => now);
    cache.set("/", entry, 60);
    now = 30_000;
    expect(cache.get("/")?.body.toString()).toBe("<html>");
    now = 31_001;
    expect(cache.get("/")).toBeUndefined();
  });

  it("is disabled with a zero lifetime", () => {
    const cache = new HtmlCache(0);
    expect(cache.enabled).toBe(false);
    cache.set("/", entry, 60);
    expect(cache.get("/")).toBeUndefined();
  });

  it("evicts the least recently used page beyond its budget", () => {
    const cache = new HtmlCache(60, { pages: { max: 2, maxSize: 1_000_000 } });
    cache.set("/a", entry, 60);
    cache.set("/b", entry, 60);
    cache.get("/a");
    cache.set("/c", entry, 60);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("is bounded by bytes, not only by count", () => {
    const cache = new HtmlCache(60, { pages: { max: 1000, maxSize: 20_000 } });
    const big = { ...entry, body: Buffer.alloc(6_000, "x") };
    for (const key of ["/1", "/2", "/3", "/4", "/5"]) cache.set(key, big, 60);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get("/5")).toBeDefined();
    expect(cache.get("/1")).toBeUndefined();
  });

  it("never lets unique searches evict real pages", async () => {
    const cache = new HtmlCache(60, {
      pages: { max: 5, maxSize: 1_000_000 },
      searches: { max: 5, maxSize: 1_000_000 },
    });
    for (const key of ["/", "/about", "/incentives"]) await cache.getOrRender(key, async () => page());
    for (let i = 0; i < 200; i++) await cache.getOrRender(cacheKey(`/incentives?q=unique${i}`), async () => page());
    for (const key of ["/", "/about", "/incentives"]) expect(cache.get(key)).toBeDefined();
  });

  it("stores a page on its first miss: the next request is a HIT, not a second render", async () => {
    const cache = new HtmlCache(60);
    let renders = 0;
    const render = async () => {
      renders++;
      return page("<html>one</html>");
    };
    expect((await cache.getOrRender("/about", render)).state).toBe("MISS");
    expect((await cache.getOrRender("/about", render)).state).toBe("HIT");
    expect(renders).toBe(1);
  });

  it("renders once for concurrent misses of one page", async () => {
    const cache = new HtmlCache(60);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page("<html>one</html>");
    };
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => cache.getOrRender("/", render)));
    expect(renders).toBe(1);
    expect(outcomes.filter((o) => o.state === "MISS")).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.state === "BYPASS" ? "" : outcome.entry.body.toString()).toBe("<html>one</html>");
    }
  });

  it("hands a render that may not be stored back to its request; waiters render their own", async () => {
    const cache = new HtmlCache(60);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return page(`private ${renders}`, "private, no-store");
    };
    const outcomes = await Promise.all([cache.getOrRender("/", render), cache.getOrRender("/", render)]);
    expect(outcomes.map((o) => o.state)).toEqual(["BYPASS", "BYPASS"]);
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("answers every request whose render was pushed out of the cache or cleared while it ran", async () => {
    const cache = new HtmlCache(60, { searches: { max: 2, maxSize: 1_000_000 } });
    const slow = (body: string, cacheControl?: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page(body, cacheControl);
    };
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => cache.getOrRender(`/incentives?q=s${i}`, slow(`search ${i}`))),
    );
    expect(outcomes.map((o) => (o.state === "BYPASS" ? "" : o.entry.body.toString()))).toEqual(
      Array.from({ length: 6 }, (_, i) => `search ${i}`),
    );
    const storable = cache.getOrRender("/about", slow("about"));
    const personal = cache.getOrRender("/mine", slow("mine", "private, no-store"));
    cache.clear();
    const [about, mine] = await Promise.all([storable, personal]);
    expect(about.state === "BYPASS" ? "" : about.entry.body.toString()).toBe("about");
    expect(mine.state === "BYPASS" ? await mine.response.text() : "").toBe("mine");
  });

  it("keeps one brotli copy of each entry, counted in its budget: pages smaller, searches cheaper", async () => {
    const html = `<!DOCTYPE html><ul>${Array.from(
      { length: 300 },
      (_, i) => `<li class="card"><h3>Program ${i * 7919}</h3><p>Rebate of ${i % 13}0% for state ${i % 50}</p></li>`,
    ).join("")}</ul>`;
    const cache = new HtmlCache(60);
    await cache.getOrRender("/incentives", async () => page(html));
    await cache.getOrRender(cacheKey("/incentives?q=Solar"), async () => page(html));
    const listed = cache.get("/incentives");
    const searched = cache.get("/incentives?q=solar");
    if (!listed || !searched) throw new Error("both responses should be stored");
    for (const entry of [listed, searched]) expect(brotliDecompressSync(entry.brotli).toString()).toBe(html);
    expect(listed.brotli.length).toBeLessThan(searched.brotli.length);
    expect(cache.bytes).toBe(
      [listed, searched].reduce((sum, entry) => sum + entry.body.length + entry.brotli.length + 512, 0),
    );
  });

  it("clears everything when content changes", () => {
    const cache = new HtmlCache(60);
    cache.set("/a", entry, 60);
    cache.set("/a?q=x", entry, 60);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
