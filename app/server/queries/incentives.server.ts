import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import type { IncentiveType, PolicyLevelFilter, PolicyStatus } from "~/lib/incentive-filters";
import { withoutControlCharacters } from "~/lib/validation/common";
import { type PreviewOption, withPreview } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type Incentive, incentives, type PolicyUpdate, policyUpdates } from "../db/schema";

/**
 * Public reads. A retired record (content editor) is left out of every one of them. Each takes
 * an optional `{ preview }` (app/server/content/preview.server.ts `previewOverlay`): the result is
 * then what it will be once that draft is published (staff preview only; never cache it).
 */

export type { IncentiveType };

export type IncentiveQuery = {
  type?: IncentiveType;
  /** `null` means "no state" (federal rows); a code matches that state, upper-cased. */
  state?: string | null;
  /** Case-insensitive substring of the title or the description. */
  search?: string;
  limit?: number;
};

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ in it are not wildcards). */
export function containsPattern(text: string): string {
  // A NUL cannot even be sent to PostgreSQL (it failed the whole page): control characters go.
  return `%${withoutControlCharacters(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/** Spec section 7 "Read incentives": optional type, state and search; priority ascending. */
export function readIncentives(
  db: AppDatabase,
  query: IncentiveQuery = {},
  options: PreviewOption = {},
): Promise<Incentive[]> {
  return withPreview(db, options.preview, ["incentive"], (scoped) => selectIncentives(scoped, query));
}

async function selectIncentives(db: AppDatabase, query: IncentiveQuery): Promise<Incentive[]> {
  const conditions: SQL[] = [isNull(incentives.retiredAt)];
  if (query.type) conditions.push(eq(incentives.type, query.type));
  if (query.state === null) conditions.push(isNull(incentives.state));
  else if (query.state !== undefined) conditions.push(eq(incentives.state, query.state.toUpperCase()));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const match = or(ilike(incentives.title, pattern), ilike(incentives.description, pattern));
    if (match) conditions.push(match);
  }
  const base = db
    .select()
    .from(incentives)
    .where(and(...conditions))
    .orderBy(asc(incentives.priority), asc(incentives.title));
  return query.limit !== undefined ? base.limit(query.limit) : base;
}

/** A state page: the federal incentives (no state) first, then the state's, each by priority. */
export function readStatePageIncentives(db: AppDatabase, code: string, options: PreviewOption = {}) {
  return withPreview(db, options.preview, ["incentive"], async (scoped) => {
    const [federal, state] = await Promise.all([
      selectIncentives(scoped, { state: null }),
      selectIncentives(scoped, { state: code.toUpperCase() }),
    ]);
    return { federal, state };
  });
}

export type PolicyQuery = {
  status?: PolicyStatus;
  level?: PolicyLevelFilter;
  search?: string;
  /** The status filter matches the status shown on this day (a passed `expiresOn` is Expired). */
  today?: string;
};

/** Rows whose shown status (app/lib/content-status.ts policyStatus) is `status` on `today`. */
function shownStatusIs(status: PolicyStatus, today: string | undefined): SQL | undefined {
  if (!today) return eq(policyUpdates.status, status);
  const passed = and(isNotNull(policyUpdates.expiresOn), lte(policyUpdates.expiresOn, today));
  if (status === "Expired") return or(eq(policyUpdates.status, "Expired"), passed);
  return and(eq(policyUpdates.status, status), or(isNull(policyUpdates.expiresOn), gt(policyUpdates.expiresOn, today)));
}

/** Spec section 7 "Read policy updates": newest first; status, level and text combined with AND. */
export function readPolicyUpdates(
  db: AppDatabase,
  query: PolicyQuery = {},
  options: PreviewOption = {},
): Promise<PolicyUpdate[]> {
  return withPreview(db, options.preview, ["policy_update"], (scoped) => selectPolicyUpdates(scoped, query));
}

async function selectPolicyUpdates(db: AppDatabase, query: PolicyQuery): Promise<PolicyUpdate[]> {
  const conditions: SQL[] = [isNull(policyUpdates.retiredAt)];
  if (query.status) {
    const match = shownStatusIs(query.status, query.today);
    if (match) conditions.push(match);
  }
  if (query.level) conditions.push(eq(policyUpdates.level, query.level));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const match = or(ilike(policyUpdates.title, pattern), ilike(policyUpdates.summary, pattern));
    if (match) conditions.push(match);
  }
  return db
    .select()
    .from(policyUpdates)
    .where(and(...conditions))
    .orderBy(desc(policyUpdates.datePublished), asc(policyUpdates.title));
}
