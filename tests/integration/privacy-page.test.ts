import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/privacy";
import { action as exportAction } from "~/routes/admin/privacy-export";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, user } from "~/server/db/schema";
import { storeLead } from "~/server/leads/lead-store.server";
import { addressDigest } from "~/server/privacy/address-digest.server";
import { staffAddressRefusal } from "~/server/privacy/privacy-requests.server";
import { LocalBillStorage, useBillStorage } from "~/server/storage/bill-storage.server";
import { dbTargets, openMigrated } from "./db-targets";
import { scanForText } from "./personal-data-scan";
import { adminContextOf, answerOf, contextArgs, formPost } from "./staff-action";

const PERSON = "page@orchard.example";
const admin = { id: "admin-1", email: "ann@firm.example", name: "Ann" };
const call = (fields: Record<string, string>) =>
  answerOf(() =>
    action({ request: formPost("/admin/privacy", fields), context: adminContextOf(admin), params: {} } as never),
  );

describe.each(dbTargets)("the privacy page on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    useBillStorage(new LocalBillStorage(fs.mkdtempSync(path.join(os.tmpdir(), "privacy-page-"))));
    await storeLead(
      handle.db,
      { kind: "consultation", name: "Page Person", email: PERSON },
      { formType: "Solar Advisor Consultation", subject: "New lead", to: "leads@example.com", formData: {} },
    );
  });
  afterAll(async () => {
    useBillStorage(undefined);
    await closeDb();
  });

  it("answers bad input with 400, never an error page", async () => {
    expect((await call({ intent: "find", email: "not an address" })).status).toBe(400);
    expect((await call({ intent: "delete", email: "" })).status).toBe(400);
    expect((await call({ intent: "other", email: PERSON })).status).toBe(400);
    const response = await exportAction({
      request: formPost("/admin/privacy/export", { email: "nope" }),
      context: adminContextOf(admin),
      params: {},
    } as never);
    expect(response.status).toBe(400);
    // A form no page of ours sends (hundreds of fields) is refused before it is read.
    const flood = Array.from({ length: 500 }, (_, i): [string, string] => [`f${i}`, "x"]);
    const flooded = await exportAction({
      request: formPost("/admin/privacy/export", [["email", PERSON], ...flood]),
      context: adminContextOf(admin),
      params: {},
    } as never);
    expect(flooded.status).toBe(400);
    expect(await flooded.text()).toMatch(/field/i);
  });

  it("refuses a staff address: an account's, or where lead e-mails go", async () => {
    await handle.db.insert(user).values({ id: "staff-1", name: "Sam", email: "Sam@Firm.example" });
    const answer = await call({ intent: "delete", email: "sam@firm.example", confirm: "sam@firm.example" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ error: expect.stringContaining("is a staff address") });
    expect(
      await staffAddressRefusal(handle.db, "Leads@Firm.example", "owner@firm.example, leads@firm.example"),
    ).toMatch(/is a staff address/);
    expect(await staffAddressRefusal(handle.db, PERSON, "leads@firm.example")).toBeNull();
    const response = await exportAction({
      request: formPost("/admin/privacy/export", { email: "sam@firm.example" }),
      context: adminContextOf(admin),
      params: {},
    } as never);
    expect(response.status).toBe(400);
  });

  it("shows what is held, exports it as a zip, and deletes only once the address is typed again", async () => {
    const found = await call({ intent: "find", email: PERSON.toUpperCase() });
    expect(found.data).toMatchObject({ found: { address: PERSON, counts: { leads: 1, emails: 1 } } });

    const zip = await exportAction({
      request: formPost("/admin/privacy/export", { email: PERSON }),
      context: adminContextOf(admin),
      params: {},
    } as never);
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const [exported] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy.exported"));
    expect(exported?.subject).toBe(addressDigest(PERSON));

    const unconfirmed = await call({ intent: "delete", email: PERSON, confirm: "someone@else.example" });
    expect(unconfirmed.status).toBe(400);
    expect(await scanForText(handle.db, PERSON)).not.toEqual({});

    const deleted = await call({ intent: "delete", email: PERSON, confirm: ` ${PERSON.toUpperCase()} ` });
    expect(deleted.data).toMatchObject({ deleted: { email: PERSON, removed: 2, billFiles: 0 } });
    expect(await scanForText(handle.db, PERSON)).toEqual({});
    const [audit] = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "privacy.deleted"));
    expect(audit).toMatchObject({ subject: addressDigest(PERSON), actorEmail: admin.email, address: "203.0.113.50" });
  });

  it("shows the retention dry run (off unless RETAIN_* is set)", async () => {
    const page = await loader(contextArgs());
    expect(page.retention.next).toBeNull();
  });
});
