import type { Breadcrumb, ErrorEvent } from "@sentry/node";
import { withoutQueryParams } from "./log.server";

/**
 * What leaves the server in an error report: the error's type, scrubbed message and stack, the
 * route pattern or job name, release and environment. Never a lead's details: request bodies,
 * cookies, query strings, user info and most headers are dropped, and e-mail addresses and phone
 * numbers are cut out of every message. Names cannot be recognised in text, so nothing that
 * carries them (forms, queries' values, local variables) is ever attached.
 */

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
// US numbers as people type them: 555-867-5309, (555) 867 5309, +1 555.867.5309, 5558675309.
const PHONE = /(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\b\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}\b/g;
/** Request headers that say nothing about the person sending them. */
const SAFE_HEADERS = new Set(["accept", "content-length", "content-type", "host"]);
/** Keys whose values are personal or secret wherever they appear (extra data, breadcrumbs). */
const PERSONAL_KEY = /mail|name|phone|cookie|password|token|secret|authorization|address|body|form|query/i;
const MAX_DEPTH = 6;

/** A message without query parameters, e-mail addresses or phone numbers. */
export function scrubText(text: string): string {
  return withoutQueryParams(text).replace(EMAIL, "[email]").replace(PHONE, "[phone]");
}

/** A URL without its query and fragment (searches, unsubscribe addresses, link tokens). */
export function scrubUrl(url: string): string {
  return scrubText(url.replace(/[?#].*$/s, ""));
}

/** Strings scrubbed, personal keys removed, at any depth (deeper than MAX_DEPTH: dropped). */
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

/** `beforeSend`: the event as it may leave the server. */
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

/** `beforeBreadcrumb`: a breadcrumb's message and data scrubbed, its URL without a query. */
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
