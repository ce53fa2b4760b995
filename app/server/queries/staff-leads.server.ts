import { and, asc, desc, eq, inArray, notInArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Attribution } from "~/lib/lead-details";
import type { LeadEstimateFigures, LeadFilters, LeadKind, LeadListRow, LeadStatus } from "~/lib/lead-workspace";
import { CLOSED_LEAD_STATUSES, isClosedStatus, isFiltered, LEAD_STATUSES, LEADS_PAGE_SIZE } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { emailOutbox, leadNotes, leadSubmissions, leads, user } from "../db/schema";
import { mailOfLeads, mergedLeadsOf } from "../leads/lead-merge.server";
import { cannotOwnLeads, departedOwnerIds, withoutActiveOwner } from "./active-owner.server";
import { markedSpam, standing } from "./lead-scope.server";
import { containsPattern } from "./search-steps.server";
import { mailColumns } from "./staff-admin.server";

/** Both lead tables filtered, searched and paged in SQL: each half uses its own indexes, the union is cut to a page. */
export type { LeadListRow };

type Filters = Pick<LeadFilters, "q" | "kind" | "status"> &
  Partial<Pick<LeadFilters, "owner" | "due" | "sort" | "spam" | "from" | "to" | "source">> & {
    viewerId?: string;
    today?: string;
    timeZone?: string;
    departedOwners?: readonly string[];
  };

async function resolved<F extends Filters>(db: AppDatabase, filters: F): Promise<F> {
  if (filters.owner !== "unassigned" || filters.departedOwners) return filters;
  return { ...filters, departedOwners: await departedOwnerIds(db) };
}

const order = (filters: Filters) => (filters.sort === "oldest" ? sql`asc` : sql`desc`);
const beyond = (filters: Filters) => (filters.sort === "oldest" ? sql`>` : sql`<`);

function orderBy(
  filters: Filters,
  columns: { at: SQLWrapper; id: SQLWrapper; nextStepOn: SQLWrapper; bill: SQLWrapper | null },
) {
  const dated = sql`${columns.at} ${order(filters)}, ${columns.id} ${order(filters)}`;
  const followUps = filters.due && (filters.sort ?? "newest") === "newest";
  if (filters.sort === "next-step" || followUps) return sql`${columns.nextStepOn} asc nulls last, ${dated}`;
  if (filters.sort === "bill" && columns.bill) return sql`${columns.bill} desc nulls last, ${dated}`;
  return dated;
}
const unionOrder = (filters: Filters) =>
  orderBy(filters, {
    at: sql`l."submittedAt"`,
    id: sql`l."id"`,
    nextStepOn: sql`l."nextStepOn"`,
    bill: sql`l."monthlyBill"`,
  });

function followUpWhere(
  filters: Filters,
  columns: { ownerId: SQLWrapper; nextStepOn: SQLWrapper; status: SQLWrapper },
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.owner === "mine") conditions.push(sql`${columns.ownerId} = ${filters.viewerId ?? ""}`);
  if (filters.owner === "unassigned") conditions.push(withoutActiveOwner(columns.ownerId, filters.departedOwners));
  else if (filters.owner && filters.owner !== "mine") conditions.push(sql`${columns.ownerId} = ${filters.owner}`);
  if (filters.due) conditions.push(sql`${columns.nextStepOn} <= ${filters.today ?? "1970-01-01"}::date`);
  // Nothing is due on a won or lost lead, and "Unassigned" counts only open ones unless a status is named.
  if (filters.due || (filters.owner === "unassigned" && !filters.status))
    conditions.push(notInArray(columns.status as typeof leads.status, [...CLOSED_LEAD_STATUSES]));
  return conditions;
}

