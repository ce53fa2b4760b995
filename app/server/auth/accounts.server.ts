import { and, eq, isNull } from "drizzle-orm";
import { isAccountId } from "~/lib/ids";
import type { StaffRole } from "~/lib/staff-messages";
import { fullNameFromEmail, SIGNUP_PASSWORD_PATTERN } from "~/lib/validation/login";
import type { AppDatabase } from "../db/client.server";
import { staffInvitations, user, userRoles } from "../db/schema";
import { createAuth } from "./auth.server";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export class LastAdminError extends Error {
  constructor() {
    super("This account is the last admin: give the admin role to someone else first.");
    this.name = "LastAdminError";
  }
}

/** Refuses to remove the last admin; admin rows are locked first so two admins cannot both step down. */
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
  // A demoted admin's invitations are withdrawn: giving the role back never revives them.
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

/** `npm run admin:create`: idempotent; an existing account keeps its password and gets the role. */
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

export function createAdmin(db: AppDatabase, input: { email: string; password: string }) {
  return createStaffAccount(db, { ...input, role: "admin" });
}

export type SetRoleOutcome = { ok: true } | { ok: false; reason: "unknown-account" | "last-admin" };

export async function setStaffRole(db: AppDatabase, userId: string, role: StaffRole | null): Promise<SetRoleOutcome> {
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
