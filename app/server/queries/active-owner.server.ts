import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { user, userRoles } from "../db/schema";

/**
 * A lead nobody can work: no owner, or an owner who is no longer an admin or whose account is
 * disabled (the documented way to see someone out). Such a lead counts as unassigned, so it is
 * back on the dashboard and in the "Unassigned" list instead of following a person who left.
 */
export function withoutActiveOwner(ownerId: SQLWrapper): SQL {
  return sql`(${ownerId} is null or not exists (select 1 from ${userRoles} as r join ${user} as u on u.id = r.user_id
    where r.user_id = ${ownerId} and r.role = 'admin' and u.disabled_at is null))`;
}
