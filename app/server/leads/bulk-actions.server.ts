import { inArray } from "drizzle-orm";
import { isIsoDate } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import {
  formatAdminDay,
  isLeadKind,
  isLeadStatus,
  LEAD_STATUS_LABELS,
  type LeadKind,
  type LeadStatus,
} from "~/lib/lead-workspace";
import type { ToastMessage } from "~/lib/toast";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads } from "../db/schema";
import { type Actor, recordLeadEvent } from "../queries/lead-events.server";
import { assignLeads, setNextStep } from "../queries/lead-owners.server";
import { changeLeadStatus } from "../webhooks/lead-webhooks.server";

/** Bulk actions whose toast offers an Undo, which posts back each lead's old value as "kind:id:value" entries. */
type Ref = { kind: LeadKind; id: string };
type Entry = { ref: Ref; value: string };
const plural = (count: number) => `${count} ${count === 1 ? "lead" : "leads"}`;
const NONE = "none";

function entriesOf(values: string[], valid: (value: string) => boolean): Entry[] | null {
  const entries = values.map((entry) => {
    const [kind, id, ...rest] = entry.split(":");
    return { kind, id, value: rest.join(":") };
  });
  const ok = entries.every(({ kind, id, value }) => isLeadKind(kind) && isUuid(id) && valid(value));
  if (!ok || entries.length === 0) return null;
  return entries.map(({ kind, id, value }) => ({ ref: { kind: kind as LeadKind, id: id as string }, value }));
}

const undoToast = (title: string, intent: string, entries: string[]): ToastMessage => ({
  title,
  variant: "success",
  ...(entries.length
    ? {
        undo: {
          action: "/admin/leads",
          fields: [["intent", intent], ...entries.map((e) => ["restore", e] as [string, string])],
        },
      }
    : {}),
});
const NOTHING: ToastMessage = { title: "Nothing was changed", variant: "destructive" };

async function currentOf(db: AppDatabase, refs: Ref[]) {
  const bills = refs.filter((ref) => ref.kind === "bill").map((ref) => ref.id);
  const others = refs.filter((ref) => ref.kind !== "bill").map((ref) => ref.id);
  const columns = (table: typeof leads | typeof leadSubmissions) => ({
    id: table.id,
    ownerId: table.ownerId,
    on: table.nextStepOn,
    task: table.nextStep,
  });
  const rows = [
    ...(bills.length
      ? await db.select(columns(leadSubmissions)).from(leadSubmissions).where(inArray(leadSubmissions.id, bills))
      : []),
    ...(others.length ? await db.select(columns(leads)).from(leads).where(inArray(leads.id, others)) : []),
  ];
  return new Map(
    rows.map((row) => [
      row.id,
      { ownerId: row.ownerId, on: row.on ? String(row.on).slice(0, 10) : null, task: row.task },
    ]),
  );
}

export async function assignOf(
  db: AppDatabase,
  refs: Ref[],
  ownerId: string | null,
  by: Actor & { siteUrl: string },
): Promise<ToastMessage | null> {
  const before = await currentOf(db, refs);
  const changed = await assignLeads(db, refs, ownerId, by);
  if (changed === null) return null;
  const back = refs
    .filter((ref) => before.has(ref.id) && (before.get(ref.id)?.ownerId ?? null) !== ownerId)
    .map((ref) => `${ref.kind}:${ref.id}:${before.get(ref.id)?.ownerId ?? NONE}`);
  return undoToast(`${plural(changed)} ${ownerId ? "assigned" : "unassigned"}`, "restore-owners", changed ? back : []);
}

async function restoreOwners(db: AppDatabase, values: string[], by: Actor & { siteUrl: string }) {
  const entries = entriesOf(values, (value) => value === NONE || /^[A-Za-z0-9]{32}$/.test(value));
  if (!entries) return NOTHING;
  const byOwner = new Map<string, Entry[]>();
  for (const entry of entries) byOwner.set(entry.value, [...(byOwner.get(entry.value) ?? []), entry]);
  let kept = 0;
  for (const [owner, group] of byOwner) {
    const refs = group.map((entry) => entry.ref);
    if ((await assignLeads(db, refs, owner === NONE ? null : owner, by)) === null) kept += refs.length;
  }
  if (!kept) return { title: "Owner change undone", variant: "success" } satisfies ToastMessage;
  return {
    title: "Owner change undone",
    description: `${plural(kept)} kept: their owner can no longer own leads.`,
  } satisfies ToastMessage;
}

export async function setNextStepOf(db: AppDatabase, refs: Ref[], on: string, actor: Actor): Promise<ToastMessage> {
  const before = await currentOf(db, refs);
  const back: string[] = [];
  for (const ref of refs) {
    const had = before.get(ref.id);
    if (!had || had.on === on) continue;
    await setNextStep(db, ref, { on, task: had.task ?? "" });
    await recordLeadEvent(db, { leadId: ref.id, type: "next-step", actor, details: { on, task: had.task } });
    back.push(`${ref.kind}:${ref.id}:${had.on ?? NONE}`);
  }
  return undoToast(`${plural(back.length)}: next step on ${formatAdminDay(on)}`, "restore-next-steps", back);
}

async function restoreNextSteps(db: AppDatabase, values: string[], actor: Actor): Promise<ToastMessage> {
  const entries = entriesOf(values, (value) => value === NONE || isIsoDate(value));
  if (!entries) return NOTHING;
  const now = await currentOf(
    db,
    entries.map((entry) => entry.ref),
  );
  for (const { ref, value } of entries) {
    const task = now.get(ref.id)?.task ?? null;
    await setNextStep(db, ref, value === NONE ? null : { on: value, task: task ?? "" });
    const details = value === NONE ? { on: null, task: null } : { on: value, task };
    await recordLeadEvent(db, { leadId: ref.id, type: "next-step", actor, details });
  }
  return { title: "Next step change undone", variant: "success" };
}

export async function setStatusOf(db: AppDatabase, refs: Ref[], status: LeadStatus, actor: Actor) {
  const back: string[] = [];
  for (const ref of refs) {
    const changed = await changeLeadStatus(db, ref, status, actor);
    if (changed && changed.from !== status) back.push(`${ref.kind}:${ref.id}:${changed.from}`);
  }
  return undoToast(`${plural(back.length)} set to ${LEAD_STATUS_LABELS[status]}`, "restore-status", back);
}

async function restoreStatuses(db: AppDatabase, values: string[], actor: Actor): Promise<ToastMessage> {
  const entries = entriesOf(values, isLeadStatus);
  if (!entries) return NOTHING;
  for (const { ref, value } of entries) await changeLeadStatus(db, ref, value as LeadStatus, actor);
  return { title: "Status change undone", variant: "success" };
}

export function restoreOf(db: AppDatabase, intent: unknown, values: string[], by: Actor & { siteUrl: string }) {
  if (intent === "restore-status") return restoreStatuses(db, values, by);
  if (intent === "restore-owners") return restoreOwners(db, values, by);
  if (intent === "restore-next-steps") return restoreNextSteps(db, values, by);
  return null;
}
