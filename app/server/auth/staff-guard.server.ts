import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { STAFF_ROLES } from "~/lib/staff-messages";
import { getConfig } from "../config.server";
import { isCrossSite } from "../http.server";
import { accessDenied, hasRole, type Role, requireRole, type SignedInStaff } from "./session.server";
import { staffContext } from "./staff-context.server";

export { staffContext } from "./staff-context.server";

const checkedStaff = createContext<SignedInStaff | null>(null);

type Roles = readonly [Role, ...Role[]];

/** On top of SameSite=Lax session cookies. */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(request.url).origin, new URL(getConfig().SITE_URL).origin]);
  if (isCrossSite(request) || (origin !== null && !allowed.has(origin))) {
    throw data({ message: "Cross-site request refused" }, { status: 403 });
  }
}

/** The session and role are read once per request: a section guard reuses the layout's answer. */
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

export function staffSection(...roles: Roles): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    await guardStaffRequest(request, context, roles);
    return next();
  };
}

export const SECOND_FACTOR_SETUP = "/admin/account?setup=two-factor";

export const secondFactorRequired: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const staff = await guardStaffRequest(request, context);
  if (staff.role === "admin" && !staff.twoFactorEnabled && getConfig().ADMIN_TWO_FACTOR_REQUIRED) {
    throw redirect(SECOND_FACTOR_SETUP);
  }
  return next();
};