/** A path matches the source page whatever its query; any other text matches the UTM source in any case. */
function rangeAndSourceWhere(
  filters: Filters,
  columns: { at: SQLWrapper; sourcePage: SQLWrapper; utmSource: SQLWrapper },
): SQL[] {
  const conditions: SQL[] = [];
  const zone = filters.timeZone ?? "UTC";
  if (filters.from) conditions.push(sql`${columns.at} >= (${filters.from}::date)::timestamp at time zone ${zone}`);
  if (filters.to) conditions.push(sql`${columns.at} < (${filters.to}::date + 1)::timestamp at time zone ${zone}`);
  if (filters.source?.startsWith("/"))
    conditions.push(sql`split_part(${columns.sourcePage}, '?', 1) = ${filters.source}`);
  else if (filters.source) conditions.push(sql`lower(${columns.utmSource}) = lower(${filters.source})`);
  return conditions;
}

const scope = (filters: Filters, table: typeof leads | typeof leadSubmissions) =>
  filters.spam ? markedSpam(table) : standing(table);

function billWhere(filters: Filters): SQL | undefined {
  // Merged leads show on the lead they joined (decision 0028), spam only in the Spam view (0034).
  const conditions: SQL[] = [scope(filters, leadSubmissions)];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      or(
        sql`${leadSubmissions.businessName} ilike ${pattern}`,
        sql`${leadSubmissions.contactName} ilike ${pattern}`,
        sql`${leadSubmissions.email} ilike ${pattern}`,
      ) as SQL,
    );
  }
  if (filters.status) conditions.push(eq(leadSubmissions.status, filters.status));
  conditions.push(...followUpWhere(filters, leadSubmissions));
  conditions.push(...rangeAndSourceWhere(filters, { ...leadSubmissions, at: leadSubmissions.submittedAt }));
  return conditions.length ? and(...conditions) : undefined;
}

function leadWhere(filters: Filters): SQL | undefined {
  const conditions: SQL[] = [scope(filters, leads)];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(sql`${leads.name} ilike ${pattern}`, sql`${leads.email} ilike ${pattern}`) as SQL);
  }
  if (filters.kind && filters.kind !== "bill") conditions.push(eq(leads.kind, filters.kind));
  if (filters.status) conditions.push(eq(leads.status, filters.status));
  conditions.push(...followUpWhere(filters, leads));
  conditions.push(...rangeAndSourceWhere(filters, { ...leads, at: leads.createdAt }));
  return conditions.length ? and(...conditions) : undefined;
}

function parts(filters: Filters) {
  const bills = filters.kind === null || filters.kind === "bill";
  const others = filters.kind !== "bill";
  return { bills, others };
}

type RawRow = Omit<LeadListRow, "monthlyBill" | "submittedAt" | "hasFile" | "estimate"> & {
  monthlyBill: string | number | null;
  estimate: (Omit<LeadEstimateFigures, "paybackYears"> & { paybackYears: number | null }) | string | null;
  submittedAt: Date | string;
  nextStepOn: Date | string | null;
  hasFile: boolean | string;
  /** As PostgreSQL prints it: microseconds kept, for keyset paging. */
  cursorAt: string;
};

const toRow = ({ cursorAt: _cursor, ...raw }: RawRow): LeadListRow => ({
  ...raw,
  estimate: typeof raw.estimate === "string" ? (JSON.parse(raw.estimate) as LeadEstimateFigures) : raw.estimate,
  monthlyBill: raw.monthlyBill === null ? null : Number(raw.monthlyBill),
  hasFile: raw.hasFile === true || raw.hasFile === "t",
  submittedAt: new Date(raw.submittedAt).toISOString(),
  nextStepOn: raw.nextStepOn === null ? null : String(raw.nextStepOn).slice(0, 10),
});

export type LeadCursor = { at: string; id: string };

