import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type MetricsAccess, metricsAccess } from "../app/server/metrics/metrics-access.server";
import { httpRequestDuration, metricsRegistry } from "../app/server/metrics/registry.server";
import { UNMATCHED } from "./route-label";

export const STATIC_ROUTE = "static";
const METRICS_ROUTE = "/metrics";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function serveMetrics(
  settings: { token?: string; allowFrom?: string },
  labelOf: () => ((pathname: string) => string) | undefined,
): RequestHandler[] {
  const access = metricsAccess(settings);
  return access.enabled ? [requestMetrics(labelOf), metricsEndpoint(access)] : [requestMetrics(labelOf)];
}

/** A client that left before an answer was sent counts as 499 (nginx's convention). */
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

function metricsEndpoint(access: MetricsAccess & { enabled: true }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_ROUTE || (req.method !== "GET" && req.method !== "HEAD")) return next();
    res.locals.metricsRoute = METRICS_ROUTE;
    res.setHeader("Cache-Control", "no-store");
    // req.ip honours X-Forwarded-For only from TRUST_PROXY proxies.
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
