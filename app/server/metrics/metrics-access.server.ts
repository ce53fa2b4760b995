import { createHash, timingSafeEqual } from "node:crypto";
import { inAddressRanges, parseAddressRanges } from "./address-ranges.server";

export type MetricsAccess = { enabled: false } | { enabled: true; allows: (request: ScrapeRequest) => boolean };
export type ScrapeRequest = { authorization: string | undefined; address: string | undefined };

export function metricsAccess(settings: { token?: string; allowFrom?: string }): MetricsAccess {
  const { token, allowFrom } = settings;
  if (!token && !allowFrom) return { enabled: false };
  const ranges = allowFrom ? parseAddressRanges(allowFrom) : undefined;
  const expected = token ? digest(token) : undefined;
  return {
    enabled: true,
    allows({ authorization, address }) {
      if (ranges && inAddressRanges(ranges, address)) return true;
      const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
      // Digests of equal length, compared in constant time: neither the token nor its length leaks.
      return Boolean(expected && presented && timingSafeEqual(digest(presented), expected));
    },
  };
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
