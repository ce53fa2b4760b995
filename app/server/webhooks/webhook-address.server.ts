import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import dns from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * A webhook carries a lead's contact details: pointed at an internal service it would hand them over. Ranges
 * per RFC 6890; loopback too unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS (decision 0029).
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  internal.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  // Local-use NAT64, Teredo, site-local (deprecated), unique-local, link-local, multicast.
  ["64:ff9b:1::", 48],
  ["2001::", 32],
  ["fec0::", 10],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Names the host, not the internal address it resolved to, or the log would answer internal DNS queries. */
export function internalAddressMessage(host: string, resolved = false): string {
  return `Refused: ${host} ${resolved ? "resolves to" : "is"} a private or internal network address (set WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to allow it)`;
}

/** By hand: ipaddr.js refuses the IPv4-compatible form (::a.b.c.d) that must be refused here. */
function hextets(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (chunk: string | undefined) =>
    chunk ? chunk.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const front = groups(head);
  const back = groups(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** IPv4-mapped, IPv4-compatible, NAT64 (made up by DNS64 resolvers) and 6to4 addresses all reach IPv4. */
function embeddedIpv4(address: string): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = hextets(address);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (g0 === 0x2002) return quad(g1, g2);
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // Not :: nor ::1, which are IPv6's own.
  if (zeroHead && (g5 === 0xffff || (g5 === 0 && (g6 !== 0 || g7 > 1)))) return quad(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return quad(g6, g7);
  return null;
}

function destination(address: string): { family: "ipv4" | "ipv6"; address: string } | null {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return null;
  if (family === 4) return { family: "ipv4", address: bare };
  const carried = embeddedIpv4(bare);
  return carried ? { family: "ipv4", address: carried } : { family: "ipv6", address: bare };
}

export function isInternalAddress(address: string): boolean {
  const target = destination(address);
  return target !== null && internal.check(target.address, target.family);
}

export function isLoopbackAddress(address: string): boolean {
  const target = destination(address);
  return target !== null && loopback.check(target.address, target.family);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The check and the connection use the same answer, so DNS rebinding cannot slip an internal address in. */
function checkedLookup(refused: (address: string) => boolean) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (addresses.some((entry) => refused(entry.address))) {
        return callback(Object.assign(new Error(internalAddressMessage(hostname, true)), { code: "EINTERNAL" }), []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

export const publicOnlyLookup = checkedLookup((address) => isInternalAddress(address) || isLoopbackAddress(address));

export const loopbackOnlyLookup = checkedLookup((address) => !isLoopbackAddress(address));
