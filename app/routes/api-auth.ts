import { getAuth } from "~/server/auth/auth.server";
import type { Route } from "./+types/api-auth";

/**
 * better-auth's own HTTP endpoints: only the confirmation link a staff member opens from the
 * e-mail. Sign-in, sign-up and everything else go through our actions, which apply the limits
 * (review N1, N3, N6, N10): the rest of better-auth's API answers 404 and is never read.
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
