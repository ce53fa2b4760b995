import { createContext, data } from "react-router";
import { getConfig } from "../config.server";
import { isCrossSite } from "../http.server";
import { requireRole, type StaffUser } from "./session.server";

/** The admin signed in for this request, set by the admin layout's middleware. */
export const staffContext = createContext<StaffUser>();

/** A staff change must come from our own pages (on top of SameSite=Lax session cookies). */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(request.url).origin, new URL(getConfig().SITE_URL).origin]);
  if (isCrossSite(request) || (origin !== null && !allowed.has(origin))) {
    throw data({ message: "Cross-site request refused" }, { status: 403 });
  }
}

/**
 * The guard of everything under /admin, run as middleware before any loader, action or file of
 * the layout's children: anonymous → /login (and back after), no admin role → 403 Access Denied.
 */
export async function guardStaffRequest(
  request: Request,
  context: { set(key: typeof staffContext, value: StaffUser): void },
) {
  const staff = await requireRole(request, "admin");
  assertSameOrigin(request);
  context.set(staffContext, staff);
}
