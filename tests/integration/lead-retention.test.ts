import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDatabase } from "~/server/db/client.server";
import { auditEvents, emailOutbox, leadNotes, leadSubmissions, leads } from "~/server/db/schema";
import { previewLeadRetention, purgeExpiredLeads, runLeadRetention } from "~/server/privacy/lead-retention.server";
import { type BillStorage, LocalBillStorage, newBillKey } from "~/server/storage/bill-storage.server";
import { startTestS3, type TestS3 } from "~/server/storage/s3-test-server";
import { dbTargets } from "./db-targets";

const NOW = new Date("2026-11-29T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const SETTINGS = { closedDays: 100, spamDays: 10, unconvertedDays: 50 };

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3("retention");
});
afterAll(async () => {
  await s3?.close();
});
const storageOf = (kind: "local" | "s3"): BillStorage =>
  kind === "local"
    ? new LocalBillStorage(fs.mkdtempSync(path.join(os.tmpdir(), "retention-bills-")))
    : s3.storage({ prefix: `r-${Date.now()}` });

async function lead(db: AppDatabase, name: string, values: Partial<typeof leads.$inferInsert>) {
  const [row] = await db
    .insert(leads)
    .values({ kind: "consultation", name, email: `${name}@x.example`, ...values })
    .returning({ id: leads.id });
  return row?.id as string;
}

async function bill(
  db: AppDatabase,
  storage: BillStorage,
  name: string,
  values: Partial<typeof leadSubmissions.$inferInsert>,
) {
  const key = newBillKey("pdf");
  await storage.put(key, Readable.from([Buffer.from(`%PDF-1.4 ${name}`)]), "application/pdf");
  const [row] = await db
    .insert(leadSubmissions)
    .values({ businessName: name, contactName: name, email: `${name}@x.example`, fileUrl: key, ...values })
    .returning({ id: leadSubmissions.id });
  return { id: row?.id as string, key };
}

describe.each(dbTargets)("lead retention on $name", (target) => {
  it.each(["local", "s3"] as const)(
    "deletes exactly the leads past their period and their bills (%s)",
    async (kind) => {
      const handle = await target.open();
      const db = handle.db;
      const storage = storageOf(kind);
      try {
        const wonLongAgo = await lead(db, "won-old", { status: "won", createdAt: daysAgo(200) });
        const lostButNoted = await lead(db, "lost-noted", { status: "lost", createdAt: daysAgo(200) });
        await db
          .insert(leadNotes)
          .values({ leadId: lostButNoted, authorName: "Alex", body: "Call back", createdAt: daysAgo(20) });
        const newOld = await lead(db, "new-old", { createdAt: daysAgo(60) });
        const contactedRecent = await lead(db, "contacted-recent", { status: "contacted", createdAt: daysAgo(30) });
        const qualified = await lead(db, "qualified", { status: "qualified", createdAt: daysAgo(1000) });
        const spam = await lead(db, "spam", { createdAt: daysAgo(25), spamAt: daysAgo(20), spamBy: "Alex" });
        const spamRecent = await lead(db, "spam-recent", {
          createdAt: daysAgo(25),
          spamAt: daysAgo(5),
          spamBy: "Alex",
        });
        // Kept though idle: merged into a lead being worked, a next step still ahead, e-mailed lately.
        const mergedIntoQualified = await lead(db, "merged", {
          createdAt: daysAgo(400),
          mergedIntoId: qualified,
          mergedIntoKind: "consultation",
          mergedAt: daysAgo(300),
        });
        const planned = await lead(db, "planned", {
          status: "contacted",
          createdAt: daysAgo(90),
          nextStepOn: "2027-05-01",
        });
        const emailed = await lead(db, "emailed", { status: "contacted", createdAt: daysAgo(90) });
        await db.insert(emailOutbox).values({
          formType: "Solar Advisor Consultation",
          subject: "Your proposal",
          toAddress: "emailed@example.com",
          formData: {},
          leadId: emailed,
          createdAt: daysAgo(3),
        });
        const oldBill = await bill(db, storage, "bill-old", { submittedAt: daysAgo(60) });
        const wonBill = await bill(db, storage, "bill-won", { status: "won", submittedAt: daysAgo(10) });

        expect(await previewLeadRetention(db, SETTINGS, NOW)).toEqual({ leads: 4, billFiles: 1 });
        expect(await previewLeadRetention(db, {}, NOW)).toEqual({ leads: 0, billFiles: 0 });

        const run = await runLeadRetention(db, storage, SETTINGS, NOW);
        expect(run.ran && run.result).toMatchObject({ leads: 3, submissions: 1, billFiles: 1, notes: 0 });
        const left = [
          ...(await db.select({ id: leads.id }).from(leads)),
          ...(await db.select({ id: leadSubmissions.id }).from(leadSubmissions)),
        ];
        expect(left.map((row) => row.id).sort()).toEqual(
          [
            lostButNoted,
            contactedRecent,
            qualified,
            spamRecent,
            wonBill.id,
            mergedIntoQualified,
            planned,
            emailed,
          ].sort(),
        );
        for (const gone of [wonLongAgo, newOld, spam]) expect(left.map((row) => row.id)).not.toContain(gone);
        expect(await storage.get(oldBill.key)).toBeNull();
        expect(await storage.get(wonBill.key)).not.toBeNull();

        const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "retention.purged"));
        expect(audit).toHaveLength(1);
        expect(audit[0]?.details).toMatchObject({ leads: 3, submissions: 1, billFiles: 1, closedDays: 100 });
        // Nothing more to do, and nothing at all when retention is off.
        expect(await previewLeadRetention(db, SETTINGS, NOW)).toEqual({ leads: 0, billFiles: 0 });
        expect(await purgeExpiredLeads(db, storage, SETTINGS, NOW)).toBeNull();
        expect(await purgeExpiredLeads(db, storage, {}, new Date(NOW.getTime() + 10_000 * 86_400_000))).toBeNull();
      } finally {
        await handle.close();
      }
    },
  );
});
