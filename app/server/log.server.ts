import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/**
 * One structured JSON logger for the whole server (pino). Every line written while a request is
 * being handled carries that request's id (`reqId`, also sent as `X-Request-Id`), so one
 * visitor's trouble can be followed from the access line to the database error.
 *
 * What never goes in a log: passwords, tokens, cookies, bill contents, full e-mail addresses
 * (use `maskEmail`). Values are JSON-encoded by pino, so a newline a visitor types cannot forge
 * a log line.
 */

type RequestScope = { reqId: string };

type Shared = { scope: AsyncLocalStorage<RequestScope>; logger: Logger };

function create(): Shared {
  const scope = new AsyncLocalStorage<RequestScope>();
  const level =
    process.env.LOG_LEVEL?.trim() || (process.env.NODE_ENV === "test" || process.env.VITEST ? "warn" : "info");
  const logger = pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: (_object, _level, instance) => {
      const current = scope.getStore();
      // pino-http's access line comes from a child logger that already carries the id.
      return current && !("reqId" in instance.bindings()) ? { reqId: current.reqId } : {};
    },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: "[redacted]",
    },
  });
  return { scope, logger };
}

const shared: Shared = create();

export const log: Logger = shared.logger;

/** Runs `fn` with every log line it writes tagged with `reqId`. */
export function withRequestScope<T>(reqId: string, fn: () => T): T {
  return shared.scope.run({ reqId }, fn);
}

export function currentRequestId(): string | undefined {
  return shared.scope.getStore()?.reqId;
}

/** `jo@example.com` → `j…@example.com`: enough to tell addresses apart, not enough to mail. */
export function maskEmail(value: unknown): string {
  if (typeof value !== "string") return "";
  const at = value.lastIndexOf("@");
  if (at < 1) return "[not an address]";
  return `${value.slice(0, 1)}…@${value.slice(at + 1, at + 80)}`;
}

/**
 * The first frames of a stack, without its message: a stack starts with the whole message, and
 * Drizzle's runs over lines (`params: …`, the query's values: review N9).
 */
function stackFrames(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 7)
    .join("\n");
}

/** A Drizzle error message without the `params: …` it appends (the query's values: PII). */
export function withoutQueryParams(message: string): string {
  return message.replace(/\s*params:.*$/s, "");
}

/** An error as a loggable object without the values a database driver attaches (PII). */
/**
 * A thrown value that is not an Error, as text: a response's status, or an object's field names
 * (not "[object Object]"; not its values, which may be a visitor's).
 */
function plainText(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  const { status, statusText } = value as { status?: unknown; statusText?: unknown };
  if (typeof status === "number") return `status ${status}${typeof statusText === "string" ? ` ${statusText}` : ""}`;
  return `${value.constructor?.name ?? "Object"} with ${Object.keys(value).slice(0, 10).join(", ") || "no fields"}`;
}

export function errorFields(error: unknown): { err: { type: string; message: string; code?: string; stack?: string } } {
  if (!(error instanceof Error)) return { err: { type: typeof error, message: plainText(error).slice(0, 500) } };
  const code = (error as { code?: unknown }).code;
  // Drizzle wraps driver errors with the query and its parameters in the message: keep the
  // query text's first line only and the driver's own message (the cause), never the values.
  const cause = (error as { cause?: unknown }).cause;
  const message =
    cause instanceof Error
      ? `${withoutQueryParams(error.message.split("\n")[0] ?? "")} (cause: ${cause.message})`
      : withoutQueryParams(error.message);
  return {
    err: {
      type: error.name,
      message: message.slice(0, 1000),
      ...(typeof code === "string" ? { code } : {}),
      ...(error.stack ? { stack: stackFrames(error.stack) } : {}),
    },
  };
}

/**
 * A request's URL as the access log keeps it: at most 300 characters, link tokens (reset,
 * invitation) hidden, no calculator inputs (a business's bill is not ours to keep unless it sends
 * it to us), and no query of the unsubscribe link (an address) nor of staff pages (their searches
 * are names and e-mail addresses).
 */
export function loggedUrl(url: string): string {
  // Paths are matched as the router does (any case, `.data` for its data requests, a trailing slash).
  const own = /^(\/(?:solar-calculator|submit-bill|talk-to-solar-advisor)(?:\.data|\/)?)\?/i.exec(url);
  if (own) return `${own[1]}?[inputs hidden]`;
  // The unsubscribe link's address, and what staff search for (names, e-mail addresses).
  // Sign-in carries the staff page asked for (`redirectTo=/admin/leads?q=…`).
  const personal = /^(\/(?:unsubscribe|snooze|login(?:\/two-factor)?|admin(?:\/[^?#]*)?)(?:\.data|\/)?)\?/i.exec(url);
  if (personal) return `${personal[1]}?[hidden]`.slice(0, 300);
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[hidden]").slice(0, 300);
}
