import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { PRIVATE_NO_STORE } from "../app/lib/cache-headers";
import { reportError, reportFailedAnswer } from "../app/server/error-reporting.server";
import {
  type CachedResponse,
  cacheKey,
  type HtmlCache,
  hasPrivateCookie,
  isCacheableRequest,
} from "../app/server/html-cache.server";
import { log } from "../app/server/log.server";
import { htmlCacheLookups } from "../app/server/metrics/registry.server";
import { requestContext, requestReportContext } from "../app/server/request-context.server";
import { requestBodyStream } from "./request-body";

export function createCachedRequestHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  cache: HtmlCache;
  siteUrl: string;
}) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const { cache } = options;
  const site = new URL(options.siteUrl);
  let mismatchReported = false;
  // Shutdown waits for these, so a stored bill file also gets its row.
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

  function publicOrigin(req: ExpressRequest): string {
    // req.protocol honours X-Forwarded-Proto only when TRUST_PROXY is on.
    const host = /^[A-Za-z0-9.-]+(:\d+)?$/.test(req.get("host") ?? "") ? (req.get("host") as string) : "localhost";
    if (host === site.host || req.get("origin") === site.origin) return site.origin;
    if (!mismatchReported) {
      mismatchReported = true;
      log.warn(
        { host, protocol: req.protocol, siteUrl: site.origin },
        "Requests arrive for another address than SITE_URL: set SITE_URL to the public address, and behind a proxy pass the Host header through (nginx: proxy_set_header Host $host) and set TRUST_PROXY to the proxy hop count, or browser forms may be refused as cross-site",
      );
    }
    return `${req.protocol}://${host}`;
  }

  async function handle(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    let context: ReturnType<typeof requestContext> | undefined;
    try {
      // Pages are read and forms posted; nothing else is ours to answer.
      if (!ALLOWED_METHODS.has(req.method)) {
        res.setHeader("Allow", [...ALLOWED_METHODS].join(", "));
        return void res.status(405).type("text/plain").send("Method Not Allowed");
      }
      // An absolute-form target is what a proxy receives, not a site.
      if (!req.originalUrl.startsWith("/")) return void res.status(400).type("text/plain").send("Bad Request");
      const cacheable = cache.enabled && isCacheableRequest(req.method, req.headers.cookie, req.originalUrl);
      const address = req.ip ?? req.socket.remoteAddress;
      if (!address) throw new Error("The request has no client address");
      const render = async () => {
        context = requestContext(address, typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : null);
        const response = await handleRequest(toFetchRequest(req, res, publicOrigin(req)), context);
        reportFailedAnswer(response.status, context.get(requestReportContext));
        return response;
      };
      let response: Response;
      if (cacheable) {
        const outcome = await cache.getOrRender(cacheKey(req.originalUrl), render);
        htmlCacheLookups.inc({ result: outcome.state.toLowerCase() });
        if (outcome.state !== "BYPASS") return sendCached(req, res, outcome.entry, outcome.state);
        response = outcome.response;
      } else {
        response = await render();
      }
      // A session or flash cookie makes the page personal: never shared-cached.
      if (hasPrivateCookie(req.headers.cookie)) response.headers.set("Cache-Control", PRIVATE_NO_STORE);
      await sendFetchResponse(res, response);
    } catch (error) {
      // A 4xx is the client's doing.
      const status = Number((error as { status?: unknown } | null)?.status ?? 500);
      if (!(status < 500)) reportError(error, { route: context?.get(requestReportContext)?.route });
      next(error);
    }
  }
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST"]);
const ROUTE_POLICIES = new Set(["content-security-policy", "referrer-policy"]);

function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse, state: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.append(name, value);
  res.setHeader("X-Cache", state);
  res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))));
  res.vary("Accept-Encoding");
  let body = entry.body;
  if (body.length > 1024 && req.acceptsEncodings("br") === "br") {
    // Compressed once per entry; a client without brotli is served by the compression middleware.
    body = entry.brotli;
    res.setHeader("Content-Encoding", "br");
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  // Concatenated, not resolved: `new URL("//evil.example/x", base)` would take the path as a host.
  const url = new URL(`${origin}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  // A gone client cancels reads but never a submission: a stored file must still get its row.
  if (req.method === "GET" || req.method === "HEAD") {
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = requestBodyStream(req, res);
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
  for (const [name, value] of response.headers) {
    // A route's own policy replaces the site's instead of both applying.
    if (ROUTE_POLICIES.has(name)) res.setHeader(name, value);
    else res.append(name, value);
  }
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
