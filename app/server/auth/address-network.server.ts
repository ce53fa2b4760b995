import ipaddr from "ipaddr.js";

/**
 * The network an address belongs to, for limits that one person with many addresses must meet:
 * an IPv4 /24 or an IPv6 /64 (what one subscriber is typically given). An address that does not
 * parse is its own network.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return `${ip.toByteArray().slice(0, 3).join(".")}.0/24`;
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}
