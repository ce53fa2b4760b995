import { and, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  auditEvents,
  emailOutbox,
  emailSuppressions,
  leadBlocks,
  leadEvents,
  leadNotes,
  leadSubmissions,
  leads,
  pageViews,
  rateLimits,
  webhookDeliveries,
} from "../db/schema";
import { guideRecipientKey } from "../leads/lead-store.server";

/** Finding, exporting and deleting all read these, so what is shown is what is deleted. */
export type ErasureScope = {
  leadIds: string[];
  /** Null for the retention purge, which deletes leads, not a person. */
  address: string | null;
};

/**
 * The whole address, not inside a longer one (`ann@x.example` ≠ `joann@x.example`); lookarounds so two
 * occurrences one character apart are both replaced. PostgreSQL and JavaScript read it alike.
 */
export function addressPattern(address: string): string {
  const escaped = address.replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  return `(?<![a-z0-9._%+'-])${escaped}(?![a-z0-9-]|\\.[a-z0-9-])`;
}
const mentions = (column: AnyPgColumn | SQL, address: string) =>
  sql`lower(${column}::text) ~ ${addressPattern(address)}`;

export const leadsOfAddress = (address: string) => sql`lower(${leads.email}) = ${address}`;
export const submissionsOfAddress = (address: string) => sql`lower(${leadSubmissions.email}) = ${address}`;

const allowanceKeys = (address: string) =>
  ["guide-recipient", "estimate-recipient"].map((prefix) => `${prefix}:${guideRecipientKey(address)}`);

const orNone = (...conditions: (SQL | undefined)[]): SQL => or(...conditions) ?? sql`false`;

export function scopedTables({ leadIds, address }: ErasureScope) {
  const byAddress = (make: (a: string) => SQL | undefined) => (address ? make(address) : undefined);
  return [
    { key: "notes", table: leadNotes, where: inArray(leadNotes.leadId, leadIds) },
    // A merge line on another lead names the merged lead: it goes with it.
    {
      key: "timeline",
      table: leadEvents,
      where: or(inArray(leadEvents.leadId, leadIds), inArray(sql`${leadEvents.details}->>'id'`, leadIds)),
    },
    {
      key: "emails",
      table: emailOutbox,
      where: orNone(
        inArray(emailOutbox.leadId, leadIds),
        inArray(emailOutbox.leadSubmissionId, leadIds),
        byAddress((a) => sql`lower(${emailOutbox.toAddress}) = ${a}`),
      ),
    },
    {
      key: "webhookDeliveries",
      table: webhookDeliveries,
      where: inArray(sql`${webhookDeliveries.payload}->'data'->'lead'->>'id'`, leadIds),
    },
    { key: "unsubscribes", table: emailSuppressions, where: byAddress((a) => eq(emailSuppressions.email, a)) },
    // A domain block names no one and stays.
    {
      key: "blocks",
      table: leadBlocks,
      where: byAddress((a) => and(eq(leadBlocks.kind, "address"), eq(leadBlocks.value, a))),
    },
    // Deleted whole: the log is append-only (decision 0018). Actors are staff data: not shown, not touched.
    {
      key: "auditEvents",
      table: auditEvents,
      where: byAddress((a) => or(mentions(auditEvents.subject, a), mentions(auditEvents.details, a))),
      columns: {
        id: auditEvents.id,
        at: auditEvents.at,
        action: auditEvents.action,
        subject: auditEvents.subject,
        details: auditEvents.details,
      },
    },
    {
      key: "pageViews",
      table: pageViews,
      where: byAddress((a) =>
        or(mentions(pageViews.location, a), mentions(pageViews.referrer, a), mentions(pageViews.title, a)),
      ),
    },
    {
      key: "rateLimits",
      table: rateLimits,
      where: byAddress((a) => or(inArray(rateLimits.key, allowanceKeys(a)), mentions(rateLimits.key, a))),
      columns: { key: rateLimits.key, expire: rateLimits.expire },
    },
  ] as const satisfies readonly ScopedTable[];
}

export type ScopedTable = {
  key: string;
  table: PgTable;
  where: SQL | undefined;
  columns?: Record<string, AnyPgColumn>;
};
export type ScopedKey = ReturnType<typeof scopedTables>[number]["key"];

/** Other people's records that name the address stay, with the address replaced. */
export function mentionTables({ leadIds, address }: ErasureScope & { address: string }) {
  const owned = Object.fromEntries(scopedTables({ leadIds, address }).map(({ key, where }) => [key, where]));
  return [
    { name: "lead", table: leads, owned: or(inArray(leads.id, leadIds), leadsOfAddress(address)) },
    {
      name: "bill submission",
      table: leadSubmissions,
      owned: or(inArray(leadSubmissions.id, leadIds), submissionsOfAddress(address)),
    },
    { name: "note", table: leadNotes, owned: owned.notes },
    { name: "timeline line", table: leadEvents, owned: owned.timeline },
    { name: "e-mail", table: emailOutbox, owned: owned.emails },
    { name: "webhook delivery", table: webhookDeliveries, owned: owned.webhookDeliveries },
  ] satisfies { name: string; table: PgTable; owned: SQL | undefined }[];
}

const ADDRESS_REMOVED = "[address removed]";

export function textColumns(table: PgTable): [string, AnyPgColumn][] {
  return Object.entries(getTableColumns(table)).filter(([, column]) =>
    /^(text|varchar|json|jsonb)\b/.test(column.getSQLType()),
  ) as [string, AnyPgColumn][];
}

export function mentionsIn(table: PgTable, address: string, owned?: SQL): SQL {
  const named = orNone(...textColumns(table).map(([, column]) => mentions(column, address)));
  // coalesce: a row the owned test cannot decide (a null lead id) is someone else's.
  return owned ? (and(named, sql`not coalesce(${owned}, false)`) as SQL) : named;
}

export function redactedColumns(table: PgTable, address: string): Record<string, SQL> {
  return Object.fromEntries(
    textColumns(table).map(([key, column]) => {
      const type = column.getSQLType();
      const json = type.startsWith("json");
      const text = json ? sql`${column}::text` : sql`${column}`;
      const replaced = sql`regexp_replace(${text}, ${addressPattern(address)}, ${ADDRESS_REMOVED}, 'gi')`;
      const value = json ? sql`${replaced}::${sql.raw(type)}` : replaced;
      return [key, sql`case when ${mentions(column, address)} then ${value} else ${column} end`];
    }),
  );
}
