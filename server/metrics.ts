import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type MetricsAccess, metricsAccess } from "../app/server/metrics/metrics-access.server";
import { httpRequestDuration, metricsRegistry } from "../app/server/metrics/registry.server";
import { UNMATCHED } from "./route-label";

/** The route label of files served from the build (assets, icons, fonts): one for all of them. */
export const STATIC_ROUTE = "static";
const METRICS_ROUTE = "/metrics";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The server's metrics middleware: every request timed, and GET /metrics answered when
 * METRICS_TOKEN or METRICS_ALLOW_FROM is set (otherwise it is left to the app's 404).
 */
export function serveMetrics(
  settings: { token?: string; allowFrom?: string },
  labelOf: () => ((pathname: string) => string) | undefined,
): RequestHandler[] {
  const access = metricsAccess(settings);
  return access.enabled ? [requestMetrics(labelOf), metricsEndpoint(access)] : [requestMetrics(labelOf)];
}

/**
 * Times every request into `solar_http_request_duration_seconds` by method, route pattern and
 * status. The label is a route pattern (`labelOf`, once the app has loaded), or one a middleware
 * set for what it answers (`labelled`): never the path, so 10,000 URLs make a handful of series.
 * A request whose client left before an answer was sent is counted as 499 (nginx's convention).
 */
function requestMetrics(labelOf: () => ((pathname: string) => string) | undefined): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    res.once("close", () => {
      const route = routeOf(res) ?? labelOf()?.(req.originalUrl.split("?", 1)[0] ?? "/") ?? UNMATCHED;
      httpRequestDuration.observe(
        {
          method: METHODS.has(req.method) ? req.method : "other",
          route,
          status: res.headersSent ? String(res.statusCode) : "499",
        },
        Number(process.hrtime.bigint() - start) / 1e9,
      );
    });
    next();
  };
}

/** `handler`'s answers under one route label (static files); what it passes on is labelled as usual. */
export function labelled(route: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    res.locals.metricsRoute = route;
    handler(req, res, (error?: unknown) => {
      delete res.locals.metricsRoute;
      next(error);
    });
  };
}

function routeOf(res: Response): string | undefined {
  return typeof res.locals.metricsRoute === "string" ? res.locals.metricsRoute : undefined;
}

/** GET /metrics. Refused: 401, nothing else said. Never stored by any cache. */
function metricsEndpoint(access: MetricsAccess & { enabled: true }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_ROUTE || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.locals.metricsRoute = METRICS_ROUTE;
    res.setHeader("Cache-Control", "no-store");
    // req.ip is the client's address as TRUST_PROXY allows it (X-Forwarded-For only from proxies).
    if (!access.allows({ authorization: req.get("authorization"), address: req.ip ?? req.socket.remoteAddress })) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return void res.status(401).type("text/plain").send("Unauthorized");
    }
    try {
      const body = await metricsRegistry.metrics();
      res.type(metricsRegistry.contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
