import { redirect } from "react-router";
import { getAuth } from "~/server/auth/auth.server";
import { assertSameOrigin } from "~/server/auth/staff-guard.server";
import { errorFields, log } from "~/server/log.server";
import type { Route } from "./+types/logout";

/** A plain form post, so it works without JavaScript and for a user without a role. */
export async function action({ request }: Route.ActionArgs) {
  // Another site may not sign a visitor out: 403, as for every staff change.
  assertSameOrigin(request);
  const auth = await getAuth();
  const headers = new Headers();
  try {
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    log.info(errorFields(error), "Sign-out without a session");
  }
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/login");
}
