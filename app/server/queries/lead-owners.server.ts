import { and, asc, eq, inArray, isNull, lt, lte, notInArray, type SQL, sql } from "drizzle-orm";
import { CLOSED_LEAD_STATUSES, LEAD_KIND_LABELS, type LeadKind, REPLY_WITHIN_HOURS } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { emailOutbox, leadEvents, leadRotation, leadSubmissions, leads, user, userRoles } from "../db/schema";
import { leadHooksChanged } from "../leads/lead-hooks.server";
import { departedOwnerIds, withoutActiveOwner } from "./active-owner.server";
import { standing } from "./lead-scope.server";

export type StaffMember = { id: string; name: string; email: string; inRotation: boolean };
export type LeadRef = { kind: LeadKind; id: string };

export async function assignableStaff(db: AppDatabase): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, rotation: leadRotation.userId })
    .from(user)
    .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
    .leftJoin(leadRotation, eq(leadRotation.userId, user.id))
    .where(isNull(user.disabledAt))
    .orderBy(asc(user.name), asc(user.email));
  return rows.map(({ rotation, ...row }) => ({ ...row, inRotation: rotation !== null }));
}

export async function formerOwnerName(
  db: AppDatabase,
  ownerId: string | null,
  staff: readonly StaffMember[],
): Promise<string | null> {
  if (ownerId === null || staff.some((member) => member.id === ownerId)) return null;
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, ownerId));
  return row ? row.name || row.email : null;
}

/** Null when the owner may not own leads; the owner's e-mail is queued in the same transaction. */
export async function assignLeads(
  db: AppDatabase,
  refs: LeadRef[],
  ownerId: string | null,
  by?: { id: string; name: string; siteUrl: string },
): Promise<number | null> {
  const owner = ownerId === null ? null : (await assignableStaff(db)).find((member) => member.id === ownerId);
  if (ownerId !== null && !owner) return null;
  const billIds = refs.filter((ref) => ref.kind === "bill").map((ref) => ref.id);
  const others = refs.filter((ref) => ref.kind !== "bill");
  return db.transaction(async (tx) => {
    const changed: { kind: LeadKind; id: string; name: string }[] = [];
    if (billIds.length) {
      const rows = await tx
        .update(leadSubmissions)
        .set({ ownerId })
        .where(and(inArray(leadSubmissions.id, billIds), sql`${leadSubmissions.ownerId} is distinct from ${ownerId}`))
        .returning({ id: leadSubmissions.id, name: leadSubmissions.businessName });
      changed.push(...rows.map((row) => ({ ...row, kind: "bill" as const })));
    }
    for (const kind of new Set(others.map((ref) => ref.kind))) {
      const ids = others.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      const rows = await tx
        .update(leads)
        .set({ ownerId })
        .where(and(inArray(leads.id, ids), eq(leads.kind, kind), sql`${leads.ownerId} is distinct from ${ownerId}`))
        .returning({ id: leads.id, name: leads.name });
      changed.push(...rows.map((row) => ({ ...row, kind })));
    }
    if (by && changed.length > 0) {
      const to = owner ? owner.name || owner.email : null;
      await tx.insert(leadEvents).values(
        changed.map((lead) => ({
          leadId: lead.id,
          type: "owner",
          actorId: by.id,
          actorName: by.name,
          details: { to },
        })),
      );
    }
    if (owner && by && by.id !== owner.id && changed.length > 0) {
      await tx.insert(emailOutbox).values({
        formType: "Leads assigned",
        template: "leads-assigned",
        subject:
          changed.length === 1
            ? `A lead was assigned to you: ${changed[0]?.name}`
            : `${changed.length} leads were assigned to you`,
        toAddress: owner.email,
        formData: {
          assignedBy: by.name,
          leads: changed.map((lead) => ({
            name: `${lead.name} (${LEAD_KIND_LABELS[lead.kind]})`,
            nextStep: "",
            url: `${by.siteUrl}/admin/leads/${lead.kind}/${lead.id}`,
          })),
        },
      });
    }
    return changed.length;
  });
}

export async function setNextStep(
  db: AppDatabase,
  ref: LeadRef,
  step: { on: string; task: string } | null,
): Promise<boolean> {
  const values = { nextStepOn: step?.on ?? null, nextStep: step?.task || null };
  const rows =
    ref.kind === "bill"
      ? await db
          .update(leadSubmissions)
          .set(values)
          .where(eq(leadSubmissions.id, ref.id))
          .returning({ id: leadSubmissions.id })
      : await db
          .update(leads)
          .set(values)
          .where(and(eq(leads.id, ref.id), eq(leads.kind, ref.kind)))
          .returning({ id: leads.id });
  return rows.length > 0;
}

export async function setRotation(db: AppDatabase, userId: string, on: boolean): Promise<void> {
  if (on) await db.insert(leadRotation).values({ userId }).onConflictDoNothing();
  else await db.delete(leadRotation).where(eq(leadRotation.userId, userId));
  await leadHooksChanged();
}

const ROTATION_LOCK_KEY = 7_202_522;

/**
 * An advisory lock, not SKIP LOCKED: PostgreSQL re-reads a row locked by a just-committed pick as
 * still matching, so two leads stored at once could go to the same admin.
 */
