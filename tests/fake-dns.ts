import dns from "node:dns";
import { vi } from "vitest";

/**
 * Makes `dns.lookup` answer `address` for `hostname` (every other name as usual), as a DNS server
 * would answer it, with `all: true`. Restore with the returned spy's `mockRestore()`.
 */
export function answerDns(hostname: string, address: string) {
  const realLookup = dns.lookup;
  return vi
    .spyOn(dns, "lookup")
    .mockImplementation(((
      name: string,
      options: unknown,
      callback: (error: null, addresses: dns.LookupAddress[]) => void,
    ) =>
      name === hostname
        ? callback(null, [{ address, family: address.includes(":") ? 6 : 4 }])
        : (realLookup as (...args: unknown[]) => void)(name, options, callback)) as never);
}
