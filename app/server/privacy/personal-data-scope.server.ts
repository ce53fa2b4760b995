import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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
 * stop (the end of a sentence) still ends it.
 */
export function addressPattern(address: string): string {
  const escaped = address.replace(/[^a-z0-9]/g, (c) => `\\${c}`);
  return `(^|[^a-z0-9._%+'-])${escaped}($|[^a-z0-9.-]|\\.($|[^a-z0-9-]))`;
}
const mentions = (column: AnyPgColumn | SQL, address: string) =>
  sql`lower(${column}::text) ~ ${addressPattern(address)}`;

export const leadsOfAddress = (address: string) => sql`lower(${leads.email}) = ${address}`;
export const submissionsOfAddress = (address: string) => sql`lower(${leadSubmissions.email}) = ${address}`;

/** Keys the visitor-mail allowances use for this address (rate-limiter-flexible's `prefix:key`). */
const allowanceKeys = (address: string) =>
  ["guide-recipient", "estimate-recipient"].map((prefix) => `${prefix}:${guideRecipientKey(address)}`);

const orNone = (...conditions: (SQL | undefined)[]): SQL => or(...conditions) ?? sql`false`;

/** Each table's rows in scope: by lead id, and by the address when there is one. */
export function scopeConditions({ leadIds, address }: ErasureScope) {
  const byAddress = <T>(make: (a: string) => T) => (address ? make(address) : undefined);
  return {
    notes: inArray(leadNotes.leadId, leadIds),
    // A merge line on another lead names the merged lead (its id and name): it goes with it.
    events: or(inArray(leadEvents.leadId, leadIds), inArray(sql`${leadEvents.details}->>'id'`, leadIds)) as SQL,
    emails: orNone(
      inArray(emailOutbox.leadId, leadIds),
      inArray(emailOutbox.leadSubmissionId, leadIds),
      byAddress((a) => sql`lower(${emailOutbox.toAddress}) = ${a}`),
      byAddress((a) => mentions(emailOutbox.formData, a)),
    ),
    deliveries: orNone(
      inArray(sql`${webhookDeliveries.payload}->'data'->'lead'->>'id'`, leadIds),
      byAddress((a) => mentions(webhookDeliveries.payload, a)),
    ),
    suppressions: byAddress((a) => eq(emailSuppressions.email, a)),
    // The exact address's block goes (it is the address); a domain block names no one and stays.
    blocks: byAddress((a) => and(eq(leadBlocks.kind, "address"), eq(leadBlocks.value, a))),
    // Only events that name the address (a block's subject, a re-addressed e-mail); the ids
    // of deleted leads name no one, and staff accounts are out of scope (actor_email untouched).
    audit: byAddress((a) => or(mentions(auditEvents.subject, a), mentions(auditEvents.details, a))),
    rateLimits: byAddress((a) => or(inArray(rateLimits.key, allowanceKeys(a)), mentions(rateLimits.key, a))),
    // Page views carry no lead or visitor id: only a view whose URL or title holds the address.
    pageViews: byAddress((a) =>
      or(mentions(pageViews.location, a), mentions(pageViews.referrer, a), mentions(pageViews.title, a)),
    ),
  };
}
