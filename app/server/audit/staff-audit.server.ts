import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { StaffRole } from "~/lib/staff-messages";
import { staffContext } from "../auth/staff-context.server";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { user } from "../db/schema";
import { type AuditEvent, auditAddress, recordAudit } from "./audit-log.server";

// Apart from audit-log.server.ts (imported by auth.server.ts), so no import circle runs through staffContext.

export function recordStaffAudit(
  context: Readonly<RouterContextProvider>,
  event: Omit<AuditEvent, "actorId" | "actorEmail" | "address">,
  db?: AppDatabase,
): Promise<void> {
  const staff = context.get(staffContext);
  return recordAudit({ ...event, actorId: staff.id, actorEmail: staff.email, address: auditAddress(context) }, db);
}

export async function recordRoleChange(
  context: Readonly<RouterContextProvider>,
  userId: string,
  role: StaffRole | null,
  db?: AppDatabase,
): Promise<void> {
  const database = db ?? (await getDb().catch(() => undefined));
  const [account] = database
    ? await database
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, userId))
        .catch(() => [])
    : [];
  await recordStaffAudit(
    context,
    {
      action: role ? "role.granted" : "role.revoked",
      subject: account?.email ?? userId,
      details: { role: role ?? "none", userId },
    },
    database,
  );
}
