import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { LeadKind } from "~/lib/lead-workspace";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { leadEvents, leadSubmissions, leads } from "../db/schema";
import type { Actor } from "../queries/lead-events.server";
import { settleRotationTurns } from "../queries/lead-owners.server";

/** A mark on the lead's own row (decision 0034): nothing moves, "Not spam" clears it. */
export type LeadRef = { kind: LeadKind; id: string };
export type SpamChange = LeadRef & { name: string };

/** A lead with requests merged into it is never marked: that would hide real requests. */
const hasNoMerged = (id: SQL | typeof leads.id | typeof leadSubmissions.id) =>
  sql`not exists (select 1 from ${leads} m where m.merged_into_id = ${id})
    and not exists (select 1 from ${leadSubmissions} m where m.merged_into_id = ${id})`;

export async function withMergedRequests(db: AppDatabase, refs: LeadRef[]): Promise<number> {
  const ids = refs.map((ref) => ref.id);
  if (ids.length === 0) return 0;
  const [a, b] = await Promise.all([
    db.selectDistinct({ id: leads.mergedIntoId }).from(leads).where(inArray(leads.mergedIntoId, ids)),
    db
      .selectDistinct({ id: leadSubmissions.mergedIntoId })
      .from(leadSubmissions)
      .where(inArray(leadSubmissions.mergedIntoId, ids)),
  ]);
  return new Set([...a, ...b].map((row) => row.id)).size;
}

export async function setSpam(db: AppDatabase, refs: LeadRef[], spam: boolean, actor: Actor): Promise<SpamChange[]> {
  const values = { spamAt: spam ? new Date() : null, spamBy: spam ? actor.name : null };
  const billIds = refs.filter((ref) => ref.kind === "bill").map((ref) => ref.id);
  const others = refs.filter((ref) => ref.kind !== "bill");
  return writeTransaction(db, async (tx) => {
    const changed: (SpamChange & { ownerId: string | null })[] = [];
    if (billIds.length) {
      const unchanged = spam
        ? and(isNull(leadSubmissions.spamAt), hasNoMerged(leadSubmissions.id))
        : isNotNull(leadSubmissions.spamAt);
      const rows = await tx
        .update(leadSubmissions)
        .set(values)
        .where(and(inArray(leadSubmissions.id, billIds), unchanged))
        .returning({ id: leadSubmissions.id, name: leadSubmissions.businessName, ownerId: leadSubmissions.ownerId });
      changed.push(...rows.map((row) => ({ ...row, kind: "bill" as const })));
    }
    for (const kind of new Set(others.map((ref) => ref.kind))) {
      const ids = others.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      const unchanged = spam ? and(isNull(leads.spamAt), hasNoMerged(leads.id)) : isNotNull(leads.spamAt);
      const rows = await tx
        .update(leads)
        .set(values)
        .where(and(inArray(leads.id, ids), eq(leads.kind, kind), unchanged))
        .returning({ id: leads.id, name: leads.name, ownerId: leads.ownerId });
      changed.push(...rows.map((row) => ({ ...row, kind })));
    }
    if (changed.length === 0) return [];
    await tx.insert(leadEvents).values(
      changed.map((lead) => ({
        leadId: lead.id,
        type: spam ? "spam" : "not-spam",
        actorId: actor.id,
        actorName: actor.name,
        details: {},
      })),
    );
    await settleRotationTurns(tx as AppDatabase, changed, spam);
    return changed.map(({ kind, id, name }) => ({ kind, id, name }));
  });
}
