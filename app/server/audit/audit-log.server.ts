import { and, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditFilters } from "~/lib/audit";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { auditEvents } from "../db/schema";
import { errorFields, log, maskEmail } from "../log.server";
import { containsPattern } from "../queries/search-steps.server";
import { clientAddressContext } from "../request-context.server";

/**
 * Writing is best-effort (decision 0018): refusing an admin's work because the log is down would make the
 * log a way to stop the site.
 */

export type AuditEvent = {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  subject?: string | null;
  details?: Record<string, unknown>;
  address?: string | null;
};

/** Stored text is cut to these, so no request can grow a row much. */
const TEXT_MAX = 320;
const DETAILS_MAX_BYTES = 4096;

const cut = (value: string | null | undefined, max = TEXT_MAX) => (value ? value.slice(0, max) : null);
const masked = (value: string | null | undefined) => (value?.includes("@") ? maskEmail(value) : value);

export async function recordAudit(event: AuditEvent, db?: AppDatabase): Promise<void> {
  try {
    const details = event.details ?? {};
    const fits = JSON.stringify(details).length <= DETAILS_MAX_BYTES;
    await (db ?? (await getDb())).insert(auditEvents).values({
      action: event.action,
      actorId: cut(event.actorId),
      actorEmail: cut(event.actorEmail),
      subject: cut(event.subject),
      details: fits ? details : { truncated: true },
      address: cut(event.address, 64),
    });
  } catch (error) {
    log.error(
      {
        ...errorFields(error),
        audit: {
          action: event.action,
          actorId: event.actorId,
          actor: masked(event.actorEmail),
          subject: masked(event.subject),
        },
      },
      "Audit event not recorded",
    );
  }
}

export function auditAddress(context: Readonly<RouterContextProvider>): string | null {
  try {
    const address = context.get(clientAddressContext);
    return address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  } catch {
    return null;
  }
}

export type AuditListRow = {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
  address: string | null;
};

function auditWhere(filters: Pick<AuditFilters, "q" | "action">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    const needle = filters.q.toLowerCase();
    // Typing what the page shows ("role granted") finds the action too.
    const labelled = AUDIT_ACTIONS.filter((action) => AUDIT_ACTION_LABELS[action].toLowerCase().includes(needle));
    conditions.push(
      or(
        sql`${auditEvents.actorEmail} ilike ${pattern}`,
        sql`${auditEvents.action} ilike ${pattern}`,
        sql`${auditEvents.subject} ilike ${pattern}`,
        sql`${auditEvents.address} ilike ${pattern}`,
        labelled.length ? inArray(auditEvents.action, labelled) : undefined,
      ) as SQL,
    );
  }
  if (filters.action) conditions.push(eq(auditEvents.action, filters.action));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEvents(db: AppDatabase, filters: AuditFilters, pageSize = AUDIT_PAGE_SIZE) {
  const where = auditWhere(filters);
  const countAll = () => db.select({ n: count() }).from(auditEvents);
  const [rows, [all], matching] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(pageSize)
      .offset((filters.page - 1) * pageSize),
    countAll(),
    where ? countAll().where(where) : null,
  ]);
  const total = Number(all?.n ?? 0);
  return { rows: rows as AuditListRow[], matching: matching ? Number(matching[0]?.n ?? 0) : total, total };
}
