import fs from "node:fs";
import path from "node:path";
import type { MiddlewareFunction } from "react-router";
import { scrubBreadcrumb, scrubEvent } from "./error-scrub.server";
import { currentRequestId, errorFields, log } from "./log.server";
import { type RequestReport, requestReportContext } from "./request-context.server";

/**
 * Errors reach someone: unhandled errors, 5xx answers and failed background jobs go to
 * SENTRY_DSN through the Sentry SDK (docs/operations.md), scrubbed of personal data
 * (error-scrub.server.ts). Without a DSN the SDK is never loaded and every call here does
 * nothing. Error capture only: no tracing, no instrumentation of Express, fetch or the database.
 *
 * Usage, from anywhere on the server: `reportError(error, { job: "backup" })` for a failed
 * background job, `reportError(error, { route: "/incentives/:state" })` for a request (the route
 * pattern, never the URL). It never throws and never waits.
 */

type Sentry = typeof import("@sentry/node");

export type ReportContext = {
  /** The route pattern that failed (e.g. `/incentives/states/:state`), never a URL. */
  route?: string;
  /** The background job that failed (e.g. "Mail outbox", "backup"). */
  job?: string;
};

let sentry: Sentry | undefined;

/**
 * Loads and starts the SDK when `dsn` is set (once per process); returns whether reports are sent.
 * With a DSN it also reports uncaught exceptions and unhandled rejections, then exits as Node would.
 */
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
    // Errors only: no tracer provider, no module patching at load time, no spans.
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
      // "strict": reported, then the process exits as Node's default does (not just a warning).
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

/** Sends `error` with its route or job (and the request id, to find its log lines). Never throws. */
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

/**
 * Root middleware: notes the request's route pattern (`/incentives/states/:state`), which the
 * report of a failed answer carries instead of its URL (queries hold searches and addresses).
 */
export const recordRoutePattern: MiddlewareFunction<Response> = ({ context, pattern }) => {
  const report = context.get(requestReportContext);
  if (report) report.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
};

/** handleError: keeps the error for the answer's report (a 4xx answer to bad input is not one). */
export function noteRequestError(report: RequestReport | null, error: unknown): void {
  if (report && report.error === undefined) report.error = error;
}

/**
 * After React Router answered: a 5xx answer is reported once, with the error it caught or, for an
 * answer a route chose (a failed submission's 500), a message naming the status. 503 is the
 * site's deliberate "unavailable, try again" (database down, busy): /readyz and the log say it,
 * not one report per visitor.
 */
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

/** Waits up to `timeoutMs` for reports still being sent (before the process exits). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (!sentry) return;
  await sentry.flush(timeoutMs).catch(() => false);
}

/** Whether reports are being sent (a DSN was given). */
export function errorReportingEnabled(): boolean {
  return sentry !== undefined;
}

/** `solar-advisory-site@0.1.0`, from the package.json the server runs beside. */
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
