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

/**
 * Which rows of each table belong to a set of leads, and (for a privacy request) to an address.
 * Finding, exporting and deleting all read these, so what is shown is what is deleted.
 */
export type ErasureScope = {
  /** Ids of `leads` and `lead_submissions` rows (UUIDs: unique across both). */
  leadIds: string[];
  /** Lower-cased; null for the retention purge, which deletes leads, not a person. */
  address: string | null;
};

/**
 * The whole address in a text or JSON value, whatever its case: not inside a longer one
 * (`ann@x.example` must not match `joann@x.example` or `ann@x.example.org`). A trailing full
 * stop (the end of a sentence) still ends it. Lookarounds, so that replacing every match also
 * finds two occurrences one character apart; PostgreSQL and JavaScript read it alike.
 */
export function addressPattern(address: string): string {
  const escaped = address.replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  return `(?<![a-z0-9._%+'-])${escaped}(?![a-z0-9-]|\\.[a-z0-9-])`;
}
const mentions = (column: AnyPgColumn | SQL, address: string) =>
  sql`lower(${column}::text) ~ ${addressPattern(address)}`;

export const leadsOfAddress = (address: string) => sql`lower(${leads.email}) = ${address}`;
export const submissionsOfAddress = (address: string) => sql`lower(${leadSubmissions.email}) = ${address}`;

/** Keys the visitor-mail allowances use for this address (rate-limiter-flexible's `prefix:key`). */
const allowanceKeys = (address: string) =>
  ["guide-recipient", "estimate-recipient"].map((prefix) => `${prefix}:${guideRecipientKey(address)}`);

const orNone = (...conditions: (SQL | undefined)[]): SQL => or(...conditions) ?? sql`false`;

/**
 * Each table's rows in scope, by lead id and by the address when there is one, under the name
 * the summary and the export give them: finding lists these rows, erasing deletes them.
 * `columns` narrows what finding shows where a row holds more than the person's data.
 */
export function scopedTables({ leadIds, address }: ErasureScope) {
  const byAddress = (make: (a: string) => SQL | undefined) => (address ? make(address) : undefined);
  return [
    { key: "notes", table: leadNotes, where: inArray(leadNotes.leadId, leadIds) },
    // A merge line on another lead names the merged lead (its id and name): it goes with it.
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
    // The exact address's block goes (it is the address); a domain block names no one and stays.
    {
      key: "blocks",
      table: leadBlocks,
      where: byAddress((a) => and(eq(leadBlocks.kind, "address"), eq(leadBlocks.value, a))),
    },
    // Only entries that name the address (a block's subject, a re-addressed e-mail), deleted
    // whole: the log is append-only (decision 0018), and the privacy line that replaces them
    // counts them. Who acted and from where is staff data: not shown, and actor_email untouched.
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
    // Page views carry no lead or visitor id: only a view whose URL or title holds the address.
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

/**
 * Records that are not the person's but may name the address (a note on a colleague's lead, the
 * digest that listed the lead): they stay, the address in them is replaced.
 * `owned` is what the deletion takes instead, so finding a mention skips the rows deleted whole.
 */
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

/** A table's text and JSON columns by property name: where an address can be written. */
export function textColumns(table: PgTable): [string, AnyPgColumn][] {
  return Object.entries(getTableColumns(table)).filter(([, column]) =>
    /^(text|varchar|json|jsonb)\b/.test(column.getSQLType()),
  ) as [string, AnyPgColumn][];
}

/** Rows of the table naming the address in any text or JSON column, less those owned. */
export function mentionsIn(table: PgTable, address: string, owned?: SQL): SQL {
  const named = orNone(...textColumns(table).map(([, column]) => mentions(column, address)));
  // coalesce: a row the owned test cannot decide (a null lead id) is someone else's.
  return owned ? (and(named, sql`not coalesce(${owned}, false)`) as SQL) : named;
}

/** Each text column set to itself with every occurrence of the address replaced. */
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
