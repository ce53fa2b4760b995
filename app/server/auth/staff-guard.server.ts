import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { STAFF_ROLES } from "~/lib/staff-messages";
import { getConfig } from "../config.server";
import { isCrossSite } from "../http.server";
import { accessDenied, hasRole, type Role, requireRole, type SignedInStaff } from "./session.server";
import { staffContext } from "./staff-context.server";

export { staffContext } from "./staff-context.server";

/** The same, or null before the guard has run: lets a section guard reuse the layout's check. */
const checkedStaff = createContext<SignedInStaff | null>(null);

type Roles = readonly [Role, ...Role[]];

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
 * The staff guard, run as middleware before any loader, action or file below the route that
 * carries it: anonymous → /login (and back after), no staff role → 403, a change from another
 * site → 403, then a staff member without one of `roles` → 403 Access Denied. The session and
 * role are read once per request: a section guard below the admin layout reuses its answer.
 */
async function guardStaffRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  roles: Roles = STAFF_ROLES,
): Promise<SignedInStaff> {
  let staff = context.get(checkedStaff);
  if (!staff) {
    staff = await requireRole(request, ...STAFF_ROLES);
    assertSameOrigin(request);
    context.set(checkedStaff, staff);
    context.set(staffContext, staff);
  }
  if (!hasRole(staff, roles)) throw accessDenied(staff);
  return staff;
}

/**
 * The middleware of a guarded layout, e.g. `[staffSection(...SECTION_ROLES.adminOnly)]` (roles
 * from ~/lib/staff-messages).
 * Every route placed under that layout in app/routes.ts is guarded by it: pages, actions, data
 * requests and resource routes (files, CSV) alike.
 */
export function staffSection(...roles: Roles): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    await guardStaffRequest(request, context, roles);
    return next();
  };
}

/** Where an admin without a second factor is sent to set one up. */
export const SECOND_FACTOR_SETUP = "/admin/account?setup=two-factor";

/**
 * Admins reach the dashboard, leads, bills, mail, accounts and content only once two-factor
 * authentication is set up; their own account page stays open to set it up.
 */
export const secondFactorRequired: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const staff = await guardStaffRequest(request, context);
  if (staff.role === "admin" && !staff.twoFactorEnabled && getConfig().ADMIN_TWO_FACTOR_REQUIRED) {
    throw redirect(SECOND_FACTOR_SETUP);
  }
  return next();
};
