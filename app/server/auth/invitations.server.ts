import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { isStaffRole, type StaffRole } from "~/lib/staff-messages";
import { INVITATION_DAYS, type InvitationInput } from "~/lib/validation/invitation";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox, staffInvitations, user, userRoles } from "../db/schema";
import { createVerifiedAccount, setStaffRole } from "./accounts.server";
import { authLimits } from "./auth-limits.server";
import { HashingBusyError } from "./password-hashing.server";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export function isInvitationToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export type InviteOutcome = { ok: true } | { ok: false; reason: "has-account" | "mail-limit" };

export async function inviteColleague(
  db: AppDatabase,
  input: InvitationInput & { by: { id: string; email: string }; siteUrl: string; siteName: string },
): Promise<InviteOutcome> {
  const [existing] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.email, input.email));
  if (existing?.verified) return { ok: false, reason: "has-account" };
  if (!(await (await authLimits()).takeAccountMail(input.email, "invitation")))
    return { ok: false, reason: "mail-limit" };
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const url = `${input.siteUrl}/accept-invitation?${new URLSearchParams({ token })}`;
  await db.transaction(async (tx) => {
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.email, input.email), pendingOnly()));
    await tx.insert(staffInvitations).values({
      email: input.email,
      role: input.role,
      tokenHash: digest(token),
      invitedById: input.by.id,
      invitedByEmail: input.by.email,
      expiresAt,
    });
    await tx.insert(emailOutbox).values({
      formType: "Staff invitation",
      template: "staff-invitation",
      subject: `You are invited to the staff area of ${input.siteName}`,
      toAddress: input.email,
      formData: { url, role: input.role, invitedBy: input.by.email, expiresAt: expiresAt.toISOString() },
    });
  });
  return { ok: true };
}

const pendingOnly = () =>
  and(
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, new Date()),
  );

export type PendingInvitation = { id: string; email: string; role: StaffRole; invitedBy: string; expiresAt: Date };

export async function listPendingInvitations(db: AppDatabase): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      invitedBy: staffInvitations.invitedByEmail,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(pendingOnly())
    .orderBy(desc(staffInvitations.createdAt))
    .limit(200);
  return rows.flatMap((row) => (isStaffRole(row.role) ? [{ ...row, role: row.role }] : []));
}

export async function revokeInvitation(db: AppDatabase, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffInvitations.id, id), pendingOnly()))
    .returning({ email: staffInvitations.email });
  return row?.email ?? null;
}

/** Also requires the inviting admin to still be an enabled admin: one removed for cause leaves no way in. */
export async function findInvitation(db: AppDatabase, token: string) {
  if (!isInvitationToken(token)) return null;
  const [row] = await db
    .select({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role })
    .from(staffInvitations)
    .innerJoin(userRoles, and(eq(userRoles.userId, staffInvitations.invitedById), eq(userRoles.role, "admin")))
    .innerJoin(user, eq(user.id, staffInvitations.invitedById))
    .where(and(eq(staffInvitations.tokenHash, digest(token)), pendingOnly(), isNull(user.disabledAt)));
  return row && isStaffRole(row.role) ? { ...row, role: row.role } : null;
}

export type AcceptOutcome =
  | { outcome: "accepted"; userId: string; email: string; role: StaffRole }
  | { outcome: "invalid" | "has-account" | "busy" };

// The invitation is claimed first, so a link works once even when sent twice.
export async function acceptInvitation(
  db: AppDatabase,
  token: string,
  input: { name: string; password: string },
): Promise<AcceptOutcome> {
  const invitation = await findInvitation(db, token);
  if (!invitation) return { outcome: "invalid" };
  const [existing] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, invitation.email));
  if (existing?.verified) return { outcome: "has-account" };
  const [claimed] = await db
    .update(staffInvitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(staffInvitations.id, invitation.id), pendingOnly()))
    .returning({ id: staffInvitations.id });
  if (!claimed) return { outcome: "invalid" };
  let userId: string;
  try {
    await db.delete(user).where(and(eq(user.email, invitation.email), eq(user.emailVerified, false)));
    userId = await createVerifiedAccount(db, { email: invitation.email, ...input });
  } catch (error) {
    // No account was made (the password is hashed first), so the link works again.
    await db.update(staffInvitations).set({ acceptedAt: null }).where(eq(staffInvitations.id, invitation.id));
    if (error instanceof HashingBusyError) return { outcome: "busy" };
    throw error;
  }
  await setStaffRole(db, userId, invitation.role);
  return { outcome: "accepted", userId, email: invitation.email, role: invitation.role };
}