function billSelect(filters: Filters, limit: number, after?: LeadCursor) {
  const conditions = [
    billWhere(filters),
    after
      ? sql`(${leadSubmissions.submittedAt}, ${leadSubmissions.id}) ${beyond(filters)} (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  return sql`(select ${leadSubmissions.id} as "id", 'bill' as "kind", ${leadSubmissions.businessName} as "businessName",
      ${leadSubmissions.contactName} as "contactName", ${leadSubmissions.email} as "email", ${leadSubmissions.phone} as "phone",
      ${leadSubmissions.monthlyEnergyBill} as "monthlyBill", (${leadSubmissions.fileUrl} is not null) as "hasFile",
      ${leadSubmissions.status} as "status", ${leadSubmissions.submittedAt} as "submittedAt",
      ${leadSubmissions.submittedAt}::text as "cursorAt", ${estimateFigures(leadSubmissions.estimate)} as "estimate",
      ${leadSubmissions.ownerId} as "ownerId", ${leadSubmissions.nextStepOn}::text as "nextStepOn",
      ${leadSubmissions.nextStep} as "nextStep"
    from ${leadSubmissions} ${where ? sql`where ${where}` : sql``}
    order by ${orderBy(filters, { at: leadSubmissions.submittedAt, id: leadSubmissions.id, nextStepOn: leadSubmissions.nextStepOn, bill: leadSubmissions.monthlyEnergyBill })} limit ${limit})`;
}

/** Only the headline figures, not the whole ~15 KB snapshot. */
const estimateFigures = (
  column: typeof leads.estimate | typeof leadSubmissions.estimate,
) => sql`case when ${column} is null then null else jsonb_build_object(
    'savingsLow', coalesce(${column}->'result'->'headline'->>'savingsLow', ${column}->'result'->'firstYearSavingsRange'->>'low')::float8,
    'savingsHigh', coalesce(${column}->'result'->'headline'->>'savingsHigh', ${column}->'result'->'firstYearSavingsRange'->>'high')::float8,
    'systemKw', (${column}->'result'->'systemKwDc'->>'value')::float8,
    'netCost', (${column}->'result'->'netCost'->>'value')::float8,
    'paybackYears', (${column}->'result'->'simplePaybackYears'->>'value')::float8,
    'query', ${column}->>'query') end`;

function leadSelect(filters: Filters, limit: number, after?: LeadCursor) {
  const conditions = [
    leadWhere(filters),
    after
      ? sql`(${leads.createdAt}, ${leads.id}) ${beyond(filters)} (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined,
  ];
  const where = and(...conditions.filter((c): c is SQL => c !== undefined));
  return sql`(select ${leads.id} as "id", ${leads.kind} as "kind", null::text as "businessName",
      ${leads.name} as "contactName", ${leads.email} as "email", ${leads.phone} as "phone",
      null::numeric as "monthlyBill", false as "hasFile", ${leads.status} as "status", ${leads.createdAt} as "submittedAt",
      ${leads.createdAt}::text as "cursorAt", ${estimateFigures(leads.estimate)} as "estimate",
      ${leads.ownerId} as "ownerId", ${leads.nextStepOn}::text as "nextStepOn", ${leads.nextStep} as "nextStep"
    from ${leads} ${where ? sql`where ${where}` : sql``}
    order by ${orderBy(filters, { at: leads.createdAt, id: leads.id, nextStepOn: leads.nextStepOn, bill: null })} limit ${limit})`;
}

const OWNER_JOIN = sql`left join ${user} as o on o.id = l."ownerId"`;
const OWNER_NAME = sql`coalesce(nullif(o.name, ''), o.email) as "ownerName",
  (o.id is not null and ${cannotOwnLeads({ id: sql`o.id`, disabledAt: sql`o.disabled_at` })}) as "ownerLeft"`;

async function pageOfLeads(db: AppDatabase, filters: Filters & { page: number }, pageSize: number) {
  const { bills, others } = parts(filters);
  const offset = (filters.page - 1) * pageSize;
  // Each half needs at most offset + pageSize rows: both stay index scans.
  const reach = offset + pageSize;
  const halves = [bills ? billSelect(filters, reach) : null, others ? leadSelect(filters, reach) : null].filter(
    (part): part is SQL => part !== null,
  );
  const union = sql.join(halves, sql` union all `);
  const page = await db.execute(
    sql`select l.*, ${OWNER_NAME} from (${union}) as l ${OWNER_JOIN}
      order by ${unionOrder(filters)} limit ${pageSize} offset ${offset}`,
  );
  return rowsOf<RawRow>(page).map(toRow);
}

export async function listLeads(db: AppDatabase, asked: Filters & { page: number }, pageSize = LEADS_PAGE_SIZE) {
  const filters = await resolved(db, asked);
  const filtered = isFiltered(filters);
  const [rows, all, matching] = await Promise.all([
    pageOfLeads(db, filters, pageSize),
    countLeads(db, { q: "", kind: null, status: null }),
    filtered ? countLeads(db, filters) : null,
  ]);
  return { rows, matching: matching ?? all, total: all };
}

export async function followUpsDue(db: AppDatabase, viewerId: string, today: string, limit: number) {
  const filters = { q: "", kind: null, status: null, owner: "mine", due: true, viewerId, today, page: 1 } as const;
  const [rows, matching] = await Promise.all([pageOfLeads(db, filters, limit), countLeads(db, filters)]);
  const leads = rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    name: row.businessName ?? row.contactName,
    nextStepOn: row.nextStepOn,
    nextStep: row.nextStep,
  }));
  return { total: matching, today, leads };
}

