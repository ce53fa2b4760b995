import { optedOutOfTracking, PAGE_VIEW_MAX_BYTES, pageViewSchema } from "~/lib/page-view";
import { getDb } from "~/server/db/db.server";
import { recordPageView } from "~/server/queries/page-views.server";
import type { Route } from "./+types/api-page-view";

const noContent = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** First-party page-view beacon: no cookies are read or set. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  if (optedOutOfTracking(request.headers)) return noContent();

  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > PAGE_VIEW_MAX_BYTES) return new Response("Payload Too Large", { status: 413 });
  const text = await request.text();
  if (text.length > PAGE_VIEW_MAX_BYTES) return new Response("Payload Too Large", { status: 413 });

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return new Response("Bad Request", { status: 400 });
  }
  const parsed = pageViewSchema.safeParse(json);
  if (!parsed.success) return new Response("Bad Request", { status: 400 });

  try {
    await recordPageView(await getDb(), parsed.data);
  } catch (error) {
    // Analytics must never break a page; the failure is logged for staff.
    console.error("Error recording page view:", error);
  }
  return noContent();
}
