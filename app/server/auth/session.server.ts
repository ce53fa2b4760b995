import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { ACCESS_DENIED, isStaffRole, type StaffRole } from "~/lib/staff-messages";
import { throwIfDatabaseUnavailable } from "../db/availability.server";
import { getDb } from "../db/db.server";
import { userRoles } from "../db/schema";
import { errorFields, log } from "../log.server";
import { getAuth } from "./auth.server";

export type Role = StaffRole;
export type StaffUser = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  twoFactorEnabled: boolean;
  sessionId: string;
};
export type SignedInStaff = StaffUser & { role: Role };

export async function getSessionUser(request: Request): Promise<Omit<StaffUser, "role"> | null> {
  const auth = await getAuth();
  let found: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    found = await auth.api.getSession({ headers: request.headers });
  } catch (error) {
    // With the database down: the 503 page (the session is kept), not the sign-in page.
    throwIfDatabaseUnavailable(error);
    throw error;
  }
  if (!found) return null;
  const { id, email, name } = found.user;
  return { id, email, name, twoFactorEnabled: found.user.twoFactorEnabled === true, sessionId: found.session.id };
}

export async function getRole(userId: string): Promise<Role | null> {
  try {
    const db = await getDb();
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    // Any other stored value is no role: refused, never guessed.
    return isStaffRole(row?.role) ? row.role : null;
  } catch (error) {
    log.error(errorFields(error), "Error fetching user role");
    return null;
  }
}

const RETURN_BASE = new URL("http://return.invalid");
const UNSAFE_IN_RETURN_PATH = /[\\\s\p{C}\p{Z}]/u;
const RETURN_PATH_MAX = 2048;

/** Browsers drop tabs and newlines from a Location (`/\t/evil` is `//evil`): only a plain path passes. */
export function safeReturnPath(value: string | null | undefined, fallback = "/admin/leads"): string {
  if (typeof value !== "string" || value.length > RETURN_PATH_MAX) return fallback;
  if (!/^\/(?![/\\])/.test(value) || UNSAFE_IN_RETURN_PATH.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, RETURN_BASE);
  } catch {
    return fallback;
  }
  // The path as written: no dot segments (also `%2e%2e`) resolved away.
  const path = value.split(/[?#]/, 1)[0];
  if (parsed.origin !== RETURN_BASE.origin || parsed.pathname !== path) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export async function requireUser(request: Request): Promise<StaffUser> {
  const found = await getSessionUser(request);
  if (!found) {
    const url = new URL(request.url);
    const asked = safeReturnPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`, "");
    throw redirect(asked ? `/login?${new URLSearchParams({ redirectTo: asked })}` : "/login");
  }
  return { ...found, role: await getRole(found.id) };
}

export function hasRole(staff: Pick<StaffUser, "role">, roles: readonly Role[]): staff is SignedInStaff {
  return staff.role !== null && roles.includes(staff.role);
}

export function accessDenied(staff?: Pick<StaffUser, "role">) {
  const { waiting: _waiting, ...denied } = ACCESS_DENIED;
  if (staff?.role) return data({ ...denied, staffHome: "/admin" }, { status: 403 });
  return data(staff ? { ...denied, waitingForRole: true } : denied, { status: 403 });
}

export async function requireRole(request: Request, ...roles: [Role, ...Role[]]): Promise<SignedInStaff> {
  const staff = await requireUser(request);
  if (!hasRole(staff, roles)) throw accessDenied(staff);
  return staff;
}

export async function landingAfterSignIn(userId: string | null, asked: string | null): Promise<string> {
  const back = safeReturnPath(asked, "");
  if (back) return back;
  return userId && (await getRole(userId)) === "editor" ? "/admin/content" : safeReturnPath(null);
}
