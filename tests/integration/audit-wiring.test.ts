import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as accountsAction } from "~/routes/admin/accounts";
import { loader as billFileLoader } from "~/routes/admin/bill-file";
import { action as contentEditorAction } from "~/routes/admin/content-editor";
import { loader as csvLoader } from "~/routes/admin/leads-csv";
import { action as mailAction } from "~/routes/admin/mail";
import { staffContext } from "~/server/auth/staff-guard.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, contentRevisions, emailOutbox, leadSubmissions, user, userRoles } from "~/server/db/schema";
import { leadEventsOf } from "~/server/queries/lead-events.server";
import { requestContext } from "~/server/request-context.server";
import { LocalBillStorage, newBillKey, useBillStorage } from "~/server/storage/bill-storage.server";
import { testSourceFields } from "./content-sources";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * Each staff action the audit log covers (decision 0018), called as React Router calls it below
 * the guard (the staff member in `staffContext`, the client's address in the request context):
 * it records its event, with who, from where, the subject and the details.
 */

const ORIGIN = "http://localhost:3000";
const ADMIN = {
  id: "audit-admin",
  name: "Audit Admin",
  email: "admin@audit.example",
  role: "admin" as const,
  twoFactorEnabled: true,
  sessionId: "test-session",
};
// A better-auth id (32 letters and digits): the accounts page refuses anything else.
const WRITER_ID = "AuditWriter000000000000000000001";
const ADDRESS = "203.0.113.7";

function staffRequestContext(address = ADDRESS): RouterContextProvider {
  const context = requestContext(address);
  context.set(staffContext, ADMIN);
  return context;
}

const post = (pathname: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];
const args = <F extends (...args: never[]) => unknown>(value: Record<string, unknown>) => value as unknown as Args<F>;

describe.each(dbTargets)("audited staff actions on $name", (target) => {
  let handle: DatabaseHandle;
  let uploads: string;

  /** The events of `action` the admin's requests recorded, newest first. */
  const eventsOf = (action: string) =>
    handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, ADMIN.id)))
      .orderBy(desc(auditEvents.at));

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "audit-bills-"));
    useBillStorage(new LocalBillStorage(uploads));
    await handle.db.insert(user).values([
      { id: ADMIN.id, name: ADMIN.name, email: ADMIN.email },
      { id: WRITER_ID, name: "Writer", email: "writer@audit.example" },
    ]);
    await handle.db.insert(userRoles).values({ userId: ADMIN.id, role: "admin" });
  });
  afterAll(async () => {
    useBillStorage(undefined);
    await closeDb();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  const expectActor = (row: { actorId: string | null; actorEmail: string | null; address: string | null }) =>
    expect(row).toMatchObject({ actorId: ADMIN.id, actorEmail: ADMIN.email, address: ADDRESS });

  it("CSV export: the filter in the details", async () => {
    const response = (await csvLoader(
      args<typeof csvLoader>({
        request: new Request(
          `${ORIGIN}/admin/leads/export.csv?q=acme&kind=bill&page=4&from=2026-11-01&source=%2Ffarms`,
        ),
        context: staffRequestContext(),
        params: {},
      }),
    )) as Response;
    expect(response.status).toBe(200);
    await response.text();
    const [row] = await eventsOf("leads.exported");
    expect(row?.details).toEqual({
      q: "acme",
      kind: "bill",
      status: null,
      owner: null,
      due: false,
      spam: false,
      from: "2026-11-01",
      to: null,
      source: "/farms",
    });
    expect(row?.subject).toBeNull();
    expectActor(row as NonNullable<typeof row>);
  });

  it("bill file opened: the bill's id as subject; a missing bill records nothing", async () => {
    const key = newBillKey("pdf");
    await new LocalBillStorage(uploads).put(key, Readable.from([Buffer.from("%PDF-1.4\n")]), "application/pdf");
    const [bill] = await handle.db
      .insert(leadSubmissions)
      .values({ businessName: "Audit Dairy", contactName: "Ann", email: "ann@dairy.example", fileUrl: key })
      .returning({ id: leadSubmissions.id });
    const open = (id: string) =>
      billFileLoader(
        args<typeof billFileLoader>({
          request: new Request(`${ORIGIN}/admin/bills/${id}`),
          context: staffRequestContext("::ffff:198.51.100.9"),
          params: { id },
        }),
      );
    const missing = await open(crypto.randomUUID());
    expect(missing.status).toBe(404);
    expect(await eventsOf("bill.opened")).toHaveLength(0);
    const response = await open(bill?.id ?? "");
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const rows = await eventsOf("bill.opened");
    expect(rows).toHaveLength(1);
    // An IPv4 client seen through an IPv6 socket is stored as the IPv4 address.
    expect(rows[0]).toMatchObject({ subject: bill?.id, actorEmail: ADMIN.email, address: "198.51.100.9" });
    // And on the lead's own timeline (kept as long as the lead), with who opened it.
    expect((await leadEventsOf(handle.db, [bill?.id ?? ""])).map((event) => [event.type, event.actorName])).toEqual([
      ["file", ADMIN.name],
    ]);
  });

  it("role granted and removed: the account's e-mail as subject, the role in the details", async () => {
    const set = (role: string) =>
      accountsAction(
        args<typeof accountsAction>({
          request: post("/admin/accounts", { userId: WRITER_ID, role }),
          context: staffRequestContext(),
          params: {},
        }),
      );
    expect(await set("editor")).toMatchObject({ toast: { variant: "success" } });
    expect(await set("none")).toMatchObject({ toast: { variant: "success" } });
    const [granted] = await eventsOf("role.granted");
    expect(granted).toMatchObject({
      subject: "writer@audit.example",
      details: { role: "editor", userId: WRITER_ID },
    });
    expectActor(granted as NonNullable<typeof granted>);
    const [revoked] = await eventsOf("role.revoked");
    expect(revoked).toMatchObject({ subject: "writer@audit.example", details: { role: "none" } });
    // A refused change (an unknown account) records nothing.
    const before = (await eventsOf("role.granted")).length;
    await accountsAction(
      args<typeof accountsAction>({
        request: post("/admin/accounts", { userId: "nobody", role: "admin" }),
        context: staffRequestContext(),
        params: {},
      }),
    );
    expect(await eventsOf("role.granted")).toHaveLength(before);
  });

  it("mail retried: the message's id as subject", async () => {
    const [job] = await handle.db
      .insert(emailOutbox)
      .values({
        formType: "consultation",
        subject: "New lead",
        toAddress: "leads@audit.example",
        formData: {},
        status: "failed",
      })
      .returning({ id: emailOutbox.id });
    const result = await mailAction(
      args<typeof mailAction>({
        request: post("/admin/mail", { id: job?.id ?? "" }),
        context: staffRequestContext(),
        params: {},
      }),
    );
    expect(result).toMatchObject({ toast: { title: "Retry queued" } });
    const [row] = await eventsOf("mail.retried");
    expect(row?.subject).toBe(job?.id);
    expectActor(row as NonNullable<typeof row>);
  });

  it("content published and restored: `incentives:<id>` as subject, the changed fields in the details", async () => {
    const incentive = {
      title: "Audit Solar Rebate",
      description: "A rebate for business solar.",
      type: "State",
      state: "NY",
      link: "https://www.nyserda.ny.gov/rebate",
      moneyValue: "",
      status: "",
      priority: "15",
      expiresOn: "",
      ...testSourceFields,
    };
    const send = async (id: string, fields: Record<string, string>) => {
      try {
        return await contentEditorAction(
          args<typeof contentEditorAction>({
            request: post(`/admin/content/incentives/${id}`, fields),
            context: staffRequestContext(),
            params: { kind: "incentives", id },
          }),
        );
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const created = (await send("new", { intent: "publish", ...incentive })) as Response;
    expect(created.status).toBe(302);
    const id = /\/admin\/content\/incentives\/([0-9a-f-]{36})/.exec(created.headers.get("Location") ?? "")?.[1] ?? "";
    const [published] = await eventsOf("content.published");
    expect(published).toMatchObject({ subject: `incentives:${id}` });
    expect(published?.details.changed).toEqual(expect.arrayContaining(["title"]));
    expectActor(published as NonNullable<typeof published>);

    await send(id, { intent: "publish", ...incentive, title: "Audit Solar Rebate, renamed" });
    expect(await eventsOf("content.published")).toHaveLength(2);
    expect((await eventsOf("content.published"))[0]?.details).toEqual({ changed: ["title"] });
    // Publishing what is already live changes nothing and records nothing.
    await send(id, { intent: "publish", ...incentive, title: "Audit Solar Rebate, renamed" });
    expect(await eventsOf("content.published")).toHaveLength(2);

    const [first] = await handle.db
      .select({ id: contentRevisions.id })
      .from(contentRevisions)
      .where(eq(contentRevisions.recordId, id))
      .orderBy(contentRevisions.changedAt)
      .limit(1);
    await send(id, { intent: "restore", revisionId: first?.id ?? "" });
    const [restored] = await eventsOf("content.restored");
    expect(restored).toMatchObject({ subject: `incentives:${id}`, details: { changed: ["title"] } });
    expectActor(restored as NonNullable<typeof restored>);
  });
});
