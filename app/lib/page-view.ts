import { z } from "zod";

/** What the page-view beacon may send. Bounded so the endpoint cannot be used to store blobs. */
export const pageViewSchema = z.object({
  path: z.string().startsWith("/").max(2048),
  title: z.string().max(300).nullish(),
  location: z.url({ protocol: /^https?$/ }).max(4096),
  referrer: z.string().max(2048).nullish(),
});

export type PageView = z.infer<typeof pageViewSchema>;

export const PAGE_VIEW_MAX_BYTES = 8 * 1024;

/** Do Not Track or Global Privacy Control: the visitor asked not to be tracked. */
export function optedOutOfTracking(headers: Headers): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}
