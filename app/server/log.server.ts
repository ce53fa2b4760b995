import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/** Never log passwords, tokens, cookies, bill contents or full e-mail addresses (use `maskEmail`). */

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

/** Drizzle's message runs over lines (`params: …`, the query's values). */
function stackFrames(stack: string): string {
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 7)
    .join("\n");
}

export function withoutQueryParams(message: string): string {
  return message.replace(/\s*params:.*$/s, "");
}

function plainText(value: unknown): string {
  if (value === null || typeof value !== "object") return String(value);
  const { status, statusText } = value as { status?: unknown; statusText?: unknown };
  if (typeof status === "number") return `status ${status}${typeof statusText === "string" ? ` ${statusText}` : ""}`;
  return `${value.constructor?.name ?? "Object"} with ${Object.keys(value).slice(0, 10).join(", ") || "no fields"}`;
}

export function errorFields(error: unknown): { err: { type: string; message: string; code?: string; stack?: string } } {
  if (!(error instanceof Error)) return { err: { type: typeof error, message: plainText(error).slice(0, 500) } };
  const code = (error as { code?: unknown }).code;
  // Drizzle puts the query's parameters in the message: keep the query's first line and the cause only.
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

export function loggedUrl(url: string): string {
  // Paths are matched as the router does (any case, `.data` for its data requests, a trailing slash).
  const own = /^(\/(?:solar-calculator|submit-bill|talk-to-solar-advisor)(?:\.data|\/)?)\?/i.exec(url);
  if (own) return `${own[1]}?[inputs hidden]`;
  const personal = /^(\/(?:unsubscribe|snooze|login(?:\/two-factor)?|admin(?:\/[^?#]*)?)(?:\.data|\/)?)\?/i.exec(url);
  if (personal) return `${personal[1]}?[hidden]`.slice(0, 300);
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[hidden]").slice(0, 300);
}
