import type { RouterContextProvider } from "react-router";
import { type ATTRIBUTION_FIELDS, HONEYPOT_FIELD } from "~/lib/forms";
import type { Attribution } from "~/lib/lead-details";
import { formDataToObject, withoutControlCharacters } from "~/lib/validation/common";
import { getConfig } from "./config.server";
import type { AppDatabase } from "./db/client.server";
import { readTextWithLimit } from "./http.server";
import { log, maskEmail } from "./log.server";
import { getFormRateLimiter, type SubmissionVerdict } from "./rate-limit.server";
import { clientAddressContext, database } from "./request-context.server";

const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export const RATE_LIMITED_MESSAGE =
  "Too many submissions from your network in a short time. Please wait a few minutes and try again, or call us.";

/** IPv6 visitors usually own a whole /64, so they are counted by that prefix. */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return addressKey(context.get(clientAddressContext));
}

function addressKey(ip: string): string {
  if (ip.startsWith("::ffff:")) return ip.slice("::ffff:".length);
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.toLowerCase().split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const parts =
    tail === undefined
      ? headParts
      : [...headParts, ...Array(8 - headParts.length - tailParts.length).fill("0"), ...tailParts];
  return `${parts
    .slice(0, 4)
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** A body that is not a form yields no fields, so the action answers 400, not 500. */
export async function readSmallForm(
  request: Request,
  maxBytes = FORM_BODY_LIMIT_BYTES,
): Promise<Record<string, unknown>> {
  return formDataToObject(await readSmallFormData(request, maxBytes));
}

export async function readSmallFormData(request: Request, maxBytes = FORM_BODY_LIMIT_BYTES): Promise<FormData> {
  const body = await readTextWithLimit(request, maxBytes);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const formData = new FormData();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [name, value] of new URLSearchParams(body)) formData.append(name, value);
    return formData;
  }
  if (type.startsWith("multipart/form-data")) {
    try {
      return await new Request(request.url, { method: "POST", headers: { "content-type": type }, body }).formData();
    } catch {
      log.info("A small form arrived as malformed multipart: read as empty");
      return formData;
    }
  }
  log.info({ contentType: type.slice(0, 100) }, "A form arrived with an unsupported Content-Type: read as empty");
  return formData;
}

export function honeypotFilled(fields: Record<string, unknown>): boolean {
  const value = fields[HONEYPOT_FIELD];
  const filled = typeof value === "string" && value.trim() !== "";
  // Only a masked address, JSON-encoded: the line can neither leak it nor forge other lines.
  if (filled) log.info({ email: maskEmail(fields.email) }, "Honeypot filled: submission dropped");
  return filled;
}

export async function takeSubmission(context: Readonly<RouterContextProvider>): Promise<SubmissionVerdict> {
  const config = getConfig();
  let db: AppDatabase;
  try {
    db = await database(context);
  } catch {
    // No database: the submission will fail with the spec's message anyway; do not add a 500.
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return getFormRateLimiter(db, config.FORM_RATE_LIMIT, config.FORM_RATE_WINDOW_SECONDS).take(clientIp(context));
}

const clip = (value: unknown, max = 500) => {
  if (typeof value !== "string") return null;
  const clean = withoutControlCharacters(value).trim();
  return clean ? clean.slice(0, max) : null;
};

/** Without JavaScript the UTM parameters of the form's own page (its same-origin Referer) are used. */
export function attributionFrom(fields: Record<string, unknown>, request: Request): Attribution {
  const origin = new URL(request.url).origin;
  let sourcePage: string | null = new URL(request.url).pathname;
  let pageParams = new URLSearchParams();
  const pageUrl = request.headers.get("referer");
  if (pageUrl) {
    try {
      const page = new URL(pageUrl);
      if (page.origin === origin) {
        sourcePage = withoutControlCharacters(`${page.pathname}${page.search}`).slice(0, 500);
        pageParams = page.searchParams;
      }
    } catch {
      // A malformed Referer: keep the action's path.
    }
  }
  const get = (name: (typeof ATTRIBUTION_FIELDS)[number]) => clip(fields[name], 200) ?? clip(pageParams.get(name), 200);
  return {
    sourcePage,
    referrer: clip(fields.referrer, 1000),
    utmSource: get("utm_source"),
    utmMedium: get("utm_medium"),
    utmCampaign: get("utm_campaign"),
    utmTerm: get("utm_term"),
    utmContent: get("utm_content"),
  };
}
