import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { user, userRoles } from "../db/schema";

/** Their leads count as unassigned; read first so the check stays `owner_id in (…)`, which the owner indexes serve. */
export async function departedOwnerIds(db: AppDatabase): Promise<string[]> {
  const rows = await db.select({ id: user.id }).from(user).where(cannotOwnLeads(user));
  return rows.map((row) => row.id);
}

export function cannotOwnLeads(account: { id: SQLWrapper; disabledAt: SQLWrapper }): SQL {
  return sql`(${account.disabledAt} is not null or not exists (select 1 from ${userRoles} as r where r.user_id = ${account.id} and r.role = 'admin'))`;
}

export function withoutActiveOwner(ownerId: SQLWrapper, departed: readonly string[] = []): SQL {
  if (departed.length === 0) return sql`${ownerId} is null`;
  return sql`(${ownerId} is null or ${ownerId} in (${sql.join(
    departed.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}
