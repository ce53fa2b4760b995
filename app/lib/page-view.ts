import { z } from "zod";
import { keptLocation } from "./kept-location";
import { hasControlCharacters } from "./validation/common";

// Bounded so the endpoint cannot store blobs (decision 0010); of the referrer only its origin.
const PAGE_VIEW_PATH_MAX_BYTES = 512;
const PAGE_VIEW_LOCATION_MAX_BYTES = 1024;
const PAGE_VIEW_TITLE_MAX_BYTES = 300;

const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControlCharacters(value), "must not contain control characters");

const pageViewSchema = z.object({
  path: text(PAGE_VIEW_PATH_MAX_BYTES).startsWith("/"),
  title: text(300).nullish(),
  location: text(4096).pipe(z.url({ protocol: /^https?$/ })),
  referrer: text(2048).nullish(),
});

export const PAGE_VIEW_MAX_BYTES = 8 * 1024;

export type StoredPageView = { path: string; title: string | null; location: string; referrer: string | null };

function utf8Bytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

export function truncateUtf8(value: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of value) {
    bytes += utf8Bytes(char.codePointAt(0) ?? 0);
    if (bytes > maxBytes) return value.slice(0, end);
    end += char.length;
  }
  return value;
}

export function referrerOrigin(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return truncateUtf8(url.origin, PAGE_VIEW_TITLE_MAX_BYTES);
  } catch {
    return null;
  }
}

/** Null unless a well-formed view of `siteOrigin` whose path is the location's. */
export function pageViewToStore(body: unknown, siteOrigin: string): StoredPageView | null {
  const parsed = pageViewSchema.safeParse(body);
  if (!parsed.success) return null;
  const view = parsed.data;
  const location = new URL(view.location);
  // The URL parser percent-encodes the path: ASCII, so bytes = characters.
  if (location.origin !== siteOrigin || location.pathname !== view.path) return null;
  const title = view.title?.trim();
  return {
    path: view.path,
    title: title ? truncateUtf8(title, PAGE_VIEW_TITLE_MAX_BYTES) : null,
    location: truncateUtf8(keptLocation(location), PAGE_VIEW_LOCATION_MAX_BYTES),
    referrer: referrerOrigin(view.referrer),
  };
}

export function optedOutOfTracking(headers: Headers): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}
