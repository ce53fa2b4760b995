import { Readable } from "node:stream";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { billKeyContentType } from "./bill-keys.server";
import type { BillStorage } from "./bill-storage.server";

/** Only what the upload accepted may be served, and only as itself (never as HTML). */
const SERVABLE = new Set(["application/pdf", "image/jpeg", "image/png"]);

/** How long a signed URL given to a staff member opens the bill (BILL_SIGNED_URLS=true). */
export const SIGNED_URL_SECONDS = 60;

/**
 * The answer to a staff member the app has authorised to open the bill `key` of submission `id`
 * (`app/routes/admin/bill-file.ts`): the bill streamed from storage with its stored type, never
 * cached; or, with `signedUrls` and a store that can sign (S3), a redirect to a signed URL of the
 * bucket valid for `SIGNED_URL_SECONDS`. Null when the bill is not in storage (streaming only:
 * a redirect is not checked first, the store answers 404 itself).
 */
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
  // Streamed from storage: a 10 MB bill is never held whole in memory.
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": disposition,
      "Cache-Control": PRIVATE_NO_STORE,
      // A PDF viewer in the browser: nothing in it may run scripts against our origin. This
      // replaces the site's policy: the browser's own image view styles itself inline.
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    },
  });
}
