import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { emailOutbox, leadRotation, leadSubmissions, leads, pageViewDaily, user, userRoles } from "../db/schema";
import { notSpam } from "./lead-scope.server";

export const mailColumns = {
  id: emailOutbox.id,
  subject: emailOutbox.subject,
  toAddress: emailOutbox.toAddress,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
};

export const MAIL_VIEW_LIMIT = 500;

// Written as the partial index's predicate (db/schema/mail.ts), so the planner can use it.
const undelivered = sql`${emailOutbox.status} in ('pending', 'failed')`;

/** Staff notifications first, then newest, read backwards along `email_outbox_undelivered_idx` without a sort. */
export const undeliveredMailQuery = (db: AppDatabase) =>
  db
    .select({
      ...mailColumns,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      leadId: emailOutbox.leadId,
      leadSubmissionId: emailOutbox.leadSubmissionId,
      leadKind: leads.kind,
    })
    .from(emailOutbox)
    .leftJoin(leads, eq(leads.id, emailOutbox.leadId))
    .where(undelivered)
    .orderBy(sql`(${emailOutbox.template} = 'staff-notification') desc`, desc(emailOutbox.createdAt))
    .limit(MAIL_VIEW_LIMIT);

export async function listUndeliveredMail(db: AppDatabase) {
  const [rows, [count]] = await Promise.all([
    undeliveredMailQuery(db),
    db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(undelivered),
  ]);
  const listed = rows.map(({ leadId, leadSubmissionId, leadKind, ...row }) => ({
    ...row,
    leadPath: leadSubmissionId
      ? `/admin/leads/bill/${leadSubmissionId}`
      : leadId && leadKind
        ? `/admin/leads/${leadKind}/${leadId}`
        : null,
  }));
  return { rows: listed, total: Number(count?.n ?? 0) };
}

export async function readdressMail(db: AppDatabase, id: string, to: string): Promise<string | null> {
  const [before] = await db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.id, id));
  const updated = await db
    .update(emailOutbox)
    .set({ toAddress: to, status: "pending", nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["pending", "failed"])))
    .returning({ id: emailOutbox.id });
  return updated.length > 0 ? (before?.to ?? null) : null;
}

export async function discardMail(db: AppDatabase, id: string): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({ status: "discarded" })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["pending", "failed"])))
    .returning({ id: emailOutbox.id });
  return updated.length > 0;
}

export async function retryMail(db: AppDatabase, id: string): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set({ status: "pending", nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["pending", "failed"])))
    .returning({ id: emailOutbox.id });
  return updated.length > 0;
}

export async function listAccounts(db: AppDatabase) {
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      disabled: sql<boolean>`${user.disabledAt} is not null`,
      createdAt: user.createdAt,
      role: userRoles.role,
      inRotation: sql<boolean>`${leadRotation.userId} is not null`,
    })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(leadRotation, eq(leadRotation.userId, user.id))
    .orderBy(desc(user.createdAt));
}

type DayCount = { day: string; count: number };

/** Spam is left out (decision 0034). */
const pathOf = (column: unknown) =>
  sql`coalesce(nullif(split_part(split_part(${column}, '?', 1), '#', 1), ''), '(unknown)')`;

export async function dashboardFigures(db: AppDatabase, timeZone: string, days = 30) {
  const since = new Date(Date.now() - days * 86_400_000);
  const day = (column: unknown) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const calendar: string[] = [];
  for (let i = days - 1; i >= 0; i--) {
    calendar.push(
      new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
        new Date(Date.now() - i * 86_400_000),
      ),
    );
  }
  const [bills, others, views, pages, sources] = await Promise.all([
    db
      .select({ day: day(leadSubmissions.submittedAt), count: sql<string>`count(*)` })
      .from(leadSubmissions)
      .where(and(gte(leadSubmissions.submittedAt, since), notSpam(leadSubmissions)))
      .groupBy(sql`1`),
    db
      .select({ day: day(leads.createdAt), kind: leads.kind, count: sql<string>`count(*)` })
      .from(leads)
      .where(and(gte(leads.createdAt, since), notSpam(leads)))
      .groupBy(sql`1`, leads.kind),
    db
      .select({ day: pageViewDaily.day, count: sql<string>`sum(${pageViewDaily.views})` })
      .from(pageViewDaily)
      .where(gte(pageViewDaily.day, calendar[0] ?? "0000-01-01"))
      .groupBy(pageViewDaily.day),
    // By path, so one page is one row whatever its query string.
    db.execute(sql`select page, count(*)::int as count from (
        select ${pathOf(leadSubmissions.sourcePage)} as page from ${leadSubmissions} where ${leadSubmissions.submittedAt} >= ${since} and ${notSpam(leadSubmissions)}
        union all
        select ${pathOf(leads.sourcePage)} from ${leads} where ${leads.createdAt} >= ${since} and ${notSpam(leads)}
      ) as p group by page order by count desc, page limit 10`),
    db.execute(sql`select source, count(*)::int as count from (
        select coalesce(nullif(${leadSubmissions.utmSource}, ''), nullif(split_part(${leadSubmissions.referrer}, '/', 3), ''), '(direct)') as source
          from ${leadSubmissions} where ${leadSubmissions.submittedAt} >= ${since} and ${notSpam(leadSubmissions)}
        union all
        select coalesce(nullif(${leads.utmSource}, ''), nullif(split_part(${leads.referrer}, '/', 3), ''), '(direct)')
          from ${leads} where ${leads.createdAt} >= ${since} and ${notSpam(leads)}
      ) as s group by source order by count desc, source limit 10`),
  ]);
  const leadsByDay = calendar.map((date) => ({
    day: date,
    bill: Number(bills.find((row) => row.day === date)?.count ?? 0),
    consultation: Number(others.find((row) => row.day === date && row.kind === "consultation")?.count ?? 0),
    guide: Number(others.find((row) => row.day === date && row.kind === "guide")?.count ?? 0),
    estimate: Number(others.find((row) => row.day === date && row.kind === "estimate")?.count ?? 0),
  }));
  const viewsByDay: DayCount[] = calendar.map((date) => ({
    day: date,
    count: Number(views.find((row) => row.day === date)?.count ?? 0),
  }));
  return {
    leadsByDay,
    viewsByDay,
    topPages: rowsOf<{ page: string; count: number }>(pages).map((row) => ({ ...row, count: Number(row.count) })),
    topSources: rowsOf<{ source: string; count: number }>(sources).map((row) => ({
      ...row,
      count: Number(row.count),
    })),
  };
}
