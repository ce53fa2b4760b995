import { addDays, type IsoDate } from "~/lib/dates";
import type { ActivityChanges } from "~/lib/lead-activity";
import type { LeadActivity } from "~/lib/validation/staff-forms";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { leadNotes } from "../db/schema";
import type { Actor } from "../queries/lead-events.server";
import { type LeadRef, setNextStep } from "../queries/lead-owners.server";
import { leadExists } from "../queries/staff-leads.server";
import { changeLeadStatusIn } from "../webhooks/lead-webhooks.server";
import { kickWebhooks } from "../webhooks/webhook-delivery.server";

/** Activity, status and next step saved all or nothing, as one timeline entry. */
export async function logLeadActivity(
  db: AppDatabase,
  ref: LeadRef,
  actor: Actor,
  activity: LeadActivity,
  today: IsoDate,
): Promise<boolean> {
  if (!(await leadExists(db, ref.kind, ref.id))) return false;
  const queued = await writeTransaction(db, async (transaction) => {
    const tx = transaction as AppDatabase;
    const changes: ActivityChanges = {};
    let queued = 0;
    if (activity.status) {
      const changed = await changeLeadStatusIn(tx, ref, activity.status, actor, { timelineLine: false });
      if (changed && changed.from !== activity.status) {
        changes.statusFrom = changed.from;
        changes.statusTo = activity.status;
        queued = changed.queued;
      }
    }
    const next = nextStepOf(activity, today);
    if (next === null) {
      await setNextStep(tx, ref, null);
      changes.nextDone = "yes";
    } else if (next) {
      await setNextStep(tx, ref, next);
      changes.nextOn = next.on;
      changes.nextTask = next.task || null;
    }
    await tx.insert(leadNotes).values({
      leadId: ref.id,
      authorId: actor.id,
      authorName: actor.name,
      body: activity.body ?? "",
      kind: activity.kind,
      outcome: activity.outcome ?? null,
      changes,
    });
    return queued;
  });
  if (queued) kickWebhooks();
  return true;
}

function nextStepOf(activity: LeadActivity, today: IsoDate): { on: string; task: string } | null | undefined {
  const task = activity.nextTask ?? "";
  if (activity.next === "keep") return undefined;
  if (activity.next === "done") return null;
  if (activity.next === "date") return activity.nextOn ? { on: activity.nextOn, task } : undefined;
  return { on: addDays(today, Number(activity.next)), task };
}
