import { and, asc, eq, isNull } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { type Incentive, incentives } from "../db/schema";

export type IncentiveType = "Federal" | "State" | "Utility";

export type IncentiveQuery = {
  type?: IncentiveType;
  /** `null` means "no state" (federal rows); a code matches that state, upper-cased. */
  state?: string | null;
  limit?: number;
};

/** Spec section 7 "Read incentives": optional type and state filters, priority ascending. */
export async function readIncentives(db: AppDatabase, query: IncentiveQuery = {}): Promise<Incentive[]> {
  const conditions = [];
  if (query.type) conditions.push(eq(incentives.type, query.type));
  if (query.state === null) conditions.push(isNull(incentives.state));
  else if (query.state !== undefined) conditions.push(eq(incentives.state, query.state.toUpperCase()));
  const base = db
    .select()
    .from(incentives)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(incentives.priority), asc(incentives.title));
  return query.limit !== undefined ? base.limit(query.limit) : base;
}
