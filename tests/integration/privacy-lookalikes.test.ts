import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FolderBackupLocation } from "~/server/backup/backup-location.server";
import { auditEvents, leadNotes, pageViews, webhooks } from "~/server/db/schema";
import { storeLead } from "~/server/leads/lead-store.server";
import { findPersonalData } from "~/server/privacy/personal-data.server";
import { deletePersonalData } from "~/server/privacy/privacy-requests.server";
import { LocalBillStorage } from "~/server/storage/bill-storage.server";
import { dbTargets } from "./db-targets";
import { scanForText } from "./personal-data-scan";

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
const job = (name: string) => ({
  formType: "Solar Advisor Consultation" as const,
  subject: `New consultation: ${name}`,
  to: "leads@example.com",
  formData: { name, email: `${name}@x.example` },
});

/** Addresses that hold "ann@x.example" inside them, and belong to other people. */
const LOOKALIKES = ["joann@x.example", "ann@x.example.org", "ann@x.examples.com"];

describe.each(dbTargets)("a privacy request on $name touches its own address only", (target) => {
  it("leaves the rows of addresses that contain it (their staff e-mail, webhook, audit, page views)", async () => {
    const handle = await target.open();
    try {
      const db = handle.db;
      await db.insert(webhooks).values({ url: "https://hooks.example/x", secret: "whsec_x", events: ["lead.created"] });
      const lookalikeLeads: string[] = [];
      for (const address of LOOKALIKES) {
        const id = await storeLead(
          db,
          { kind: "consultation", name: address.split("@")[0] as string, email: address },
          job(address),
        );
        lookalikeLeads.push(id);
        await db.insert(auditEvents).values({ action: "block.added", subject: address, details: {} });
        await db.insert(pageViews).values({ path: "/thank-you", location: `https://site.example/?e=${address}` });
      }
      await storeLead(db, { kind: "consultation", name: "Ann", email: "ann@x.example" }, job("ann"));
      // Named at the end of a sentence: still this address.
      await db.insert(auditEvents).values({ action: "block.added", subject: "Blocked ann@x.example.", details: {} });
      // On another person's lead: both of hers go (one character apart), his own address stays.
      const note = "ANN@x.example,ann@x.example. Also joann@x.example and ann@x.example.org";
      await db.insert(leadNotes).values({ leadId: lookalikeLeads[0] as string, authorName: "Alex", body: note });
      const before = await Promise.all(LOOKALIKES.map((address) => scanForText(db, address)));
      expect(before[0]).toMatchObject({ "email_outbox.form_data": 1, "webhook_deliveries.payload": 1 });

      const found = await findPersonalData(db, "ann@x.example");
      expect(found.leads).toHaveLength(1);
      await deletePersonalData(
        db,
        new LocalBillStorage(tmp("bills")),
        new FolderBackupLocation(tmp("journal")),
        "ann@x.example",
      );

      expect(await Promise.all(LOOKALIKES.map((address) => scanForText(db, address)))).toEqual(before);
      const left = await db.select({ subject: auditEvents.subject }).from(auditEvents);
      expect(left.map((row) => row.subject).sort()).toEqual(expect.arrayContaining([...LOOKALIKES].sort()));
      expect(left.some((row) => row.subject === "Blocked ann@x.example.")).toBe(false);
      expect((await db.select({ body: leadNotes.body }).from(leadNotes)).map((row) => row.body)).toEqual([
        "[address removed],[address removed]. Also joann@x.example and ann@x.example.org",
      ]);
    } finally {
      await handle.close();
    }
  });
});
