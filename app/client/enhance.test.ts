import { describe, expect, it } from "vitest";
import { banner } from "~/content/site";
import { enhanceScript } from "./enhance";

describe("enhanceScript", () => {
  it("is a self-invoking script that parses on its own", () => {
    expect(enhanceScript.startsWith("(function enhancePage")).toBe(true);
    expect(() => new Function(enhanceScript)).not.toThrow();
  });
  it("uses the banner's storage key and the page-view endpoint", () => {
    expect(enhanceScript).toContain(JSON.stringify(banner.storageKey));
    expect(enhanceScript).toContain('"/api/page-view"');
  });
});
