import { describe, expect, it } from "vitest";
import { networkOf } from "./address-network.server";

describe("networkOf", () => {
  it("groups IPv4 by /24 and IPv6 by /64, a mapped IPv4 as IPv4", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(networkOf("::ffff:198.51.100.9")).toBe("198.51.100.0/24");
  });

  it("keeps what is not an address as it is", () => {
    expect(networkOf("unknown")).toBe("unknown");
  });
});
