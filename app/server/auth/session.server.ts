import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { ACCESS_DENIED, isStaffRole, type StaffRole } from "~/lib/staff-messages";
import { throwIfDatabaseUnavailable } from "../db/availability.server";
import { getDb } from "../db/db.server";
import { userRoles } from "../db/schema";
import { errorFields, log } from "../log.server";
import { getAuth } from "./auth.server";

/** `admin` (leads, bills, mail, accounts, content) or `editor` (content only): see STAFF_ROLES. */
export type Role = StaffRole;
export type StaffUser = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  twoFactorEnabled: boolean;
  /** The session this request is signed in with ("This device" on My account). */
  sessionId: string;
};
/** A user the staff guard has let in: the role is known. */
export type SignedInStaff = StaffUser & { role: Role };

/** The signed-in user of a request (better-auth session cookie), or null. */
export async function getSessionUser(request: Request): Promise<Omit<StaffUser, "role"> | null> {
  const auth = await getAuth();
  let found: Awaited<ReturnType<typeof auth.api.getSession>>;
  try {
    found = await auth.api.getSession({ headers: request.headers });
  } catch (error) {
    // The session could not be looked up: with the database down, the staff member gets the 503
    // page (and keeps the session for when it is back), not the sign-in page nor a 500.
    throwIfDatabaseUnavailable(error);
    throw error;
  }
  if (!found) return null;
  const { id, email, name } = found.user;
  return { id, email, name, twoFactorEnabled: found.user.twoFactorEnabled === true, sessionId: found.session.id };
}

/** Spec section 8: a failed role lookup is logged and counts as no role. */
export async function getRole(userId: string): Promise<Role | null> {
  try {
    const db = await getDb();
    const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    // Any other stored value (a typo, a role of the future) is no role: refused, never guessed.
    return isStaffRole(row?.role) ? row.role : null;
  } catch (error) {
    log.error(errorFields(error), "Error fetching user role");
    return null;
  }
}

const RETURN_BASE = new URL("http://return.invalid");
/** Backslash, whitespace, separators, and "other" characters: controls, format (U+200B, bidi marks). */
const UNSAFE_IN_RETURN_PATH = /[\\\s\p{C}\p{Z}]/u;
const RETURN_PATH_MAX = 2048;

/**
 * Only same-site paths may be returned to after sign-in (review N5, N8). Browsers drop tabs and
 * newlines from a Location (`/\t/evil` is `//evil`) and Headers refuse non-Latin-1, so anything
 * but a plain path is the fallback. The answer is ASCII only: a valid header value, always.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/admin/leads"): string {
  if (typeof value !== "string" || value.length > RETURN_PATH_MAX) return fallback;
  // One slash, then a path character: never `//host` or `/\host`.
  if (!/^\/(?![/\\])/.test(value) || UNSAFE_IN_RETURN_PATH.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, RETURN_BASE);
  } catch {
    return fallback;
  }
  // The path as written: no dot segments (also `%2e%2e`) resolved away, nothing re-encoded.
  const path = value.split(/[?#]/, 1)[0];
  if (parsed.origin !== RETURN_BASE.origin || parsed.pathname !== path) return fallback;
  // The query and fragment as the URL serialises them: non-ASCII percent-encoded.
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Anonymous visitors go to /login, which brings them back to the page they asked for. */
export async function requireUser(request: Request): Promise<StaffUser> {
  const found = await getSessionUser(request);
  if (!found) {
    const url = new URL(request.url);
    // Carried only when /login would accept it back (it checks again).
    const asked = safeReturnPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`, "");
    throw redirect(asked ? `/login?${new URLSearchParams({ redirectTo: asked })}` : "/login");
  }
  return { ...found, role: await getRole(found.id) };
}

/** True when the user holds one of `roles`. */
export function hasRole(staff: Pick<StaffUser, "role">, roles: readonly Role[]): staff is SignedInStaff {
  return staff.role !== null && roles.includes(staff.role);
}

/**
 * The spec's Access Denied, HTTP 403. Staff with some role (an editor on an admin-only page) are
 * also offered their way back to the dashboard.
 */
export function accessDenied(staff?: Pick<StaffUser, "role">) {
  const { waiting: _waiting, ...denied } = ACCESS_DENIED;
  if (staff?.role) return data({ ...denied, staffHome: "/admin" }, { status: 403 });
  // Signed in without any staff role: a new account waiting for an administrator.
  return data(staff ? { ...denied, waitingForRole: true } : denied, { status: 403 });
}

/**
 * Anonymous → /login (and back); signed in without one of `roles` → 403 Access Denied.
 * `requireRole(request, "admin")`, `requireRole(request, "admin", "editor")`.
 */
export async function requireRole(request: Request, ...roles: [Role, ...Role[]]): Promise<SignedInStaff> {
  const staff = await requireUser(request);
  if (!hasRole(staff, roles)) throw accessDenied(staff);
  return staff;
}

/**
 * Where a sign-in lands: the page asked for, else the spec's /admin/leads; an editor, who may not
 * see leads, lands on the content editor instead of an Access Denied page.
 */
export async function landingAfterSignIn(userId: string | null, asked: string | null): Promise<string> {
  const back = safeReturnPath(asked, "");
  if (back) return back;
  return userId && (await getRole(userId)) === "editor" ? "/admin/content" : safeReturnPath(null);
}
