import { data, type MiddlewareFunction } from "react-router";
import type { AppDatabase } from "./client.server";

/**
 * "The database is not answering" as a kind of failure of its own (decision 0015): the server is
 * stopped, restarting, refusing connections, or its connection broke mid-query. Unlike a bug or
 * a bad query it passes by itself, so pages that need the database answer 503 with Retry-After
 * (never a 500), form posts say plainly that nothing was received, and the same process recovers
 * once PostgreSQL answers again (the pool opens new connections; nothing is restarted).
 */

/** What a 503 tells clients (and the visitor's page) to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

// SQLSTATE: class 08 connection exceptions; 57P01 admin shutdown (the server is stopping),
// 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down); 53300 too many
// connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres and pg-pool raise these as plain Errors, without a code.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * True when `error` (or its cause, through drizzle's `DrizzleQueryError` and Node's
 * `AggregateError` of a multi-address connect) says the database could not be reached or the
 * connection was lost, rather than that a query was wrong.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || !error || typeof error !== "object") return false;
  if (error instanceof CommitOutcomeUnknownError) return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The connection was lost while COMMIT was on its way: PostgreSQL may have committed or not, and
 * nobody can tell until it answers again. The visitor is told we could not confirm it (not that
 * it was lost), so a retry may store the request twice, never zero times.
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super("The database connection was lost during COMMIT: the transaction may or may not have been stored", {
      cause,
    });
    this.name = "CommitOutcomeUnknownError";
  }
}

/**
 * `db.transaction(work)`, telling the two kinds of connection loss apart: before the work has
 * finished nothing can have been stored (the server rolls back a transaction whose connection
 * ends), so the error is passed on as it is; once the work has finished, a connection error can
 * only come from COMMIT (or the ROLLBACK drizzle tries after it), whose outcome is unknown:
 * `CommitOutcomeUnknownError`.
 */
export async function writeTransaction<T>(
  db: AppDatabase,
  work: (tx: Parameters<Parameters<AppDatabase["transaction"]>[0]>[0]) => Promise<T>,
): Promise<T> {
  let workDone = false;
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      workDone = true;
      return result;
    });
  } catch (error) {
    if (workDone && isDatabaseUnavailable(error)) throw new CommitOutcomeUnknownError(error);
    throw error;
  }
}

/** The headers of every 503 the app gives while the database is down: retry later, store nothing. */
export const databaseUnavailableHeaders = () => ({
  "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  "Cache-Control": "private, no-store",
});

/**
 * The 503 a loader throws when its page cannot be made without the database: React Router
 * renders the error boundary (`ServiceUnavailableContent`), with Retry-After.
 */
function databaseUnavailableResponse() {
  return data({ reason: "database-unavailable" as const }, { status: 503, headers: databaseUnavailableHeaders() });
}

/** In a loader's `catch`: a database outage becomes the 503 page; anything else is left to the caller. */
export function throwIfDatabaseUnavailable(error: unknown): void {
  if (isDatabaseUnavailable(error)) throw databaseUnavailableResponse();
}

/**
 * A 503 thrown before any loader ran (the staff guard could not look the session up) has no
 * loader headers to carry its Retry-After into the error page: this middleware, above it, adds it.
 */
export const retryAfterOnDatabaseOutage: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  return response;
};