export async function nextFollowUp(db: AppDatabase, viewerId: string, today: string) {
  const open = (table: typeof leads | typeof leadSubmissions) =>
    and(
      standing(table),
      eq(table.ownerId, viewerId),
      sql`${table.nextStepOn} > ${today}::date`,
      notInArray(table.status, [...CLOSED_LEAD_STATUSES]),
    );
  const result = await db.execute(sql`
    (select ${leadSubmissions.businessName} as "name", ${leadSubmissions.nextStepOn}::text as "on"
      from ${leadSubmissions} where ${open(leadSubmissions)} order by ${leadSubmissions.nextStepOn} limit 1)
    union all
    (select ${leads.name} as "name", ${leads.nextStepOn}::text as "on"
      from ${leads} where ${open(leads)} order by ${leads.nextStepOn} limit 1)
    order by "on" limit 1`);
  const [next] = rowsOf<{ name: string; on: string }>(result);
  return next ? { name: next.name, on: String(next.on).slice(0, 10) } : null;
}

export async function leadsAfter(db: AppDatabase, asked: Filters, after: LeadCursor | undefined, pageSize: number) {
  const filters: Filters = await resolved(db, { ...asked, sort: asked.sort === "oldest" ? "oldest" : "newest" });
  const { bills, others } = parts(filters);
  const halves = [
    bills ? billSelect(filters, pageSize, after) : null,
    others ? leadSelect(filters, pageSize, after) : null,
  ].filter((part): part is SQL => part !== null);
  const union = sql.join(halves, sql` union all `);
  const result = await db.execute(
    sql`select l.*, ${OWNER_NAME} from (${union}) as l ${OWNER_JOIN}
      order by l."submittedAt" ${order(filters)}, l."id" ${order(filters)} limit ${pageSize}`,
  );
  const raw = rowsOf<RawRow>(result);
  const last = raw.at(-1);
  return { rows: raw.map(toRow), next: last ? { at: last.cursorAt, id: last.id } : undefined };
}

/** Null when more than `cap` match: a bulk action is refused rather than half done. */
export async function matchingLeadRefs(db: AppDatabase, filters: Filters, cap: number) {
  const { rows } = await leadsAfter(db, filters, undefined, cap + 1);
  return rows.length > cap ? null : rows.map((row) => ({ kind: row.kind, id: row.id }));
}

