import { optedOutOfTracking, PAGE_VIEW_MAX_BYTES, pageViewSchema } from "~/lib/page-view";
import { getDb } from "~/server/db/db.server";
import { clientIp } from "~/server/forms.server";
import { isCrossSite, readTextWithLimit } from "~/server/http.server";
import { recordPageView } from "~/server/queries/page-views.server";
import { RateLimiter } from "~/server/rate-limit.server";
import type { Route } from "./+types/api-page-view";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

const limiter = new RateLimiter(120, 60_000);

/**
 * First-party page-view beacon: no cookies are read or set. Views from other sites, for other
 * origins, or beyond a generous per-client rate are dropped silently (204 all the same).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  if (optedOutOfTracking(request.headers) || isCrossSite(request)) return noContent();

  const text = await readTextWithLimit(request, PAGE_VIEW_MAX_BYTES).catch(() => null);
  if (text === null) return new Response("Payload Too Large", { status: 413 });

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  const parsed = pageViewSchema.safeParse(json);
  if (!parsed.success) return new Response("Bad Request", { status: 400 });
  const location = new URL(parsed.data.location);
  if (location.origin !== new URL(request.url).origin || location.pathname !== parsed.data.path) {
    return new Response("Bad Request", { status: 400 });
  }
  if (!limiter.take(clientIp(context)).allowed) return noContent();

  try {
    await recordPageView(await getDb(), parsed.data);
  } catch (error) {
    // Analytics must never break a page; the failure is logged for staff.
    console.error("Error recording page view:", error);
  }
  return noContent();
}
