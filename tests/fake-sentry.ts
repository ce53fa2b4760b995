import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/**
 * A local Sentry ingest for tests: accepts envelopes at POST /api/<project>/envelope/ on
 * 127.0.0.1, keeps each raw body (to search the whole payload for personal data) and its decoded
 * event items. The DSN to give the server is `dsn`.
 */
export type FakeSentry = {
  dsn: string;
  /** Every envelope body as it arrived (decompressed). */
  bodies: string[];
  /** The `event` items of every envelope. */
  events: () => SentryEvent[];
  close: () => Promise<void>;
};

export type SentryEvent = {
  release?: string;
  environment?: string;
  tags?: Record<string, string>;
  message?: string;
  exception?: { values?: { type?: string; value?: string }[] };
  [key: string]: unknown;
};

/** An envelope's items: a header line, then per item a header line and its payload. */
function envelopeItems(body: Buffer): { type: string; payload: string }[] {
  const items: { type: string; payload: string }[] = [];
  let at = body.indexOf(10) + 1; // past the envelope header
  while (at > 0 && at < body.length) {
    const headerEnd = body.indexOf(10, at);
    if (headerEnd < 0) break;
    const header = JSON.parse(body.subarray(at, headerEnd).toString("utf8")) as { type: string; length?: number };
    const start = headerEnd + 1;
    const end = header.length !== undefined ? start + header.length : nextNewline(body, start);
    items.push({ type: header.type, payload: body.subarray(start, end).toString("utf8") });
    at = end + 1;
  }
  return items;
}

function nextNewline(body: Buffer, from: number): number {
  const end = body.indexOf(10, from);
  return end < 0 ? body.length : end;
}

export async function startFakeSentry(): Promise<FakeSentry> {
  const bodies: string[] = [];
  const items: { type: string; payload: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !/^\/api\/\d+\/envelope\/?(\?|$)/.test(req.url ?? "")) {
        res.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = zlib.gunzipSync(body);
      bodies.push(body.toString("utf8"));
      items.push(...envelopeItems(body));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    bodies,
    events: () => items.filter((item) => item.type === "event").map((item) => JSON.parse(item.payload) as SentryEvent),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
