import { and, eq, ne, sql } from "drizzle-orm";
import { fullNameFromEmail, SIGNUP_PASSWORD_PATTERN } from "~/lib/validation/login";
import type { AppDatabase } from "../db/client.server";
import { user, userRoles } from "../db/schema";
import { createAuth } from "./auth.server";

/**
 * `npm run admin:create`: the first admin (or any later one). A new account is created verified,
 * with the password hashed by better-auth; an existing account keeps its password and is granted
 * the role. Running it twice changes nothing the second time.
 */
export async function createAdmin(
  db: AppDatabase,
  input: { email: string; password: string },
): Promise<"created" | "granted" | "unchanged"> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select().from(user).where(eq(user.email, email));
  let outcome: "created" | "granted" | "unchanged";
  let userId: string;
  if (existing) {
    userId = existing.id;
    outcome = "granted";
  } else {
    if (!SIGNUP_PASSWORD_PATTERN.test(input.password)) {
      throw new Error(
        "The password must be at least 8 characters with uppercase, lowercase, number, and special character (@$!%*?&).",
      );
    }
    const context = await createAuth(db).$context;
    const created = await context.internalAdapter.createUser(
      { email, name: fullNameFromEmail(email), emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await context.password.hash(input.password),
    });
    userId = created.id;
    outcome = "created";
  }
  const [role] = await db.select().from(userRoles).where(eq(userRoles.userId, userId));
  if (role?.role === "admin" && outcome === "granted") return "unchanged";
  await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  return outcome;
}

/** Grants or revokes the admin role; the last admin cannot remove their own. */
export async function setAdminRole(db: AppDatabase, actorId: string, userId: string, admin: boolean) {
  const [target] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!target) return { ok: false as const, reason: "unknown-account" as const };
  if (!admin) {
    if (userId === actorId) {
      const [others] = await db
        .select({ n: sql<string>`count(*)` })
        .from(userRoles)
        .where(and(eq(userRoles.role, "admin"), ne(userRoles.userId, actorId)));
      if (Number(others?.n ?? 0) === 0) return { ok: false as const, reason: "last-admin" as const };
    }
    await db.delete(userRoles).where(eq(userRoles.userId, userId));
    return { ok: true as const };
  }
  await db
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  return { ok: true as const };
}
