import { and, eq, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { CLOSED_LEAD_STATUSES, formatAdminDay, LEAD_KIND_LABELS, type LeadKind } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { emailOutbox, followUpDigests, leadSubmissions, leads, user, userRoles } from "../db/schema";
import { log } from "../log.server";
import type { StaffLeadLine } from "../mail/render.server";
import { startRepeating } from "../maintenance/scheduled.server";
import { standing } from "../queries/lead-scope.server";
import { SNOOZE_DAYS, snoozeUrl } from "./snooze-link.server";

/** The (owner, day) row written with the e-mail makes it one digest a day per person across instances. */
const CHECK_EVERY_MS = 10 * 60_000;
const CLOSED = [...CLOSED_LEAD_STATUSES];

type Due = { ownerId: string; kind: LeadKind; id: string; name: string; nextStep: string | null; on: string };

async function dueLeads(db: AppDatabase, day: string): Promise<Due[]> {
  const [bills, others] = await Promise.all([
    db
      .select({
        ownerId: leadSubmissions.ownerId,
        id: leadSubmissions.id,
        name: leadSubmissions.businessName,
        nextStep: leadSubmissions.nextStep,
        on: leadSubmissions.nextStepOn,
      })
      .from(leadSubmissions)
      .where(
        and(
          isNotNull(leadSubmissions.ownerId),
          standing(leadSubmissions),
          lte(leadSubmissions.nextStepOn, day),
          notInArray(leadSubmissions.status, CLOSED),
        ),
      ),
    db
      .select({
        ownerId: leads.ownerId,
        kind: leads.kind,
        id: leads.id,
        name: leads.name,
        nextStep: leads.nextStep,
        on: leads.nextStepOn,
      })
      .from(leads)
      .where(
        and(isNotNull(leads.ownerId), standing(leads), lte(leads.nextStepOn, day), notInArray(leads.status, CLOSED)),
      ),
  ]);
  return [
    ...bills.map((row) => ({ ...row, kind: "bill" as const })),
    ...others.map((row) => ({ ...row, kind: row.kind as LeadKind })),
  ].map((row) => ({ ...row, ownerId: row.ownerId ?? "", on: String(row.on) }));
}

export async function queueFollowUpDigests(db: AppDatabase, options: { day: string; siteUrl: string }) {
  const due = await dueLeads(db, options.day);
  const owners = [...new Set(due.map((row) => row.ownerId))];
  let queued = 0;
  for (const ownerId of owners) {
    const [owner] = await db
      .select({ email: user.email })
      .from(user)
      .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, "admin")))
      .where(and(eq(user.id, ownerId), sql`${user.disabledAt} is null`));
    if (!owner) continue;
    const mine = due.filter((row) => row.ownerId === ownerId).sort((a, b) => a.on.localeCompare(b.on));
    const line = async (row: Due): Promise<StaffLeadLine> => ({
      name: `${row.name} (${LEAD_KIND_LABELS[row.kind]})`,
      nextStep: row.nextStep ?? "next step",
      url: `${options.siteUrl}/admin/leads/${row.kind}/${row.id}`,
      snooze: await Promise.all(
        SNOOZE_DAYS.map(async (days) => ({
          label: days === 7 ? "Snooze a week" : `Snooze ${days} day`,
          url: await snoozeUrl(db, options.siteUrl, { kind: row.kind, id: row.id, owner: ownerId, from: row.on, days }),
        })),
      ),
    });
    const overdue = await Promise.all(mine.filter((row) => row.on < options.day).map(line));
    const dueToday = await Promise.all(mine.filter((row) => row.on === options.day).map(line));
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(followUpDigests)
        .values({ userId: ownerId, day: options.day, leads: mine.length })
        .onConflictDoNothing()
        .returning({ userId: followUpDigests.userId });
      if (claimed.length === 0) return false;
      await tx.insert(emailOutbox).values({
        formType: "Follow-up digest",
        template: "follow-up-digest",
        subject: `Your follow-ups for ${formatAdminDay(options.day)}: ${mine.length} due`,
        toAddress: owner.email,
        formData: {
          day: options.day,
          overdue,
          dueToday,
          listUrl: `${options.siteUrl}/admin/leads?owner=mine&due=1`,
        },
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

export function isDigestTime(now: Date, timeZone: string, hour: number): boolean {
  const local = Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now));
  return local >= hour;
}

export function startFollowUpDigests(options: {
  db: AppDatabase;
  hour: number;
  timeZone: string;
  siteUrl: string;
  today: () => string;
  now?: () => Date;
}): () => Promise<void> {
  return startRepeating({
    name: "Follow-up digest",
    intervalMs: CHECK_EVERY_MS,
    run: async () => {
      if (!isDigestTime(options.now?.() ?? new Date(), options.timeZone, options.hour)) return;
      const day = options.today();
      const queued = await queueFollowUpDigests(options.db, { day, siteUrl: options.siteUrl });
      if (queued > 0) log.info({ queued, day }, "Follow-up digests queued");
    },
  });
}
