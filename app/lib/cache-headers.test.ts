import { describe, expect, it } from "vitest";
import {
  CLEAR_BROWSER_CACHE,
  noStoreHeaders,
  PUBLIC_PAGE_CACHE_CONTROL,
  publicPageHeaders,
  retryAfterOf,
} from "./cache-headers";

const headers = (init: Record<string, string>) => new Headers(init);

describe("Retry-After on documents", () => {
  it("is taken from a refused post, else from a page that could not be made", () => {
    expect(retryAfterOf({ actionHeaders: headers({ "Retry-After": "60" }) })).toEqual({ "Retry-After": "60" });
    expect(retryAfterOf({ errorHeaders: headers({ "Retry-After": "30" }) })).toEqual({ "Retry-After": "30" });
    expect(
      retryAfterOf({ actionHeaders: headers({ "Retry-After": "60" }), errorHeaders: headers({ "Retry-After": "30" }) }),
    ).toEqual({ "Retry-After": "60" });
    expect(retryAfterOf({ actionHeaders: headers({}) })).toEqual({});
    expect(retryAfterOf()).toEqual({});
  });

  it("is kept by public pages, which a refusal or an error makes private", () => {
    expect(publicPageHeaders()).toEqual({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
    expect(
      publicPageHeaders({ errorHeaders: headers({ "Retry-After": "30", "Cache-Control": "private, no-store" }) }),
    ).toEqual({ "Retry-After": "30", "Cache-Control": "private, no-store" });
  });

  it("is kept by pages never stored", () => {
    expect(noStoreHeaders({ actionHeaders: headers({ "Retry-After": "30" }) })).toEqual({
      "Cache-Control": "private, no-store",
      "Retry-After": "30",
    });
    expect(noStoreHeaders()).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("pass on a staff action's Clear-Site-Data (a published change: the editor's browser drops its cached pages)", () => {
    expect(noStoreHeaders({ actionHeaders: headers(CLEAR_BROWSER_CACHE) })).toEqual({
      "Cache-Control": "private, no-store",
      "Clear-Site-Data": '"cache"',
    });
  });
});
