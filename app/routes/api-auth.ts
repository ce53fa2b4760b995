import { getAuth } from "~/server/auth/auth.server";
import type { Route } from "./+types/api-auth";

/**
 * Only the confirmation link is served here; sign-in and the rest go through our actions, which
 * apply the limits, so the rest of better-auth's API answers 404.
 */
const REACHABLE = new Set(["GET /api/auth/verify-email"]);

function notFound() {
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!REACHABLE.has(`${request.method === "HEAD" ? "GET" : request.method} ${new URL(request.url).pathname}`)) {
    return notFound();
  }
  return (await getAuth()).handler(request);
}

export function action() {
  return notFound();
}
