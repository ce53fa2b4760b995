import { BlockList, isIP } from "node:net";

/** Throws, naming the entry, on anything but addresses and CIDR ranges. */
export function parseAddressRanges(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new Error(`"${entry}" is not an address or a CIDR range such as 10.0.0.0/8`);
    }
    const length = prefix === undefined ? bits : Number(prefix);
    if (length > bits) throw new Error(`"${entry}": the prefix must be at most ${bits}`);
    list.addSubnet(address, length, family === 4 ? "ipv4" : "ipv6");
  }
  return list;
}

/** An IPv4 client on a dual-stack socket (::ffff:a.b.c.d) counts as IPv4. */
export function inAddressRanges(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const bare = mapped ?? address;
  const family = isIP(bare);
  if (family === 0) return false;
  return list.check(bare, family === 4 ? "ipv4" : "ipv6");
}
