import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { FolderBackupLocation } from "~/server/backup/backup-location.server";
import type { AppDatabase } from "~/server/db/client.server";
import {
  auditEvents,
  emailOutbox,
  emailSuppressions,
  leadEvents,
  leadNotes,
  leadSubmissions,
  leads,
  pageViews,
  webhookDeliveries,
  webhooks,
} from "~/server/db/schema";
import { addBlock } from "~/server/leads/lead-blocks.server";
import { storeBillSubmission, storeGuideRequest, storeLead } from "~/server/leads/lead-store.server";
import { addressDigest } from "~/server/privacy/address-digest.server";
import { findPersonalData, personalDataCounts } from "~/server/privacy/personal-data.server";
import { personalDataZip } from "~/server/privacy/privacy-export.server";
import { deletePersonalData } from "~/server/privacy/privacy-requests.server";
import { recordLeadEvent } from "~/server/queries/lead-events.server";
import { type BillStorage, newBillKey } from "~/server/storage/bill-storage.server";
import { changeLeadStatusIn } from "~/server/webhooks/lead-webhooks.server";
import { backupPlaces, STORAGE_KINDS } from "./backup-places";
import { dbTargets, type TestDatabase } from "./db-targets";
import { scanForText, scannedColumnCount } from "./personal-data-scan";

const PERSON = "Jo.Doe@Orchard.example";
const OTHER = "sam@bakery.example";
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
const job = (name: string, to = "leads@example.com") => ({
  formType: "Solar Advisor Consultation" as const,
  subject: `New lead: ${name}`,
  to,
  formData: { name },
});
const staff = { id: null as never, name: "Alex" };

async function storeBill(db: AppDatabase, storage: BillStorage, email: string, bytes: Buffer) {
  const key = newBillKey("pdf");
  await storage.put(key, Readable.from([bytes]), "application/pdf");
  const id = await storeBillSubmission(
    db,
    { businessName: "Orchard LLC", contactName: "Jo", email, fileUrl: key, monthlyEnergyBill: 900 },
    { formType: "Solar Assessment", subject: "Bill", to: "leads@example.com", formData: (lead) => ({ lead, email }) },
  );
  return { id, key };
}

/** The person's leads of every kind with their traces, and another person's, merged into one of hers. */
async function seed(db: AppDatabase, storage: BillStorage) {
  await db.insert(webhooks).values({
    url: "https://hooks.example/x",
    secret: "whsec_x",
    events: ["lead.created", "lead.status_changed", "lead.deleted"],
  });
  const consultation = await storeLead(db, { kind: "consultation", name: "Jo Doe", email: PERSON }, job("Jo Doe"));
  const guide = await storeGuideRequest(
    db,
    { kind: "guide", name: "Jo Doe", email: PERSON.toLowerCase() },
    { staff: job("Jo"), visitor: { ...job("Jo", PERSON), template: "guide-delivery" }, perRecipientPerDay: 3 },
  );
  const billBytes = Buffer.concat([Buffer.from("%PDF-1.4\n% jo\n"), Buffer.alloc(5000, 7)]);
  const bill = await storeBill(db, storage, PERSON, billBytes);
  await db.insert(leadNotes).values({ leadId: consultation, authorName: "Alex", body: `Wrote to ${PERSON}` });
  await recordLeadEvent(db, { leadId: bill.id, type: "file", actor: staff });
  await db.transaction((tx) =>
    changeLeadStatusIn(tx as never, { kind: "consultation", id: consultation }, "contacted", staff),
  );
  await db.insert(emailSuppressions).values({ email: PERSON.toLowerCase(), reason: "unsubscribed" });
  await addBlock(db, { kind: "address", email: PERSON, by: "Alex", leadId: guide.id });
  await db
    .insert(auditEvents)
    .values({ action: "block.added", subject: PERSON.toLowerCase(), details: { kind: "address" } });
  await db.insert(pageViews).values({ path: "/thank-you", location: `https://site.example/thank-you?e=${PERSON}` });

  // Sam names her in his own lead, and staff name her in a note on it: his records, not hers.
  const question = `Referred by ${PERSON}, my neighbour.`;
  const other = await storeLead(
    db,
    { kind: "consultation", name: "Sam", email: OTHER, question },
    {
      ...job("Sam"),
      formData: { name: "Sam", question },
    },
  );
  await db
    .insert(leadNotes)
    .values({ leadId: other, authorName: "Alex", body: `Asked ${PERSON.toLowerCase()} about Sam` });
  const otherBill = await storeBill(db, storage, OTHER, Buffer.from("%PDF-1.4\n% sam\n"));
  await db
    .update(leads)
    .set({ mergedIntoId: consultation, mergedIntoKind: "consultation", mergedAt: new Date() })
    .where(eq(leads.id, other));
  // As lead-merge.server.ts writes it on the lead merged: the other lead's id and name.
  await db.insert(leadEvents).values({
    leadId: other,
    type: "merged-into",
    actorName: "Alex",
    details: { kind: "consultation", id: consultation, name: "Jo Doe" },
  });
  return { consultation, guide: guide.id, bill, billBytes, other, otherBill };
}

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(Buffer.from(chunk));
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(files));
      zip.readEntry();
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const { storageOf } = backupPlaces("privacy");

