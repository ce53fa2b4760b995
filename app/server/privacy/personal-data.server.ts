import { asc, inArray } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
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
import { leadsOfAddress, scopeConditions, submissionsOfAddress } from "./personal-data-scope.server";

/**
 * Everything held about an address (a privacy request): the rows `eraseLeads` would delete for
 * it, whole, for the admin's summary and the export.
 */
export async function findPersonalData(db: AppDatabase, address: string) {
  const [leadRows, submissionRows] = await Promise.all([
    db.select().from(leads).where(leadsOfAddress(address)).orderBy(asc(leads.createdAt)),
    db.select().from(leadSubmissions).where(submissionsOfAddress(address)).orderBy(asc(leadSubmissions.submittedAt)),
  ]);
  const leadIds = [...leadRows.map((row) => row.id), ...submissionRows.map((row) => row.id)];
  const scope = scopeConditions({ leadIds, address });
  const [notes, events, emails, deliveries, suppressions, blocks, audit, views, limits, mergedIn] = await Promise.all([
    db.select().from(leadNotes).where(scope.notes),
    db.select().from(leadEvents).where(scope.events),
    db.select().from(emailOutbox).where(scope.emails),
    db.select().from(webhookDeliveries).where(scope.deliveries),
    db.select().from(emailSuppressions).where(scope.suppressions),
    db.select().from(leadBlocks).where(scope.blocks),
    // Not who acted or from where: that is staff data, not the requester's.
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        action: auditEvents.action,
        subject: auditEvents.subject,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(scope.audit),
    db.select().from(pageViews).where(scope.pageViews),
    db.select({ key: rateLimits.key, expire: rateLimits.expire }).from(rateLimits).where(scope.rateLimits),
    // Other people's leads merged into these: they stay, merged no more.
    leadIds.length
      ? Promise.all([
          db.select({ id: leads.id }).from(leads).where(inArray(leads.mergedIntoId, leadIds)),
          db
            .select({ id: leadSubmissions.id })
            .from(leadSubmissions)
            .where(inArray(leadSubmissions.mergedIntoId, leadIds)),
        ]).then(([a, b]) => a.length + b.length)
      : 0,
  ]);
  return {
    address,
    leads: leadRows,
    billSubmissions: submissionRows,
    notes,
    timeline: events,
    emails,
    webhookDeliveries: deliveries,
    unsubscribes: suppressions,
    blocks,
    auditEvents: audit,
    pageViews: views,
    rateLimits: limits,
    otherLeadsMergedIn: mergedIn,
  };
}

export type PersonalData = Awaited<ReturnType<typeof findPersonalData>>;

/** The stored bill files among the person's submissions. */
export const billKeysOf = (data: PersonalData): string[] =>
  data.billSubmissions.flatMap((row) => (row.fileUrl ? [row.fileUrl] : []));

/** How many of each kind: the summary, the confirmation and the audit line. */
export function personalDataCounts(data: PersonalData) {
  return {
    leads: data.leads.length,
    billSubmissions: data.billSubmissions.length,
    billFiles: billKeysOf(data).length,
    notes: data.notes.length,
    timeline: data.timeline.length,
    emails: data.emails.length,
    webhookDeliveries: data.webhookDeliveries.length,
    unsubscribes: data.unsubscribes.length,
    blocks: data.blocks.length,
    auditEvents: data.auditEvents.length,
    pageViews: data.pageViews.length,
    rateLimits: data.rateLimits.length,
  };
}

export type PersonalDataCounts = ReturnType<typeof personalDataCounts>;

export const isEmpty = (counts: PersonalDataCounts) => Object.values(counts).every((n) => n === 0);