export async function countLeads(db: AppDatabase, asked: Filters): Promise<number> {
  const filters = await resolved(db, asked);
  const { bills, others } = parts(filters);
  const billCount = bills
    ? db.select({ n: sql<string>`count(*)` }).from(leadSubmissions).where(billWhere(filters))
    : Promise.resolve([{ n: "0" }]);
  const leadCount = others
    ? db.select({ n: sql<string>`count(*)` }).from(leads).where(leadWhere(filters))
    : Promise.resolve([{ n: "0" }]);
  const [[a], [b]] = await Promise.all([billCount, leadCount]);
  return Number(a?.n ?? 0) + Number(b?.n ?? 0);
}

export async function leadExists(db: AppDatabase, kind: LeadKind, id: string): Promise<boolean> {
  const rows =
    kind === "bill"
      ? await db.select({ id: leadSubmissions.id }).from(leadSubmissions).where(eq(leadSubmissions.id, id))
      : await db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.id, id), eq(leads.kind, kind)));
  return rows.length > 0;
}

export async function readLead(db: AppDatabase, kind: LeadKind, id: string) {
  const lead =
    kind === "bill"
      ? (await db.select().from(leadSubmissions).where(eq(leadSubmissions.id, id)))[0]
      : (
          await db
            .select()
            .from(leads)
            .where(and(eq(leads.id, id), eq(leads.kind, kind)))
        )[0];
  if (!lead) return null;
  const merged = await mergedLeadsOf(db, id);
  const refs = [{ kind, id }, ...merged];
  const [notes, mail] = await Promise.all([
    db
      .select()
      .from(leadNotes)
      .where(
        inArray(
          leadNotes.leadId,
          refs.map((ref) => ref.id),
        ),
      )
      .orderBy(desc(leadNotes.createdAt)),
    db
      .select({ ...mailColumns, sentBy: sql<string | null>`${emailOutbox.formData}->>'staffName'` })
      .from(emailOutbox)
      .where(mailOfLeads(refs))
      .orderBy(asc(emailOutbox.createdAt)),
  ]);
  return { kind, lead, notes, mail, merged };
}

export async function setLeadStatus(
  db: AppDatabase,
  kind: LeadKind,
  id: string,
  status: LeadStatus,
): Promise<{ from: LeadStatus; name: string; email: string } | null> {
  // The old value from the same statement: a concurrent change cannot slip in between.
  const result =
    kind === "bill"
      ? await db.execute(sql`update ${leadSubmissions} as t set status = ${status}
          from (select id, status from ${leadSubmissions} where id = ${id} for update) as before
          where t.id = before.id returning before.status as "from", t.business_name as "name", t.email as "email"`)
      : await db.execute(sql`update ${leads} as t set status = ${status}
          from (select id, status from ${leads} where id = ${id} and kind = ${kind} for update) as before
          where t.id = before.id returning before.status as "from", t.name as "name", t.email as "email"`);
  const [row] = rowsOf<{ from: LeadStatus; name: string; email: string }>(result);
  return row ?? null;
}

export async function addLeadNote(
  db: AppDatabase,
  input: { leadId: string; authorId: string | null; authorName: string; body: string },
) {
  const [row] = await db.insert(leadNotes).values(input).returning();
  return row;
}

export async function billFileKey(db: AppDatabase, id: string): Promise<string | null> {
  const [row] = await db
    .select({ fileUrl: leadSubmissions.fileUrl })
    .from(leadSubmissions)
    .where(eq(leadSubmissions.id, id));
  return row?.fileUrl ?? null;
}

export type LeadExportDetails = Attribution & {
  industry: string | null;
  state: string | null;
  solarReadiness: string | null;
  question: string | null;
  notes: string;
  merged: string;
};

const attributionColumns = <T extends typeof leads | typeof leadSubmissions>(table: T) => ({
  id: table.id,
  sourcePage: table.sourcePage,
  referrer: table.referrer,
  utmSource: table.utmSource,
  utmMedium: table.utmMedium,
  utmCampaign: table.utmCampaign,
  utmTerm: table.utmTerm,
  utmContent: table.utmContent,
});

