import { Readable } from "node:stream";
import { PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { getConfig } from "~/server/config.server";
import { getDb } from "~/server/db/db.server";
import { billFileKey } from "~/server/queries/staff-leads.server";
import { getBillStorage } from "~/server/storage/bill-storage.server";
import type { Route } from "./+types/admin-bill-file";

/** Only what the upload accepted may be served, and only as itself (never as HTML). */
const SERVABLE = new Set(["application/pdf", "image/jpeg", "image/png"]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An uploaded bill, for signed-in admins only (the admin layout's middleware has checked): the
 * stored content type, never cached (helmet adds `nosniff` to every response). Bills have no
 * public URL.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!UUID.test(params.id)) return new Response("Not found", { status: 404 });
  const key = await billFileKey(await getDb(), params.id);
  const file = key ? await getBillStorage(getConfig().DATA_DIR).get(key) : null;
  if (!key || !file) return new Response("Not found", { status: 404 });
  const contentType = SERVABLE.has(file.contentType) ? file.contentType : "application/octet-stream";
  const extension = key.slice(key.lastIndexOf(".") + 1);
  // Streamed from storage: a 10 MB bill is never held whole in memory.
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="energy-bill-${params.id}.${extension}"`,
      "Cache-Control": PRIVATE_NO_STORE,
      // A PDF viewer in the browser: nothing in it may run scripts against our origin.
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
