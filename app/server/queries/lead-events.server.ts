import { asc, eq } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { leadEvents } from "../db/schema";

/** What staff did to a lead, for its timeline (decision 0027): status, owner, next step, file. */
export type LeadEventType = "status" | "owner" | "next-step" | "file";
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

export function leadEventsOf(db: AppDatabase, leadId: string) {
  return db
    .select({ type: leadEvents.type, actorName: leadEvents.actorName, details: leadEvents.details, at: leadEvents.at })
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.at));
}
