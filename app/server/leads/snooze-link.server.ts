import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { addDays, type IsoDate } from "~/lib/dates";
import { isLeadKind, type LeadKind } from "~/lib/lead-workspace";
import { writeTransaction } from "../db/availability.server";
import type { AppDatabase } from "../db/client.server";
import { leadSubmissions, leads, user } from "../db/schema";
import { signingKey } from "../mail/unsubscribe.server";
import { recordLeadEvent } from "../queries/lead-events.server";
import { setNextStep } from "../queries/lead-owners.server";

/**
 * Opening a link changes nothing (mail scanners open links); the page's button does, once: a moved next step
 * no longer matches the link's day.
 */
export type SnoozeLink = { kind: LeadKind; id: string; owner: string; from: string; days: number };
export const SNOOZE_DAYS = [1, 7] as const;

const macOf = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`snooze:${payload}`).digest("base64url").slice(0, 32);

export async function snoozeUrl(db: AppDatabase, siteUrl: string, link: SnoozeLink): Promise<string> {
  const p = Buffer.from(JSON.stringify([link.kind, link.id, link.owner, link.from, link.days])).toString("base64url");
  return `${siteUrl}/snooze?${new URLSearchParams({ p, t: macOf(await signingKey(db), p) })}`;
}

export async function verifiedSnooze(db: AppDatabase, p: string | null, t: string | null): Promise<SnoozeLink | null> {
  if (!p || !t || p.length > 400 || t.length !== 32) return null;
  const expected = Buffer.from(macOf(await signingKey(db), p));
  if (!timingSafeEqual(Buffer.from(t), expected)) return null;
  try {
    const [kind, id, owner, from, days] = JSON.parse(Buffer.from(p, "base64url").toString("utf8"));
    if (!isLeadKind(kind) || !(SNOOZE_DAYS as readonly number[]).includes(days)) return null;
    return { kind, id: String(id), owner: String(owner), from: String(from), days };
  } catch {
    return null;
  }
}

export async function snoozeTarget(db: AppDatabase, link: SnoozeLink) {
  const [row] =
    link.kind === "bill"
      ? await db
          .select({
            name: leadSubmissions.businessName,
            on: leadSubmissions.nextStepOn,
            task: leadSubmissions.nextStep,
            owner: leadSubmissions.ownerId,
          })
          .from(leadSubmissions)
          .where(eq(leadSubmissions.id, link.id))
      : await db
          .select({ name: leads.name, on: leads.nextStepOn, task: leads.nextStep, owner: leads.ownerId })
          .from(leads)
          .where(eq(leads.id, link.id));
  if (!row) return null;
  return { name: row.name, task: row.task, current: row.owner === link.owner && String(row.on) === link.from };
}

export async function applySnooze(db: AppDatabase, link: SnoozeLink, today: IsoDate): Promise<"done" | "stale"> {
  return writeTransaction(db, async (transaction) => {
    const tx = transaction as AppDatabase;
    const target = await snoozeTarget(tx, link);
    if (!target?.current) return "stale";
    const on = addDays(today, link.days);
    await setNextStep(tx, link, { on, task: target.task ?? "" });
    const [owner] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, link.owner));
    const actor = { id: link.owner, name: owner?.name || owner?.email || "owner" };
    await recordLeadEvent(tx, { leadId: link.id, type: "next-step", actor, details: { on, task: target.task } });
    return "done";
  });
}
