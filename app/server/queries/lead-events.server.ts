import { asc, inArray } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { leadEvents } from "../db/schema";

export type LeadEventType = "status" | "owner" | "next-step" | "file";
const LEAD_MERGE_EVENT_TYPES = ["merge", "merged-into", "separate", "separated"] as const;
export type LeadMergeEventType = (typeof LEAD_MERGE_EVENT_TYPES)[number];
export const isMergeEvent = (type: string): type is LeadMergeEventType =>
  (LEAD_MERGE_EVENT_TYPES as readonly string[]).includes(type);
export type Actor = { id: string; name: string };

export async function recordLeadEvent(
  db: AppDatabase,
  event: { leadId: string; type: LeadEventType; actor: Actor; details?: Record<string, string | null> },
): Promise<void> {
  await db.insert(leadEvents).values({
    leadId: event.leadId,
    type: event.type,
    actorId: event.actor.id,
    actorName: event.actor.name,
    details: event.details ?? {},
  });
}

export function leadEventsOf(db: AppDatabase, leadIds: string[]) {
  return db
    .select({
      leadId: leadEvents.leadId,
      type: leadEvents.type,
      actorName: leadEvents.actorName,
      details: leadEvents.details,
      at: leadEvents.at,
    })
    .from(leadEvents)
    .where(inArray(leadEvents.leadId, leadIds))
    .orderBy(asc(leadEvents.at));
}
