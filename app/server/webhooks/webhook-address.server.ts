import type { LookupAddress, LookupAllOptions, LookupOneOptions } from "node:dns";
import dns from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may not post: the private, link-local (cloud metadata at 169.254.169.254),
 * shared, multicast and reserved ranges (RFC 6890). A webhook carries a lead's name, e-mail and
 * phone; pointed at an internal service, it would hand them to it and tell the admin page what it
 * answered. Loopback stays allowed: a relay on the same machine is a documented use (decision 0029).
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
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  internal.addSubnet(network, prefix, "ipv6");
}

/** The message a refused address gets, in the delivery log and on the admin page. */
export function internalAddressMessage(address: string): string {
  return `Refused: ${address} is a private or internal network address (set WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true to allow it)`;
}

/** Whether `address` (an IP literal, brackets allowed) is in a range a webhook may not reach. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 0) return false;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return internal.check(mapped, "ipv4");
  return internal.check(bare, family === 4 ? "ipv4" : "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` for the request's own connection, refusing a name that resolves to an internal
 * address: the check and the connection use the same answer, so a name cannot resolve to a public
 * address when checked and to an internal one when connected (DNS rebinding).
 */
export function publicOnlyLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => isInternalAddress(entry.address));
    if (refused) {
      return callback(Object.assign(new Error(internalAddressMessage(refused.address)), { code: "EINTERNAL" }), []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
