import { and, count, desc, eq, sql } from "drizzle-orm";
import type { ContentKind } from "~/lib/content-schemas";
import type { AppDatabase } from "../db/client.server";
import { contentRevisions } from "../db/schema";
import { diffSnapshots, type FieldChanges, KINDS, type Row } from "./records.server";

export type Actor = { id: string | null; name: string };

export const SEED_ACTOR: Actor = { id: null, name: "Built-in content" };
const BASELINE_ACTOR: Actor = { id: null, name: "Before history was kept" };

export type RevisionAction =
  | "create"
  | "update"
  | "publish"
  | "retire"
  | "unretire"
  | "restore"
  | "review"
  | "seed"
  | "baseline";

export type Staff = { id: string; name: string; email: string };

export function actorOf(staff: Staff): Actor {
  return { id: staff.id, name: staff.name.trim() || staff.email };
}

/**
 * Call inside the change's transaction. A record older than history gets a `baseline` entry first, so
 * its very first version can be restored too.
 */
export async function recordRevision(
  tx: AppDatabase,
  input: {
    kind: ContentKind;
    recordId: string;
    action: RevisionAction;
    actor: Actor;
    before: Row | null;
    after: Row;
    beforeAt?: Date | null;
  },
): Promise<FieldChanges> {
  const changes = diffSnapshots(input.before, input.after);
  if (input.before) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, input.kind), eq(contentRevisions.recordId, input.recordId)));
    if (Number(n) === 0) {
      await tx.insert(contentRevisions).values({
        kind: input.kind,
        recordId: input.recordId,
        action: "baseline",
        changedBy: BASELINE_ACTOR.id,
        changedByName: BASELINE_ACTOR.name,
        // When the record last changed, and always before the change that follows it.
        changedAt: input.beforeAt
          ? sql`least(${input.beforeAt.toISOString()}::timestamptz, clock_timestamp() - interval '1 millisecond')`
          : sql`clock_timestamp() - interval '1 millisecond'`,
        changes: {},
        snapshot: input.before,
      });
    }
  }
  await tx.insert(contentRevisions).values({
    kind: input.kind,
    recordId: input.recordId,
    action: input.action,
    changedBy: input.actor.id,
    changedByName: input.actor.name,
    changes,
    snapshot: input.after,
  });
  return changes;
}

export type RevisionEntry = {
  id: string;
  action: RevisionAction;
  changedBy: string | null;
  changedByName: string;
  changedAt: string;
  changes: FieldChanges;
  snapshot: Record<string, unknown>;
};

function inFieldOrder(kind: ContentKind, changes: FieldChanges): FieldChanges {
  const meta = KINDS[kind];
  const order = [meta.naturalKey, ...meta.editable, "lastReviewedAt", "lastReviewedBy", "retiredAt", "retiredBy"];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.fromEntries(Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
}

export async function readHistory(db: AppDatabase, kind: ContentKind, recordId: string, limit = 500) {
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.recordId, recordId)))
    .orderBy(desc(contentRevisions.changedAt), desc(contentRevisions.id))
    .limit(limit);
  return rows.map(
    (row): RevisionEntry => ({
      id: row.id,
      action: row.action as RevisionAction,
      changedBy: row.changedBy,
      changedByName: row.changedByName,
      changedAt: row.changedAt.toISOString(),
      changes: inFieldOrder(kind, row.changes),
      snapshot: row.snapshot,
    }),
  );
}
