import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { user, userRoles } from "../db/schema";

/**
 * A lead nobody can work: no owner, or an owner who is no longer an admin or whose account is
 * disabled (the documented way to see someone out). Such a lead counts as unassigned, so it is
 * back on the dashboard and in the "Unassigned" list instead of following a person who left.
 *
 * The people who left are read first (a handful of staff rows), so the lead condition stays
 * `owner_id is null or owner_id in (…)`, which the owner indexes serve; a correlated NOT EXISTS
 * per lead made the list and the dashboard 6–7 times slower at 300,000 leads.
 */
export async function departedOwnerIds(db: AppDatabase): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(cannotOwnLeads(user));
  return rows.map((row) => row.id);
}

/** The account (a `user` row, or an alias's columns) can no longer own leads: disabled, or not an admin. */
export function cannotOwnLeads(account: { id: SQLWrapper; disabledAt: SQLWrapper }): SQL {
  return sql`(${account.disabledAt} is not null or not exists (select 1 from ${userRoles} as r where r.user_id = ${account.id} and r.role = 'admin'))`;
}

/** The condition "nobody can work it" on `ownerId`, given `departedOwnerIds`. */
export function withoutActiveOwner(ownerId: SQLWrapper, departed: readonly string[] = []): SQL {
  if (departed.length === 0) return sql`${ownerId} is null`;
  return sql`(${ownerId} is null or ${ownerId} in (${sql.join(
    departed.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}
