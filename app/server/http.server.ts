import { data } from "react-router";

/**
 * Reads a request body as text, refusing it (413) once it passes `maxBytes`: first by the
 * declared Content-Length, then while streaming, so a chunked body cannot be buffered whole.
 *
 * A refused body is cancelled, never left half-read: the server's body bridge then discards the
 * rest and closes the connection after the 413 has been sent, so the client always gets it
 * (security review L3; cancelling must never destroy the socket itself).
 */
export async function readTextWithLimit(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw data({ message: "Payload Too Large" }, { status: 413 });
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw data({ message: "Payload Too Large" }, { status: 413 });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Browsers say where a request came from; a cross-site one is not ours. */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}
