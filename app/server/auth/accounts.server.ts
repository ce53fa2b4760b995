import { and, eq, isNull } from "drizzle-orm";
import { isAccountId } from "~/lib/ids";
import type { StaffRole } from "~/lib/staff-messages";
import { fullNameFromEmail, SIGNUP_PASSWORD_PATTERN } from "~/lib/validation/login";
import type { AppDatabase } from "../db/client.server";
import { staffInvitations, user, userRoles } from "../db/schema";
import { createAuth } from "./auth.server";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

/** Thrown when a change would leave the site without an admin. */
export class LastAdminError extends Error {
  constructor() {
    super("This account is the last admin: give the admin role to someone else first.");
    this.name = "LastAdminError";
  }
}

/**
 * Writes `userId`'s role (null: no role, the row is removed) in the caller's transaction. Taking
 * an admin's role away is refused when no other admin would be left: the admin rows are locked
 * first, so two admins removing their own roles at once cannot both succeed.
 */
async function writeRole(tx: Transaction, userId: string, role: StaffRole | null): Promise<"changed" | "unchanged"> {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  const [current] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  if ((current?.role ?? null) === role) return "unchanged";
  const isAdmin = admins.some((row) => row.userId === userId);
  if (isAdmin && role !== "admin" && admins.length <= 1) throw new LastAdminError();
  if (role === null) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  } else {
    await tx.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
  }
  // An admin who stops being one withdraws the invitations they sent: giving the role back later
  // never revives them.
  if (isAdmin && role !== "admin") {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.invitedById, userId),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
  }
  return "changed";
}

/**
 * A confirmed account with a password (hashed by better-auth, under the hashing cap: it may throw
 * HashingBusyError), for the admin script and an accepted invitation. Returns its id.
 */
export async function createVerifiedAccount(
  db: AppDatabase,
  input: { email: string; name: string; password: string },
): Promise<string> {
  const context = await createAuth(db).$context;
  const password = await context.password.hash(input.password);
  const created = await context.internalAdapter.createUser(
    { email: input.email, name: input.name, emailVerified: true },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: "credential",
    accountId: created.id,
    password,
  });
  return created.id;
}

/**
 * `npm run admin:create`: the first admin (or any later one), or with `role: "editor"` an editor.
 * A new account is created verified, with the password hashed by better-auth; an existing account
 * keeps its password and is given the role. Running it twice changes nothing the second time.
 * The last admin is never turned into an editor (LastAdminError).
 */
export async function createStaffAccount(
  db: AppDatabase,
  input: { email: string; password: string; role?: StaffRole },
): Promise<"created" | "granted" | "unchanged"> {
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? "admin";
  const [existing] = await db.select().from(user).where(eq(user.email, email));
  let userId: string;
  if (existing) {
    userId = existing.id;
  } else {
    if (!SIGNUP_PASSWORD_PATTERN.test(input.password)) {
      throw new Error(
        "The password must be at least 8 characters with uppercase, lowercase, number, and special character (@$!%*?&).",
      );
    }
    userId = await createVerifiedAccount(db, { email, name: fullNameFromEmail(email), password: input.password });
  }
  const change = await db.transaction((tx) => writeRole(tx, userId, role));
  if (!existing) return "created";
  return change === "changed" ? "granted" : "unchanged";
}

/** The first admin, as before: `createStaffAccount` with the admin role. */
export function createAdmin(db: AppDatabase, input: { email: string; password: string }) {
  return createStaffAccount(db, { ...input, role: "admin" });
}

export type SetRoleOutcome = { ok: true } | { ok: false; reason: "unknown-account" | "last-admin" };

/**
 * The accounts page: an admin gives an account the admin or editor role, or none. The site never
 * loses its last admin: as only admins reach the page, that is the last admin removing (or
 * trading for editor) their own admin role, which is refused.
 */
export async function setStaffRole(db: AppDatabase, userId: string, role: StaffRole | null): Promise<SetRoleOutcome> {
  // What cannot be a better-auth id names no account (and never reaches the database).
  if (!isAccountId(userId)) return { ok: false, reason: "unknown-account" };
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) return { ok: false, reason: "unknown-account" };
  try {
    await db.transaction((tx) => writeRole(tx, userId, role));
    return { ok: true };
  } catch (error) {
    if (error instanceof LastAdminError) return { ok: false, reason: "last-admin" };
    throw error;
  }
}
