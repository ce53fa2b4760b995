import { describe, expect, it } from "vitest";
import { HtmlCache, isCacheableRequest, sharedMaxAge } from "./html-cache.server";

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

describe("HtmlCache", () => {
  const entry = { status: 200, headers: [] as [string, string][], body: Buffer.from("<html>") };

  it("expires entries after the shorter of the route's and the server's lifetime", () => {
    let now = 0;
    const cache = new HtmlCache(30, 10, () => now);
    cache.set("/", entry, 60);
    now = 29_000;
    expect(cache.get("/")?.body.toString()).toBe("<html>");
    now = 30_000;
    expect(cache.get("/")).toBeUndefined();
  });

  it("is disabled with a zero lifetime", () => {
    const cache = new HtmlCache(0);
    expect(cache.enabled).toBe(false);
    cache.set("/", entry, 60);
    expect(cache.get("/")).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new HtmlCache(60, 2);
    cache.set("/a", entry, 60);
    cache.set("/b", entry, 60);
    cache.get("/a");
    cache.set("/c", entry, 60);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
  });

  it("clears everything when content changes", () => {
    const cache = new HtmlCache(60);
    cache.set("/a", entry, 60);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
