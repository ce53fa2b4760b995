import { describe, expect, it } from "vitest";
import { pageViewToStore, referrerOrigin, truncateUtf8 } from "./page-view";
import { hasControlCharacters } from "./validation/common";

const site = "https://solar.example";
const view = (fields: Record<string, unknown>) => ({
  path: "/incentives",
  title: "Incentives",
  location: `${site}/incentives`,
  ...fields,
});

describe("what a page view stores", () => {
  it("keeps the location as path and query within 1 KB, drops the fragment and the origin", () => {
    const long = `${site}/incentives?utm_source=x&q=${"a".repeat(3000)}#top`;
    const stored = pageViewToStore(view({ location: long }), site);
    expect(stored?.location.startsWith("/incentives?utm_source=x&q=aaa")).toBe(true);
    expect(stored?.location).toHaveLength(1024);
    expect(pageViewToStore(view({ location: `${site}/incentives?x=1#frag` }), site)?.location).toBe("/incentives?x=1");
  });

  it("keeps no calculator inputs: a result's location is the bare path", () => {
    const result = view({ path: "/solar-calculator", location: `${site}/solar-calculator?monthlyBill=2500&state=TX` });
    expect(pageViewToStore(result, site)?.location).toBe("/solar-calculator");
    // The unsubscribe link's query is a lead's address (base64) and its token.
    const unsubscribe = view({ path: "/unsubscribe", location: `${site}/unsubscribe?e=am9AZXhhbXBsZS5jb20&t=abc` });
    expect(pageViewToStore(unsubscribe, site)?.location).toBe("/unsubscribe");
    const shouted = view({ path: "/Solar-Calculator/", location: `${site}/Solar-Calculator/?monthlyBill=2500` });
    expect(pageViewToStore(shouted, site)?.location).toBe("/Solar-Calculator/");
    for (const path of ["/submit-bill", "/talk-to-solar-advisor"]) {
      const carried = view({
        path,
        location: `${site}${path}?utm_source=mail&estimate=monthlyBill%3D2500%26state%3DTX`,
      });
      expect(pageViewToStore(carried, site)?.location).toBe(`${path}?utm_source=mail`);
      const only = view({ path, location: `${site}${path}?estimate=monthlyBill%3D2500` });
      expect(pageViewToStore(only, site)?.location).toBe(path);
    }
  });

  it("keeps only the referrer's origin, and nothing for a referrer that is not a web address", () => {
    expect(
      pageViewToStore(view({ referrer: "https://www.google.com/search?q=solar+farms&client=x" }), site)?.referrer,
    ).toBe("https://www.google.com");
    expect(referrerOrigin("android-app://com.google.android.gm/")).toBeNull();
    expect(referrerOrigin("not a url")).toBeNull();
    expect(referrerOrigin("")).toBeNull();
  });

  it("bounds the title to 300 bytes without cutting a character", () => {
    const stored = pageViewToStore(view({ title: `  ${"é".repeat(200)}  ` }), site);
    expect(stored?.title).toBe("é".repeat(150));
    expect(truncateUtf8("ab😀c", 5)).toBe("ab");
    expect(truncateUtf8("ab😀c", 6)).toBe("ab😀");
    expect(truncateUtf8("short", 300)).toBe("short");
  });

  it("refuses a path over 512 bytes, another origin, or a path that is not the location's", () => {
    const path = `/${"p".repeat(512)}`;
    expect(pageViewToStore(view({ path, location: `${site}${path}` }), site)).toBeNull();
    expect(pageViewToStore(view({ location: "https://elsewhere.example/incentives" }), site)).toBeNull();
    expect(pageViewToStore(view({ path: "/about" }), site)).toBeNull();
    expect(pageViewToStore(view({ location: "javascript:alert(1)" }), site)).toBeNull();
  });

  it.each([
    ["a NUL in the title", { title: "Home\u0000" }],
    ["a newline in the title", { title: "Home\nPage" }],
    ["a C1 control in the title", { title: "Home\u0085" }],
    ["a bidi override in the title", { title: "Home\u202e" }],
    ["a NUL in the referrer", { referrer: "https://a.example/\u0000" }],
    ["a NUL in the path", { path: "/incentives\u0000" }],
    ["a NUL in the location", { location: `${site}/incentives?\u0000` }],
    ["a line separator in the location", { location: `${site}/incentives?\u2028` }],
  ])("refuses %s", (_name, fields) => {
    expect(pageViewToStore(view(fields), site)).toBeNull();
  });

  it("recognises control characters, and only those", () => {
    expect(hasControlCharacters("Solar Incentives – Commercial Solar Advisors ☀")).toBe(false);
    expect(hasControlCharacters("tab\there")).toBe(true);
    expect(hasControlCharacters("del\u007f")).toBe(true);
    expect(hasControlCharacters("iso\u2066late")).toBe(true);
  });
});