export async function exportDetails(db: AppDatabase, rows: LeadListRow[]): Promise<Map<string, LeadExportDetails>> {
  const billIds = rows.filter((row) => row.kind === "bill").map((row) => row.id);
  const leadIds = rows.filter((row) => row.kind !== "bill").map((row) => row.id);
  const [bills, others, notes] = await Promise.all([
    billIds.length
      ? db.select(attributionColumns(leadSubmissions)).from(leadSubmissions).where(inArray(leadSubmissions.id, billIds))
      : [],
    leadIds.length
      ? db
          .select({
            ...attributionColumns(leads),
            industry: leads.industry,
            state: leads.state,
            solarReadiness: leads.solarReadiness,
            question: leads.question,
          })
          .from(leads)
          .where(inArray(leads.id, leadIds))
      : [],
    rows.length
      ? db
          .select({
            leadId: leadNotes.leadId,
            notes: sql<string>`string_agg(${leadNotes.body}, ' | ' order by ${leadNotes.createdAt})`,
          })
          .from(leadNotes)
          .where(inArray(leadNotes.leadId, [...billIds, ...leadIds]))
          .groupBy(leadNotes.leadId)
      : [],
  ]);
  const notesOf = new Map(notes.map((row) => [row.leadId, row.notes]));
  const mergedOf = await mergedSummaries(db, [...billIds, ...leadIds]);
  const none = { industry: null, state: null, solarReadiness: null, question: null };
  const details = new Map<string, LeadExportDetails>();
  for (const { id, ...row } of [...bills.map((bill) => ({ ...none, ...bill })), ...others]) {
    details.set(id, { ...row, notes: notesOf.get(id) ?? "", merged: mergedOf.get(id)?.join(" | ") ?? "" });
  }
  return details;
}

async function mergedSummaries(db: AppDatabase, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const [bills, others] = await Promise.all([
    db
      .select({
        into: leadSubmissions.mergedIntoId,
        name: leadSubmissions.contactName,
        email: leadSubmissions.email,
        phone: leadSubmissions.phone,
        question: sql<string | null>`null`,
      })
      .from(leadSubmissions)
      .where(inArray(leadSubmissions.mergedIntoId, ids)),
    db
      .select({
        into: leads.mergedIntoId,
        name: leads.name,
        email: leads.email,
        phone: leads.phone,
        question: leads.question,
      })
      .from(leads)
      .where(inArray(leads.mergedIntoId, ids)),
  ]);
  const byLead = new Map<string, string[]>();
  for (const row of [...bills, ...others]) {
    if (!row.into) continue;
    const summary = `${row.name} <${row.email}>${row.phone ? `, ${row.phone}` : ""}${row.question ? `: ${row.question}` : ""}`;
    byLead.set(row.into, [...(byLead.get(row.into) ?? []), summary]);
  }
  return byLead;
}

const BOARD_CARDS_PER_COLUMN = 25;

export async function leadBoard(db: AppDatabase, asked: Filters) {
  const filters = await resolved(db, { ...asked, spam: false });
  return Promise.all(
    LEAD_STATUSES.map(async (status) => {
      if (filters.owner === "unassigned" && isClosedStatus(status))
        return { status, count: 0, monthlyBill: 0, cards: [] };
      const scoped = { ...filters, status };
      const { bills } = parts(scoped);
      const [cards, count, billTotal] = await Promise.all([
        pageOfLeads(db, { ...scoped, page: 1 }, BOARD_CARDS_PER_COLUMN),
        countLeads(db, scoped),
        bills
          ? db
              .select({ total: sql<string | null>`sum(${leadSubmissions.monthlyEnergyBill})` })
              .from(leadSubmissions)
              .where(billWhere(scoped))
          : Promise.resolve([{ total: null }]),
      ]);
      return { status, count, monthlyBill: Number(billTotal[0]?.total ?? 0), cards };
    }),
  );
}