describe.each(dbTargets)("privacy requests on $name", (target) => {
  it.each(STORAGE_KINDS)("finds, exports and deletes everything held about an address (%s storage)", async (kind) => {
    const handle: TestDatabase = await target.open();
    const db = handle.db;
    const storage = storageOf(kind, "privacy");
    const journal = tmp("privacy-journal");
    try {
      const seeded = await seed(db, storage);

      const found = await findPersonalData(db, PERSON.toLowerCase());
      expect(personalDataCounts(found)).toMatchObject({
        leads: 2,
        billSubmissions: 1,
        billFiles: 1,
        notes: 1,
        unsubscribes: 1,
        blocks: 1,
        auditEvents: 1,
        pageViews: 1,
        rateLimits: 1,
      });
      expect(found.timeline.length).toBe(3); // the file, the status change, the merge line on Sam's lead
      expect(found.emails.length).toBe(4); // three staff e-mails and the guide's copy
      expect(found.webhookDeliveries.length).toBeGreaterThanOrEqual(1);
      expect(found.otherLeadsMergedIn).toBe(1);
      // Sam's lead, his staff e-mail, his webhook delivery and the note on his lead name her.
      expect(new Set(found.mentions.map((mention) => mention.record))).toEqual(
        new Set(["lead", "note", "e-mail", "webhook delivery"]),
      );
      expect(found.mentions.find((mention) => mention.record === "note")).toMatchObject({
        id: expect.any(String),
        field: "body",
        excerpt: `Asked ${PERSON.toLowerCase()} about Sam`,
      });
      expect(personalDataCounts(found).mentions).toBe(4);

      const zip = await unzip(await readAll(personalDataZip(found, storage)));
      const json = JSON.parse(zip.get("data.json")?.toString("utf8") ?? "{}");
      expect(json.leads.map((row: { id: string }) => row.id).sort()).toEqual(
        [seeded.consultation, seeded.guide].sort(),
      );
      expect(json.billSubmissions[0].id).toBe(seeded.bill.id);
      expect(json.notes[0].body).toContain(PERSON);
      expect(json.mentions).toHaveLength(found.mentions.length);
      expect(zip.get(`bills/${seeded.bill.key.split("/").pop()}`)?.equals(seeded.billBytes)).toBe(true);
      expect(zip.get("missing-bills.txt")?.toString()).toBe("");
      expect(zip.get("about.txt")?.toString()).toMatch(/cannot be tied to a person/);

      const before = await scanForText(db, OTHER);
      const deleted = await deletePersonalData(db, storage, new FolderBackupLocation(journal), ` ${PERSON} `, {
        actorEmail: "admin@example.com",
      });
      expect(deleted.counts).toMatchObject({
        leads: 2,
        submissions: 1,
        billFiles: 1,
        billFilesLeft: 0,
        blocks: 1,
        mentionsRedacted: 4,
      });
      expect(deleted.journaled).toBe(true);

      // Nothing left anywhere, in any case, and no bill file.
      expect(await scannedColumnCount(db)).toBeGreaterThan(50);
      expect(await scanForText(db, PERSON)).toEqual({});
      expect(await scanForText(db, "Jo Doe")).toEqual({});
      expect(await storage.get(seeded.bill.key)).toBeNull();
      // The other person is untouched (and stands alone again), bill and all.
      expect(await scanForText(db, OTHER)).toEqual(before);
      const [sam] = await db.select().from(leads).where(eq(leads.id, seeded.other));
      expect(sam?.mergedIntoId).toBeNull();
      expect(sam?.question).toBe("Referred by [address removed], my neighbour.");
      const samNotes = await db.select().from(leadNotes).where(eq(leadNotes.leadId, seeded.other));
      expect(samNotes.map((note) => note.body)).toEqual(["Asked [address removed] about Sam"]);
      const samMail = await db.select().from(emailOutbox).where(eq(emailOutbox.leadId, seeded.other));
      expect(samMail.map((mail) => mail.formData)).toEqual([
        { name: "Sam", question: "Referred by [address removed], my neighbour." },
      ]);
      expect(await storage.get(seeded.otherBill.key)).not.toBeNull();
      expect((await db.select().from(leadSubmissions)).map((row) => row.id)).toEqual([seeded.otherBill.id]);

      // The audit log says what happened by digest, and receivers are told which leads went.
      const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, "privacy.deleted"));
      expect(audit?.subject).toBe(addressDigest(PERSON));
      expect(audit?.actorEmail).toBe("admin@example.com");
      expect(audit?.details).toMatchObject({ leads: 2, submissions: 1, billFiles: 1 });
      const [event] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, "lead.deleted"));
      const data = (event?.payload as { data: { leads: { id: string; kind: string }[] } } | undefined)?.data;
      expect(data?.leads).toEqual(
        expect.arrayContaining([
          { id: seeded.consultation, kind: "consultation" },
          { id: seeded.guide, kind: "guide" },
          { id: seeded.bill.id, kind: "bill" },
        ]),
      );
      // The journal a restore re-applies names the digest only.
      const entry = fs.readFileSync(path.join(journal, "deletions", `${addressDigest(PERSON)}.json`), "utf8");
      expect(entry).not.toContain("orchard");
    } finally {
      await handle.close();
    }
  });

  it("deletes all the same when the journal cannot be written, and says so", async () => {
    const handle = await target.open();
    const storage = storageOf("local", "privacy");
    try {
      await storeLead(handle.db, { kind: "consultation", name: "Jo", email: PERSON }, job("Jo"));
      const blocked = path.join(tmp("journal-file"), "not-a-folder");
      fs.writeFileSync(blocked, "");
      const deleted = await deletePersonalData(handle.db, storage, new FolderBackupLocation(blocked), PERSON);
      expect(deleted.journaled).toBe(false);
      expect(deleted.counts.leads).toBe(1);
      expect(await scanForText(handle.db, PERSON)).toEqual({});
      const count = await handle.db.execute(
        sql`select count(*)::int as n from audit_events where details->>'journaled' = 'false'`,
      );
      expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
