import { describe, expect, it } from "vitest";
import { clientIp } from "./forms.server";

describe("clientIp", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(clientIp({ clientIp: "203.0.113.9" })).toBe("203.0.113.9");
    expect(clientIp({ clientIp: "::ffff:203.0.113.9" })).toBe("203.0.113.9");
  });
  it("counts IPv6 visitors by their /64", () => {
    expect(clientIp({ clientIp: "2001:db8:1:2:aaaa:bbbb:cccc:dddd" })).toBe("2001:db8:1:2::/64");
    expect(clientIp({ clientIp: "2001:db8:1:2::1" })).toBe("2001:db8:1:2::/64");
    expect(clientIp({ clientIp: "2001:0db8::7" })).toBe("2001:db8:0:0::/64");
    expect(clientIp({ clientIp: "::1" })).toBe("0:0:0:0::/64");
  });
  it("has a key even without an address", () => {
    expect(clientIp(undefined)).toBe("unknown");
  });
});
