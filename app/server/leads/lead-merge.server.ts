import { eq, inArray, or, sql } from "drizzle-orm";
import { isClosedStatus, type LeadKind, type LeadStatus } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { emailOutbox, leadEvents, leadSubmissions, leads } from "../db/schema";
import type { Actor, LeadMergeEventType } from "../queries/lead-events.server";

/** Merging only marks a lead as part of another (decision 0028): nothing moves, separating clears the mark. */
export type LeadRef = { kind: LeadKind; id: string };

export type MergeRefusal = "not-found" | "same-lead" | "target-merged" | "already-merged" | "spam";
export type SeparateRefusal = "not-found" | "not-merged";

type Locked = {
  name: string;
  status: LeadStatus;
  mergedIntoId: string | null;
  mergedIntoKind: LeadKind | null;
  spam: boolean | string;
};

async function lockLead(tx: AppDatabase, ref: LeadRef): Promise<Locked | null> {
  const result =
    ref.kind === "bill"
      ? await tx.execute(sql`select business_name as "name", status, merged_into_id as "mergedIntoId",
          merged_into_kind as "mergedIntoKind", spam_at is not null as "spam" from ${leadSubmissions} where id = ${ref.id} for update`)
      : await tx.execute(sql`select name as "name", status, merged_into_id as "mergedIntoId",
          merged_into_kind as "mergedIntoKind", spam_at is not null as "spam" from ${leads} where id = ${ref.id} and kind = ${ref.kind} for update`);
  return rowsOf<Locked>(result)[0] ?? null;
}

async function setMergedInto(tx: AppDatabase, ref: LeadRef, into: LeadRef | null) {
  const values = {
    mergedIntoId: into?.id ?? null,
    mergedIntoKind: into?.kind ?? null,
    mergedAt: into ? new Date() : null,
  };
  if (ref.kind === "bill") await tx.update(leadSubmissions).set(values).where(eq(leadSubmissions.id, ref.id));
  else await tx.update(leads).set(values).where(eq(leads.id, ref.id));
}

function event(leadId: string, type: LeadMergeEventType, actor: Actor, other: LeadRef & { name: string }) {
  return {
    leadId,
    type,
    actorId: actor.id,
    actorName: actor.name,
    details: { kind: other.kind, id: other.id, name: other.name },
  };
}

export async function mergeLead(
  db: AppDatabase,
  input: {
    into: LeadRef;
    from: LeadRef;
    actor: Actor;
    /** Reopens a won or lost `into` when an open request is merged in, in the merge's transaction; returns webhooks queued. */
    reopen?: (tx: AppDatabase, into: LeadRef, status: LeadStatus) => Promise<number>;
  },
): Promise<
  | { ok: true; name: string; reopened: { from: LeadStatus; to: LeadStatus } | null; queued: number }
  | { ok: false; reason: MergeRefusal }
> {
  const { into, from, actor } = input;
  if (into.id === from.id) return { ok: false, reason: "same-lead" };
  return db.transaction(async (tx) => {
    // Locked in id order, so two people merging the same pair opposite ways cannot deadlock.
    const ordered = [into, from].sort((a, b) => a.id.localeCompare(b.id));
    const locked = new Map<string, Locked | null>();
    for (const ref of ordered) locked.set(ref.id, await lockLead(tx, ref));
    const target = locked.get(into.id);
    const source = locked.get(from.id);
    if (!target || !source) return { ok: false, reason: "not-found" } as const;
    if (target.mergedIntoId) return { ok: false, reason: "target-merged" } as const;
    if (source.mergedIntoId) return { ok: false, reason: "already-merged" } as const;
    // Spam is worked by nobody (decision 0034): a real request must not disappear under it.
    if ([target.spam, source.spam].some((spam) => spam === true || spam === "t"))
      return { ok: false, reason: "spam" } as const;
    await setMergedInto(tx, from, into);
    const follow = { mergedIntoId: into.id, mergedIntoKind: into.kind };
    await tx.update(leadSubmissions).set(follow).where(eq(leadSubmissions.mergedIntoId, from.id));
    await tx.update(leads).set(follow).where(eq(leads.mergedIntoId, from.id));
    await tx
      .insert(leadEvents)
      .values([
        event(into.id, "merge", actor, { ...from, name: source.name }),
        event(from.id, "merged-into", actor, { ...into, name: target.name }),
      ]);
    // Otherwise the new request would sit under a won or lost lead that no list of work shows.
    const reopened = isClosedStatus(target.status) && !isClosedStatus(source.status) ? input.reopen : undefined;
    const queued = reopened ? await reopened(tx, into, source.status) : 0;
    return {
      ok: true,
      name: source.name,
      reopened: reopened ? { from: target.status, to: source.status } : null,
      queued,
    } as const;
  });
}

