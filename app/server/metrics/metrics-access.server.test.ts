import { describe, expect, it } from "vitest";
import { metricsAccess, type ScrapeRequest } from "./metrics-access.server";

const TOKEN = "0123456789abcdef0123456789abcdef";
const allows = (settings: { token?: string; allowFrom?: string }, request: Partial<ScrapeRequest>) => {
  const access = metricsAccess(settings);
  if (!access.enabled) throw new Error("expected /metrics to be on");
  return access.allows({ authorization: undefined, address: undefined, ...request });
};

describe("metricsAccess", () => {
  it("is off when neither a token nor an address range is set", () => {
    expect(metricsAccess({}).enabled).toBe(false);
  });

  it("lets in the token as a Bearer credential only", () => {
    expect(allows({ token: TOKEN }, { authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(allows({ token: TOKEN }, { authorization: `bearer ${TOKEN}` })).toBe(true);
    for (const wrong of [undefined, "", TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`]) {
      expect(allows({ token: TOKEN }, { authorization: wrong, address: "127.0.0.1" })).toBe(false);
    }
  });

  it("lets in addresses of the configured ranges, IPv4 seen through a dual-stack socket too", () => {
    const settings = { allowFrom: "10.0.0.0/8, 2001:db8::/32" };
    expect(allows(settings, { address: "10.1.2.3" })).toBe(true);
    expect(allows(settings, { address: "::ffff:10.1.2.3" })).toBe(true);
    expect(allows(settings, { address: "2001:db8::5" })).toBe(true);
    expect(allows(settings, { address: "11.0.0.1" })).toBe(false);
    expect(allows(settings, { address: undefined })).toBe(false);
    expect(allows(settings, { address: "11.0.0.1", authorization: "Bearer anything-at-all-here" })).toBe(false);
  });

  it("takes either when both are set", () => {
    const settings = { token: TOKEN, allowFrom: "192.0.2.7" };
    expect(allows(settings, { address: "192.0.2.7" })).toBe(true);
    expect(allows(settings, { address: "198.51.100.1", authorization: `Bearer ${TOKEN}` })).toBe(true);
    expect(allows(settings, { address: "198.51.100.1" })).toBe(false);
  });
});
