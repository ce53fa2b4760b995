import { optedOutOfTracking, PAGE_VIEW_MAX_BYTES, pageViewToStore } from "~/lib/page-view";
import { getConfig } from "~/server/config.server";
import { clientIp } from "~/server/forms.server";
import { isCrossSite, readTextWithLimit } from "~/server/http.server";
import { errorFields, log } from "~/server/log.server";
import { pageViewLimits, recordPageView } from "~/server/queries/page-views.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/api-page-view";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
const badRequest = () => new Response("Bad Request", { status: 400 });

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * No cookies read or set. Over-limit or foreign views are dropped silently (204 all the same);
 * malformed ones get 400 before the database. Only a bounded digest is stored (decision 0010).
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
    return badRequest();
  }
  const view = pageViewToStore(json, new URL(request.url).origin);
  if (!view) return badRequest();

  try {
    const config = getConfig();
    const db = await database(context);
    if (!(await pageViewLimits(db, config.PAGE_VIEWS_PER_MINUTE).take(clientIp(context)))) return noContent();
    await recordPageView(db, view, { timeZone: config.SITE_TIME_ZONE });
  } catch (error) {
    // Analytics must never break a page; the failure is logged for staff.
    log.error(errorFields(error), "Error recording page view");
  }
  return noContent();
}
