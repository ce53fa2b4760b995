import { gzipSync } from "node:zlib";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { PRIVATE_NO_STORE } from "../app/lib/cache-headers";
import {
  type CachedResponse,
  cacheKey,
  type HtmlCache,
  hasPrivateCookie,
  isCacheableRequest,
  sharedMaxAge,
} from "../app/server/html-cache.server";
import { requestContext } from "../app/server/request-context.server";

/**
 * Express → React Router, like @react-router/express, plus the shared HTML cache: anonymous GETs
 * whose route allows `public, s-maxage` are answered from memory after the first render.
 */
export function createCachedRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  cache: HtmlCache;
}) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const { cache } = options;
  // Handlers still running, even if their client has gone: shutdown waits for them, so a lead
  // whose file is stored is also written (or its file removed) before the database closes.
  const inflight = new Set<Promise<void>>();

  const handler = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const running = handle(req, res, next);
    inflight.add(running);
    void running.finally(() => inflight.delete(running));
    return running;
  };
  const drain = async (timeoutMs: number) => {
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([Promise.allSettled([...inflight]), deadline]);
  };
  return { handler, drain };

  async function handle(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    try {
      const cacheable = cache.enabled && isCacheableRequest(req.method, req.headers.cookie);
      const key = cacheKey(req.originalUrl);
      if (cacheable) {
        const hit = cache.get(key);
        if (hit) return sendCached(req, res, hit, "HIT");
      }
      // The client's address (X-Forwarded-For only when TRUST_PROXY is on) for rate limits.
      const address = req.ip ?? req.socket.remoteAddress;
      if (!address) throw new Error("The request has no client address");
      const response = await handleRequest(
        toFetchRequest(req, res),
        requestContext(address, typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : null),
      );
      if (cacheable) {
        const seconds = sharedMaxAge(response.status, response.headers);
        if (seconds > 0) {
          const body = Buffer.from(await response.arrayBuffer());
          const headers = [...response.headers].filter(([name]) => !/^(content-length|transfer-encoding)$/i.test(name));
          const entry = { status: response.status, headers, body };
          cache.set(key, entry, seconds);
          return sendCached(req, res, { ...entry, storedAt: Date.now(), expiresAt: 0 }, "MISS");
        }
      }
      // A visitor with a session or flash cookie gets a personal page: no shared cache may keep
      // it, whatever the route allows for anonymous visitors.
      if (hasPrivateCookie(req.headers.cookie)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  }
}

function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse, state: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  res.setHeader("X-Cache", state);
  res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  res.vary("Accept-Encoding");
  let body = entry.body;
  if (req.acceptsEncodings("gzip", "identity") === "gzip" && body.length > 1024) {
    // Compressed once per entry; the compression middleware skips responses already encoded.
    entry.gzipped ??= gzipSync(body);
    body = entry.gzipped;
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // Concatenated, not resolved: `new URL("//evil.example/x", base)` would take the path as a host.
  // req.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
  const host = /^[A-Za-z0-9.-]+(:\d+)?$/.test(req.get("host") ?? "") ? req.get("host") : "localhost";
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  // A client that goes away cancels reads (GET) but never a submission: an action that has
  // stored a file must go on to write its row (or remove the file), whoever is still listening.
  if (req.method === "GET" || req.method === "HEAD") {
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
