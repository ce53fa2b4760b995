import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { ACCESS_DENIED } from "~/lib/staff-messages";
import { getDb } from "../db/db.server";
import { userRoles } from "../db/schema";
import { errorFields, log } from "../log.server";
import { getAuth } from "./auth.server";

export type Role = "admin";
export type StaffUser = { id: string; email: string; name: string; role: Role | null };

/** The signed-in user of a request (better-auth session cookie), or null. */
export async function getSessionUser(request: Request): Promise<{ id: string; email: string; name: string } | null> {
  const auth = await getAuth();
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  return { id: found.user.id, email: found.user.email, name: found.user.name };
}

/** Spec section 8: a failed role lookup is logged and counts as no role. */
export async function getRole(userId: string): Promise<Role | null> {
  try {
    const db = await getDb();
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    return row?.role === "admin" ? "admin" : null;
  } catch (error) {
    log.error(errorFields(error), "Error fetching user role");
    return null;
  }
}

/** Only same-site paths may be returned to after sign-in (no //host, no scheme). */
export function safeReturnPath(value: string | null | undefined, fallback = "/admin/leads"): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** Anonymous visitors go to /login, which brings them back to the page they asked for. */
export async function requireUser(request: Request): Promise<StaffUser> {
  const found = await getSessionUser(request);
  if (!found) {
    const url = new URL(request.url);
    const asked = `${url.pathname.replace(/\.data$/, "")}${url.search}`;
    throw redirect(`/login?${new URLSearchParams({ redirectTo: asked })}`);
  }
  return { ...found, role: await getRole(found.id) };
}

/** A signed-in user without the role gets the spec's Access Denied, with HTTP 403. */
export async function requireRole(request: Request, role: Role): Promise<StaffUser> {
  const staff = await requireUser(request);
  if (staff.role !== role) throw data(ACCESS_DENIED, { status: 403 });
  return staff;
}
