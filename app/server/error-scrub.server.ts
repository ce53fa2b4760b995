import type { Breadcrumb, ErrorEvent } from "@sentry/node";
import { withoutQueryParams } from "./log.server";

/** Names cannot be recognised in text, so nothing that carries them (forms, query values, locals) is attached. */

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g;
const SAFE_HEADERS = new Set(["accept", "content-length", "content-type", "host"]);
const PERSONAL_KEY = /mail|name|phone|cookie|password|token|secret|authorization|address|body|form|query/i;
const MAX_DEPTH = 6;

export function scrubText(text: string): string {
  return withoutQueryParams(text).replace(EMAIL, "[email]").replace(PHONE, "[phone]");
}

export function scrubUrl(url: string): string {
  return scrubText(url.replace(/[?#].*$/s, ""));
}

function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_KEY.test(key) ? "[removed]" : scrubValue(item, depth + 1),
    ]),
  );
}

export function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry) {
    event.logentry = {
      ...(event.logentry.message ? { message: scrubText(event.logentry.message) } : {}),
    };
  }
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) delete frame.vars;
  }
  if (event.request) {
    const { method, url, headers } = event.request;
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: scrubUrl(url) } : {}),
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers).filter(([name]) => SAFE_HEADERS.has(name.toLowerCase())),
            ),
          }
        : {}),
    };
  }
  if (event.extra) event.extra = scrubValue(event.extra) as ErrorEvent["extra"];
  if (event.tags) event.tags = scrubValue(event.tags) as ErrorEvent["tags"];
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const scrubbed: Breadcrumb = { ...breadcrumb };
  if (scrubbed.message) scrubbed.message = scrubText(scrubbed.message);
  if (scrubbed.data) {
    const { url, ...rest } = scrubbed.data;
    scrubbed.data = {
      ...(scrubValue(rest) as Record<string, unknown>),
      ...(typeof url === "string" ? { url: scrubUrl(url) } : {}),
    };
  }
  return scrubbed;
}
