import fs from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { scrubBreadcrumb, scrubEvent } from "./error-scrub.server";
import { currentRequestId, errorFields, log } from "./log.server";
import { type RequestReport, requestReportContext } from "./request-context.server";

/** Errors go to SENTRY_DSN, scrubbed of personal data; without a DSN the SDK is never loaded. */

type Sentry = typeof import("@sentry/node");

export type ReportContext = {
  /** The route pattern, never a URL (queries hold searches and addresses). */
  route?: string;
  job?: string;
};

let sentry: Sentry | undefined;

export async function initErrorReporting(options: {
  dsn?: string;
  release?: string;
  environment: string;
}): Promise<boolean> {
  if (!options.dsn) return false;
  if (sentry) return true;
  const loaded = await import("@sentry/node");
  loaded.initWithoutDefaultIntegrations({
    dsn: options.dsn,
    release: options.release ?? loaded.getSentryRelease() ?? packageRelease(),
    environment: options.environment,
    // The SDK's own collection, all off (the scrubber is the second line, for what slips through).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
    },
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    sendClientReports: false,
    integrations: [
      loaded.eventFiltersIntegration(),
      loaded.functionToStringIntegration(),
      loaded.linkedErrorsIntegration(),
      loaded.dedupeIntegration(),
      loaded.nodeContextIntegration(),
      loaded.onUncaughtExceptionIntegration(),
      loaded.onUnhandledRejectionIntegration({ mode: "strict" }),
    ],
    beforeSend: (event) => {
      // A scrubber that fails drops the event: better no report than one with a lead in it.
      try {
        return scrubEvent(event);
      } catch {
        return null;
      }
    },
    beforeBreadcrumb: (breadcrumb) => {
      try {
        return scrubBreadcrumb(breadcrumb);
      } catch {
        return null;
      }
    },
  });
  sentry = loaded;
  return true;
}

export function reportError(error: unknown, context: ReportContext = {}): void {
  capture(error, context);
}

function capture(error: unknown, context: ReportContext, fingerprint?: string[]): void {
  if (!sentry) return;
  try {
    const client = sentry;
    client.withScope((scope) => {
      if (context.route) scope.setTag("route", context.route);
      if (context.job) scope.setTag("job", context.job);
      const reqId = currentRequestId();
      if (reqId) scope.setTag("request_id", reqId);
      if (fingerprint) scope.setFingerprint(fingerprint);
      client.captureException(error);
    });
  } catch (failure) {
    log.warn(errorFields(failure), "Could not report an error");
  }
}

export const recordRoutePattern: MiddlewareFunction<Response> = ({ context, pattern }) => {
  const report = context.get(requestReportContext);
  if (report) report.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
};

export function noteRequestError(report: RequestReport | null, error: unknown): void {
  if (report && report.error === undefined) report.error = error;
}

/** 503 is the site's deliberate "try again": /readyz and the log say it, not one report per visitor. */
export function reportFailedAnswer(status: number, report: RequestReport | null): void {
  if (status < 500 || status === 503 || !report || report.reported) return;
  report.reported = true;
  if (report.error !== undefined) {
    reportError(report.error, { route: report.route });
    return;
  }
  // One issue per route and status, not one for every answer a route chose.
  capture(new Error(`Answered ${status}`), { route: report.route }, ["answered", String(status), report.route ?? ""]);
}

export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (!sentry) return;
  await sentry.flush(timeoutMs).catch(() => false);
}

export function errorReportingEnabled(): boolean {
  return sentry !== undefined;
}

function packageRelease(): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as {
      name?: string;
      version?: string;
    };
    return pkg.name && pkg.version ? `${pkg.name}@${pkg.version}` : undefined;
  } catch {
    return undefined;
  }
}
