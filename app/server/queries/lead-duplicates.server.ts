import { and, inArray, or, sql } from "drizzle-orm";
import type { LeadKind, LeadStatus } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { leadSubmissions, leads } from "../db/schema";
import { standing } from "./lead-scope.server";

/** Same e-mail (case aside), or for bill uploads the same business name however spaced or cased; both indexed. */
const businessKey = (column: typeof leadSubmissions.businessName) =>
  sql<string>`lower(regexp_replace(trim(${column}), '[[:space:]]+', ' ', 'g'))`;
const normalise = (value: string) => value.trim().replace(/\s+/g, " ").toLowerCase();

export type SameContactLead = { kind: LeadKind; id: string; name: string; submittedAt: Date; status: LeadStatus };

type Probe = { id: string; email: string; businessName: string | null };

async function matchesOf(db: AppDatabase, probes: Probe[]) {
  const emails = [...new Set(probes.map((probe) => probe.email.toLowerCase()))];
  const businesses = [
    ...new Set(probes.flatMap((probe) => (probe.businessName ? [normalise(probe.businessName)] : []))),
  ];
  if (emails.length === 0) return [];
  const [bills, others] = await Promise.all([
    db
      .select({
        id: leadSubmissions.id,
        email: sql<string>`lower(${leadSubmissions.email})`,
        business: businessKey(leadSubmissions.businessName),
        name: leadSubmissions.businessName,
        submittedAt: leadSubmissions.submittedAt,
        status: leadSubmissions.status,
      })
      .from(leadSubmissions)
      .where(
        and(
          or(
            inArray(sql`lower(${leadSubmissions.email})`, emails),
            businesses.length ? inArray(businessKey(leadSubmissions.businessName), businesses) : undefined,
          ),
          standing(leadSubmissions),
        ),
      ),
    db
      .select({
        id: leads.id,
        kind: leads.kind,
        email: sql<string>`lower(${leads.email})`,
        name: leads.name,
        submittedAt: leads.createdAt,
        status: leads.status,
      })
      .from(leads)
      .where(and(inArray(sql`lower(${leads.email})`, emails), standing(leads))),
  ]);
  return [
    ...bills.map((row) => ({ ...row, kind: "bill" as LeadKind })),
    ...others.map((row) => ({ ...row, kind: row.kind as LeadKind, business: null as string | null })),
  ];
}

const sameContact = (probe: Probe, match: { email: string; business: string | null }) =>
  match.email === probe.email.toLowerCase() ||
  (probe.businessName !== null && match.business === normalise(probe.businessName));

export async function duplicateCounts(db: AppDatabase, probes: Probe[]): Promise<Map<string, number>> {
  const matches = await matchesOf(db, probes);
  return new Map(
    probes.map((probe) => [
      probe.id,
      matches.filter((match) => match.id !== probe.id && sameContact(probe, match)).length,
    ]),
  );
}

export async function sameContactLeads(db: AppDatabase, probe: Probe): Promise<SameContactLead[]> {
  const matches = await matchesOf(db, [probe]);
  return matches
    .filter((match) => match.id !== probe.id && sameContact(probe, match))
    .sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())
    .map(({ kind, id, name, submittedAt, status }) => ({ kind, id, name, submittedAt, status: status as LeadStatus }));
}

const SAME_CONTACT_COUNT_CAP = 100;

/** Capped per table so a business that wrote a thousand times costs the mail worker no more than a hundred. */
export async function sameContactCount(db: AppDatabase, probe: Probe): Promise<number> {
  const email = probe.email.toLowerCase();
  const business = probe.businessName ? normalise(probe.businessName) : null;
  const billMatch = business
    ? sql`(lower(${leadSubmissions.email}) = ${email} or ${businessKey(leadSubmissions.businessName)} = ${business})`
    : sql`lower(${leadSubmissions.email}) = ${email}`;
  const [bills, others] = await Promise.all([
    db.execute(sql`select count(*)::int as "n" from (select 1 from ${leadSubmissions}
      where ${billMatch} and ${standing(leadSubmissions)} and ${leadSubmissions.id} <> ${probe.id}::uuid
      limit ${SAME_CONTACT_COUNT_CAP}) as m`),
    db.execute(sql`select count(*)::int as "n" from (select 1 from ${leads}
      where lower(${leads.email}) = ${email} and ${standing(leads)} and ${leads.id} <> ${probe.id}::uuid
      limit ${SAME_CONTACT_COUNT_CAP}) as m`),
  ]);
  const count = (result: unknown) => Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
  return Math.min(count(bills) + count(others), SAME_CONTACT_COUNT_CAP);
}
