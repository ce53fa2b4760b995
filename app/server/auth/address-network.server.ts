import ipaddr from "ipaddr.js";

/** An IPv4 /24 or IPv6 /64 (one subscriber's usual allocation); an unparsable address is its own network. */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv4") return `${ip.toByteArray().slice(0, 3).join(".")}.0/24`;
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(":")}::/64`;
}