export async function nextInRotation(tx: AppDatabase): Promise<{ id: string; name: string } | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK_KEY})`);
  const result = await tx.execute(sql`
    update ${leadRotation} set last_assigned_at = clock_timestamp()
    where user_id = (
      select r.user_id from ${leadRotation} r
      join ${userRoles} ur on ur.user_id = r.user_id and ur.role = 'admin'
      join ${user} u on u.id = r.user_id and u.disabled_at is null
      order by r.last_assigned_at asc nulls first, r.user_id
      limit 1
    )
    returning user_id as "id",
      (select coalesce(nullif(u.name, ''), u.email) from ${user} u where u.id = user_id) as "name"`);
  return rowsOf<{ id: string; name: string }>(result)[0] ?? null;
}

const ROTATION_ACTOR = "New-lead rotation";

export async function recordRotationPick(tx: AppDatabase, leadId: string, owner: { id: string; name: string }) {
  await tx.insert(leadEvents).values({
    leadId,
    type: "owner",
    actorId: null,
    actorName: ROTATION_ACTOR,
    details: { to: owner.name },
  });
}

/** Spam (`back`) returns the turn of the owner the rotation gave the lead to; the undo takes it again (decision 0034). */
export async function settleRotationTurns(
  tx: AppDatabase,
  changed: { id: string; ownerId: string | null }[],
  back: boolean,
): Promise<void> {
  const owned = changed.filter((lead) => lead.ownerId !== null);
  if (owned.length === 0) return;
  // The latest owner line: the rotation's pick, unless someone gave the lead away since.
  const latest = await tx.execute(sql`select distinct on (lead_id) lead_id as "leadId", actor_id as "actorId",
      actor_name as "actorName" from ${leadEvents}
    where type = 'owner' and lead_id in (${sql.join(
      owned.map((lead) => sql`${lead.id}::uuid`),
      sql`, `,
    )})
    order by lead_id, at desc, id desc`);
  const inTurn = new Set(
    rowsOf<{ leadId: string; actorId: string | null; actorName: string }>(latest)
      .filter((row) => row.actorId === null && row.actorName === ROTATION_ACTOR)
      .map((row) => row.leadId),
  );
  const owners = [...new Set(owned.filter((lead) => inTurn.has(lead.id)).map((lead) => lead.ownerId as string))];
  if (owners.length === 0) return;
  await tx
    .update(leadRotation)
    .set({ lastAssignedAt: back ? null : sql`clock_timestamp()` })
    .where(inArray(leadRotation.userId, owners));
}

export async function leadsNeedingAttention(
  db: AppDatabase,
  options: { viewerId: string; today: string; now: Date; replyHours?: number },
) {
  const dayAgo = new Date(options.now.getTime() - (options.replyHours ?? REPLY_WITHIN_HOURS) * 3_600_000);
  const count = async (bills: SQL, others: SQL) => {
    const [[a], [b]] = await Promise.all([
      db
        .select({ n: sql<string>`count(*)` })
        .from(leadSubmissions)
        .where(and(bills, standing(leadSubmissions))),
      db
        .select({ n: sql<string>`count(*)` })
        .from(leads)
        .where(and(others, standing(leads))),
    ]);
    return Number(a?.n ?? 0) + Number(b?.n ?? 0);
  };
  const open = (table: typeof leads | typeof leadSubmissions) => notInArray(table.status, [...CLOSED_LEAD_STATUSES]);
  // Failed, or pending an hour on (relay refusing us, or no mail worker): staff are not told of a lead.
  const hourAgo = new Date(options.now.getTime() - 3_600_000);
  const unsent = db
    .select({ n: sql<string>`count(*)` })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.template, "staff-notification"),
        sql`(${emailOutbox.status} = 'failed' or (${emailOutbox.status} = 'pending' and ${emailOutbox.createdAt} < ${hourAgo}))`,
      ),
    )
    .then(([row]) => Number(row?.n ?? 0));
  const [uncontacted, overdueReply, unassigned, myDue, unsentNotifications] = await Promise.all([
    count(eq(leadSubmissions.status, "new"), eq(leads.status, "new")),
    count(
      and(eq(leadSubmissions.status, "new"), lt(leadSubmissions.submittedAt, dayAgo)) as SQL,
      and(eq(leads.status, "new"), lt(leads.createdAt, dayAgo)) as SQL,
    ),
    departedOwnerIds(db).then((departed) =>
      count(
        and(withoutActiveOwner(leadSubmissions.ownerId, departed), open(leadSubmissions)) as SQL,
        and(withoutActiveOwner(leads.ownerId, departed), open(leads)) as SQL,
      ),
    ),
    count(
      and(
        eq(leadSubmissions.ownerId, options.viewerId),
        lte(leadSubmissions.nextStepOn, options.today),
        open(leadSubmissions),
      ) as SQL,
      and(eq(leads.ownerId, options.viewerId), lte(leads.nextStepOn, options.today), open(leads)) as SQL,
    ),
    unsent,
  ]);
  return { uncontacted, overdueReply, unassigned, myDue, unsentNotifications };
}