export async function separateLead(
  db: AppDatabase,
  input: { lead: LeadRef; actor: Actor; from?: string },
): Promise<{ ok: true; name: string } | { ok: false; reason: SeparateRefusal }> {
  const { lead, actor } = input;
  return db.transaction(async (tx) => {
    const row = await lockLead(tx, lead);
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (!row.mergedIntoId || !row.mergedIntoKind) return { ok: false, reason: "not-merged" } as const;
    if (input.from && row.mergedIntoId !== input.from) return { ok: false, reason: "not-merged" } as const;
    const into = { kind: row.mergedIntoKind, id: row.mergedIntoId };
    const target = await lockLead(tx, into);
    await setMergedInto(tx, lead, null);
    await tx
      .insert(leadEvents)
      .values([
        event(into.id, "separate", actor, { ...lead, name: row.name }),
        event(lead.id, "separated", actor, { ...into, name: target?.name ?? "" }),
      ]);
    return { ok: true, name: row.name } as const;
  });
}

export type MergedLead = {
  kind: LeadKind;
  id: string;
  name: string;
  email: string;
  submittedAt: Date;
  mergedAt: Date | null;
  status: LeadStatus;
  hasEstimate: boolean;
  phone: string | null;
  question: string | null;
  monthlyBill: number | null;
  sourcePage: string | null;
  utmSource: string | null;
};

export async function mergedLeadsOf(db: AppDatabase, id: string): Promise<MergedLead[]> {
  const [bills, others] = await Promise.all([
    db
      .select({
        id: leadSubmissions.id,
        name: leadSubmissions.businessName,
        email: leadSubmissions.email,
        submittedAt: leadSubmissions.submittedAt,
        mergedAt: leadSubmissions.mergedAt,
        status: leadSubmissions.status,
        hasEstimate: sql<boolean>`${leadSubmissions.estimate} is not null`,
        phone: leadSubmissions.phone,
        question: sql<string | null>`null`,
        monthlyBill: leadSubmissions.monthlyEnergyBill,
        sourcePage: leadSubmissions.sourcePage,
        utmSource: leadSubmissions.utmSource,
      })
      .from(leadSubmissions)
      .where(eq(leadSubmissions.mergedIntoId, id)),
    db
      .select({
        id: leads.id,
        kind: leads.kind,
        name: leads.name,
        email: leads.email,
        submittedAt: leads.createdAt,
        mergedAt: leads.mergedAt,
        status: leads.status,
        hasEstimate: sql<boolean>`${leads.estimate} is not null`,
        phone: leads.phone,
        question: leads.question,
        monthlyBill: sql<number | null>`null`,
        sourcePage: leads.sourcePage,
        utmSource: leads.utmSource,
      })
      .from(leads)
      .where(eq(leads.mergedIntoId, id)),
  ]);
  return [
    ...bills.map((row) => ({ ...row, kind: "bill" as LeadKind })),
    ...others.map((row) => ({ ...row, kind: row.kind as LeadKind })),
  ]
    .map((row) => ({ ...row, status: row.status as LeadStatus, hasEstimate: row.hasEstimate === true }))
    .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime());
}

export function mailOfLeads(refs: LeadRef[]) {
  const billIds = refs.filter((ref) => ref.kind === "bill").map((ref) => ref.id);
  const otherIds = refs.filter((ref) => ref.kind !== "bill").map((ref) => ref.id);
  return or(
    billIds.length ? inArray(emailOutbox.leadSubmissionId, billIds) : undefined,
    otherIds.length ? inArray(emailOutbox.leadId, otherIds) : undefined,
  );
}
