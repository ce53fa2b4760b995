import { Readable } from "node:stream";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { billKeyContentType } from "./bill-keys.server";
import type { BillStorage } from "./bill-storage.server";

/** Only what the upload accepted, and only as itself (never as HTML). */
const SERVABLE = new Set(["application/pdf", "image/jpeg", "image/png"]);

export const SIGNED_URL_SECONDS = 60;

export async function billFileResponse(
  storage: BillStorage,
  key: string,
  id: string,
  options: { signedUrls: boolean },
): Promise<Response | null> {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const disposition = `inline; filename="energy-bill-${id}.${extension}"`;
  if (options.signedUrls && storage.signedUrl) {
    const url = await storage.signedUrl(key, SIGNED_URL_SECONDS, {
      contentType: billKeyContentType(key),
      contentDisposition: disposition,
    });
    // The URL is the bill for a minute: not cached, not passed on as a referrer.
    return new Response(null, {
      status: 302,
      headers: { Location: url, "Cache-Control": PRIVATE_NO_STORE, "Referrer-Policy": "no-referrer" },
    });
  }
  const file = await storage.get(key);
  if (!file) return null;
  const contentType = SERVABLE.has(file.contentType) ? file.contentType : "application/octet-stream";
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": disposition,
      "Cache-Control": PRIVATE_NO_STORE,
      // Replaces the site's policy: nothing in a PDF viewer may script our origin; the image view styles itself inline.
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    },
  });
}
