import { data } from "react-router";

/** A refused body is cancelled, never left half-read, so the 413 always reaches the client. */
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

export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site !== null && site !== "same-origin" && site !== "none";
}
