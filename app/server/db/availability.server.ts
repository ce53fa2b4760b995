import { data, type MiddlewareFunction } from "react-router";
import type { AppDatabase } from "./client.server";

/** An outage passes by itself, so pages answer 503 with Retry-After, never 500 (decision 0015). */

export const DATABASE_RETRY_AFTER_SECONDS = 30;

// SQLSTATE: class 08 connection exceptions; 57P01-57P03 shutdown or starting; 53300 too many connections.
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

/** COMMIT's outcome is unknown: a retry may store the request twice, never zero times. */
export class CommitOutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super("The database connection was lost during COMMIT: the transaction may or may not have been stored", {
      cause,
    });
    this.name = "CommitOutcomeUnknownError";
  }
}

/** Before the work finishes nothing can be stored; after it, a connection error can only come from COMMIT. */
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

export const databaseUnavailableHeaders = () => ({
  "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  "Cache-Control": "private, no-store",
});

function databaseUnavailableResponse() {
  return data({ reason: "database-unavailable" as const }, { status: 503, headers: databaseUnavailableHeaders() });
}

export function throwIfDatabaseUnavailable(error: unknown): void {
  if (isDatabaseUnavailable(error)) throw databaseUnavailableResponse();
}

/** A 503 thrown before any loader ran has no loader headers to carry Retry-After: this adds it. */
export const retryAfterOnDatabaseOutage: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  return response;
};
