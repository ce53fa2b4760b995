import type { RouterContextProvider } from "react-router";
import { type ATTRIBUTION_FIELDS, HONEYPOT_FIELD } from "~/components/ui/form";
import { formDataToObject } from "~/lib/validation/common";
import { getConfig } from "./config.server";
import { readTextWithLimit } from "./http.server";
import type { Attribution } from "./leads/lead-store.server";
import { getFormRateLimiter } from "./rate-limit.server";
import { clientAddressContext } from "./request-context.server";

export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export const RATE_LIMITED_MESSAGE =
  "Too many submissions from your network in a short time. Please wait a few minutes and try again, or call us.";

/**
 * The client's address as a rate-limit key. IPv6 visitors usually own a whole /64, so they are
 * counted by that prefix (one per household or office), not by each address in it.
 */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return addressKey(context.get(clientAddressContext));
}

export function addressKey(ip: string): string {
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

/** Refuses bodies over the limit before reading them (Content-Length), then while reading. */
export async function readSmallForm(
  request: Request,
  maxBytes = FORM_BODY_LIMIT_BYTES,
): Promise<Record<string, unknown>> {
  const body = await readTextWithLimit(request, maxBytes);
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(body));
  }
  // Multipart or other encodings of a small form: let the platform parse the bytes we hold.
  const formData = await new Request(request.url, {
    method: "POST",
    headers: { "content-type": type },
    body,
  }).formData();
  return formDataToObject(formData);
}

export function honeypotFilled(fields: Record<string, unknown>): boolean {
  const value = fields[HONEYPOT_FIELD];
  const filled = typeof value === "string" && value.trim() !== "";
  // Logged so staff can see how often it fires (and notice if real people ever trip it).
  if (filled)
    console.info(`Honeypot filled: submission dropped (email field: ${String(fields.email ?? "").slice(0, 80)})`);
  return filled;
}

/** Consumes one submission of this client; false when over the limit. */
export function takeSubmission(context: Readonly<RouterContextProvider>): {
  allowed: boolean;
  retryAfterSeconds: number;
} {
  const config = getConfig();
  return getFormRateLimiter(config.FORM_RATE_LIMIT, config.FORM_RATE_WINDOW_SECONDS).take(clientIp(context));
}

const clip = (value: unknown, max = 500) =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;

/**
 * Where the lead came from: the form's page, the first referrer and UTM parameters. The page
 * script fills the hidden attribution fields from the visit's landing page; without JavaScript
 * the UTM parameters of the form's own page (its same-origin Referer) are used instead.
 */
export function attributionFrom(fields: Record<string, unknown>, request: Request): Attribution {
  const origin = new URL(request.url).origin;
  let sourcePage: string | null = new URL(request.url).pathname;
  let pageParams = new URLSearchParams();
  const pageUrl = request.headers.get("referer");
  if (pageUrl) {
    try {
      const page = new URL(pageUrl);
      if (page.origin === origin) {
        sourcePage = `${page.pathname}${page.search}`.slice(0, 500);
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
