import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { clientIp } from "./forms.server";
import { requestContext } from "./request-context.server";

describe("clientIp", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(clientIp(requestContext("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientIp(requestContext("::ffff:203.0.113.9"))).toBe("203.0.113.9");
  });
  it("counts IPv6 visitors by their /64", () => {
    expect(clientIp(requestContext("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(requestContext("2001:db8:1:2::1"))).toBe("2001:db8:1:2::/64");
    expect(clientIp(requestContext("2001:0db8::7"))).toBe("2001:db8:0:0::/64");
    expect(clientIp(requestContext("::1"))).toBe("0:0:0:0::/64");
  });
  it("refuses a request without an address rather than sharing one bucket", () => {
    expect(() => requestContext("")).toThrow(/address/);
    expect(() => clientIp(new RouterContextProvider())).toThrow();
  });
});
