import { and, eq, lt, notExists } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { user, userRoles } from "../db/schema";
import { startPurge } from "../maintenance/scheduled.server";

const UNCONFIRMED_ACCOUNT_DAYS = 3;
/** pg_try_advisory_lock key: one removal at a time across instances. */
const UNCONFIRMED_ACCOUNTS_LOCK_KEY = 7_202_619;

export async function removeUnconfirmedAccounts(db: AppDatabase, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 86_400_000);
  const removed = await db
    .delete(user)
    .where(
      and(
        eq(user.emailVerified, false),
        lt(user.createdAt, before),
        notExists(db.select().from(userRoles).where(eq(userRoles.userId, user.id))),
      ),
    )
    .returning({ id: user.id });
  return removed.length;
}

export function startUnconfirmedAccountCleanup(options: { db: AppDatabase; intervalMs?: number }) {
  return startPurge({
    db: options.db,
    name: "Unconfirmed accounts",
    lockKey: UNCONFIRMED_ACCOUNTS_LOCK_KEY,
    intervalMs: options.intervalMs ?? 6 * 3_600_000,
    purge: (own) => removeUnconfirmedAccounts(own),
    purged: "Unconfirmed accounts removed",
    retentionDays: UNCONFIRMED_ACCOUNT_DAYS,
  });
}
