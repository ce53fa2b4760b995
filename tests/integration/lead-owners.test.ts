import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/dates";
import { ownerLabel } from "~/lib/lead-workspace";
import { action as boardAction } from "~/routes/admin/board";
import { action as leadAction, loader as leadLoader } from "~/routes/admin/lead";
import { action as leadsAction, loader as leadsLoader } from "~/routes/admin/leads";
import { loader as csvLoader } from "~/routes/admin/leads-csv";
import { action as snoozeAction, loader as snoozeLoader } from "~/routes/snooze";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { today } from "~/server/clock.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import {
  emailOutbox,
  leadNotes,
  leadRotation,
  leadSubmissions,
  leads,
  savedViews,
  user,
  userRoles,
} from "~/server/db/schema";
import { isDigestTime, queueFollowUpDigests } from "~/server/leads/follow-up-digest.server";
import { leadHooksChanged } from "~/server/leads/lead-hooks.server";
import { storeBillSubmission, storeLead } from "~/server/leads/lead-store.server";
import { deliverDueEmails } from "~/server/mail/outbox.server";
import { createMailSender } from "~/server/mail/outbox-message.server";
import { renderFollowUpDigest, renderLeadsAssigned } from "~/server/mail/render.server";
import { duplicateCounts, sameContactCount, sameContactLeads } from "~/server/queries/lead-duplicates.server";
import { leadEventsOf } from "~/server/queries/lead-events.server";
import { assignLeads, leadsNeedingAttention, setRotation } from "~/server/queries/lead-owners.server";
import { leadBoard, listLeads } from "~/server/queries/staff-leads.server";
import { dbTargets, openMigrated } from "./db-targets";
import { adminContextOf, answerOf, contextOf, formPost, ORIGIN } from "./staff-action";

/**
 * Ownership and next steps: new leads go in turn to the admins who opted in (once each,
 * also when two arrive at once), admins assign one or many leads, and the list filters "Mine",
 * "Unassigned" and "Due today / Overdue".
 */
const PASSWORD = "Owners!pass1234";
const TODAY = "2026-11-25";
type DigestInput = Parameters<typeof renderFollowUpDigest>[0];
type AssignedInput = Parameters<typeof renderLeadsAssigned>[0];

describe.each(dbTargets)("lead owners and next steps on $name", (target) => {
  let handle: DatabaseHandle;
  const ids: Record<"ann" | "ben" | "eve" | "off", string> = { ann: "", ben: "", eve: "", off: "" };

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    for (const [key, role] of [
      ["ann", "admin"],
      ["ben", "admin"],
      ["eve", "editor"],
      ["off", "admin"],
    ] as const) {
      const email = `${key}@owners.example`;
      await createStaffAccount(handle.db, { email, password: PASSWORD, role });
      const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[key] = row?.id ?? "";
      await handle.db.update(user).set({ name: key.toUpperCase() }).where(eq(user.email, email));
    }
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, ids.off));
  });
  beforeEach(async () => {
    await handle.db.delete(leadRotation);
    await leadHooksChanged();
  });
  afterAll(async () => {
    await closeDb();
  });

  const consultation = (name: string) =>
    storeLead(
      handle.db,
      { kind: "consultation", name, email: `${name.toLowerCase()}@farm.example` },
      { formType: "Solar Advisor Consultation", subject: "New lead", to: "staff@example.com", formData: {} },
    );
  const bill = (business: string) =>
    storeBillSubmission(
      handle.db,
      { businessName: business, contactName: "Cam", email: "cam@wash.example" },
      { formType: "Solar Assessment", subject: "New bill", to: "staff@example.com", formData: () => ({}) },
    );
  const ownerOf = async (id: string) =>
    (
      (await handle.db.select({ o: leads.ownerId }).from(leads).where(eq(leads.id, id)))[0] ??
      (
        await handle.db.select({ o: leadSubmissions.ownerId }).from(leadSubmissions).where(eq(leadSubmissions.id, id))
      )[0]
    )?.o ?? null;

  it("with nobody opted in, a new lead stays unassigned", async () => {
    expect(await ownerOf(await consultation("Nobody"))).toBeNull();
  });

  it("new leads go in turn to the opted-in admins; editors and disabled admins never get one", async () => {
    for (const key of ["ann", "ben", "eve", "off"] as const) await setRotation(handle.db, ids[key], true);
    const owners = [];
    for (const name of ["One", "Two", "Three", "Four"]) owners.push(await ownerOf(await consultation(name)));
    owners.push(await ownerOf(await bill("Suds Car Wash")));
    const [first, second] = owners;
    expect(new Set([first, second])).toEqual(new Set([ids.ann, ids.ben]));
    expect(owners).toEqual([first, second, first, second, first]);
  });

  it("two leads stored at the same moment go to two different admins", async () => {
    await setRotation(handle.db, ids.ann, true);
    await setRotation(handle.db, ids.ben, true);
    const [a, b] = await Promise.all([consultation("Same A"), consultation("Same B")]);
    expect(new Set([await ownerOf(a), await ownerOf(b)])).toEqual(new Set([ids.ann, ids.ben]));
  });

  const adminContext = () => adminContextOf({ id: ids.ann, email: "ann@owners.example", name: "ANN" }, "203.0.113.40");
  const assign = (leadRefs: string[], ownerId: string) => {
    const body = new URLSearchParams({ intent: "assign", ownerId });
    for (const ref of leadRefs) body.append("lead", ref);
    return answerOf(() =>
      leadsAction({ request: formPost("/admin/leads", body), params: {}, context: adminContext() } as never),
    );
  };

  it("assigns several leads of both tables at once, refuses a non-admin owner, and unassigns", async () => {
    const c = await consultation("Bulk");
    const b = await bill("Bulk Wash");
    const refs = [`consultation:${c}`, `bill:${b}`];

    const refused = await assign(refs, ids.eve);
    expect(refused.status).toBe(400);
    expect(await ownerOf(c)).toBeNull();
    const none = await assign([], ids.ben);
    expect(none).toMatchObject({
      status: 400,
      data: { result: { error: { lead: ["Choose at least one lead first."] } } },
    });

    const done = await assign(refs, ids.ben);
    expect(done).toMatchObject({ status: 200, data: { toast: { title: "2 leads assigned" } } });
    expect([await ownerOf(c), await ownerOf(b)]).toEqual([ids.ben, ids.ben]);

    const one = await assign([`consultation:${c}`], ids.ann);
    expect(one.data).toMatchObject({ toast: { title: "1 lead assigned" } });
    const gone = await assign(refs, "");
    expect(gone.data).toMatchObject({ toast: { title: "2 leads unassigned" } });
    expect([await ownerOf(c), await ownerOf(b)]).toEqual([null, null]);
  });

  it("sets the status of the ticked leads, each on its timeline, and Undo puts back what each had", async () => {
    const c = await consultation("Bulk Status");
    const b = await bill("Bulk Status Wash");
    const statusOf = async (id: string) =>
      (
        (await handle.db.select({ s: leads.status }).from(leads).where(eq(leads.id, id)))[0] ??
        (
          await handle.db.select({ s: leadSubmissions.status }).from(leadSubmissions).where(eq(leadSubmissions.id, id))
        )[0]
      )?.s;
    const post = (fields: [string, string][]) =>
      answerOf(() =>
        leadsAction({
          request: formPost("/admin/leads", new URLSearchParams(fields)),
          params: {},
          context: adminContext(),
        } as never),
      );
    await post([
      ["intent", "status"],
      ["status", "qualified"],
      ["lead", `bill:${b}`],
    ]);
    const refused = await post([
      ["intent", "status"],
      ["status", "maybe"],
      ["lead", `consultation:${c}`],
    ]);
    expect(refused).toMatchObject({
      status: 400,
      data: { result: { error: { lead: ["Choose the status to set."] } } },
    });
    expect(await statusOf(c)).toBe("new");

    const done = await post([
      ["intent", "status"],
      ["status", "contacted"],
      ["lead", `consultation:${c}`],
      ["lead", `bill:${b}`],
    ]);
    const toast = (done.data as { toast: { title: string; undo: { fields: [string, string][] } } }).toast;
    expect(toast.title).toBe("2 leads set to Contacted");
    expect([await statusOf(c), await statusOf(b)]).toEqual(["contacted", "contacted"]);
    expect((await leadEventsOf(handle.db, [c])).map((event) => event.details)).toEqual([
      { from: "new", to: "contacted" },
    ]);

    const undone = await post(toast.undo.fields);
    expect(undone.data).toMatchObject({ toast: { title: "Status change undone" } });
    expect([await statusOf(c), await statusOf(b)]).toEqual(["new", "qualified"]);
    const forged = await post([
      ["intent", "restore-status"],
      ["restore", `consultation:${c}:won'`],
    ]);
    expect(forged.status).toBe(400);
    expect(await statusOf(c)).toBe("new");
  });

  it("owners and next steps set in bulk come back with the toast's Undo, each lead to what it had", async () => {
    const c = await consultation("Bulk Undo");
    const b = await bill("Bulk Undo Wash");
    await handle.db
      .update(leads)
      .set({ ownerId: ids.ben, nextStepOn: "2026-12-01", nextStep: "Call back" })
      .where(eq(leads.id, c));
    const post = (fields: [string, string][]) =>
      answerOf(() =>
        leadsAction({
          request: formPost("/admin/leads", new URLSearchParams(fields)),
          params: {},
          context: adminContext(),
        } as never),
      );
    type Undoable = { toast: { title: string; undo: { fields: [string, string][] } } };
    const both: [string, string][] = [
      ["lead", `consultation:${c}`],
      ["lead", `bill:${b}`],
    ];
    const stepOf = async (id: string) =>
      (await handle.db.select({ on: leads.nextStepOn, task: leads.nextStep }).from(leads).where(eq(leads.id, id)))[0] ??
      (
        await handle.db
          .select({ on: leadSubmissions.nextStepOn, task: leadSubmissions.nextStep })
          .from(leadSubmissions)
          .where(eq(leadSubmissions.id, id))
      )[0];

    const assigned = (await post([["intent", "assign"], ["ownerId", ids.ann], ...both])).data as Undoable;
    expect(assigned.toast.title).toBe("2 leads assigned");
    expect([await ownerOf(c), await ownerOf(b)]).toEqual([ids.ann, ids.ann]);
    expect((await post(assigned.toast.undo.fields)).data).toMatchObject({ toast: { title: "Owner change undone" } });
    expect([await ownerOf(c), await ownerOf(b)]).toEqual([ids.ben, null]);

    // The day moves, each lead keeps its task; Undo puts back each day (or none).
    const stepped = (await post([["intent", "next-step"], ["on", "2026-12-07"], ...both])).data as Undoable;
    expect(stepped.toast.title).toBe("2 leads: next step on 12/07/2026");
    expect(await stepOf(c)).toEqual({ on: "2026-12-07", task: "Call back" });
    expect((await stepOf(b))?.on).toBe("2026-12-07");
    expect((await post(stepped.toast.undo.fields)).data).toMatchObject({ toast: { title: "Next step change undone" } });
    expect(await stepOf(c)).toEqual({ on: "2026-12-01", task: "Call back" });
    expect((await stepOf(b))?.on).toBeNull();

    // A day that does not exist, or a forged Undo, changes nothing.
    expect((await post([["intent", "next-step"], ["on", "2026-02-30"], ...both])).status).toBe(400);
    expect(
      (
        await post([
          ["intent", "restore-owners"],
          ["restore", `consultation:${c}:'; drop`],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await post([
          ["intent", "restore-next-steps"],
          ["restore", `bill:${b}:tomorrow`],
        ])
      ).status,
    ).toBe(400);
    expect([await ownerOf(c), (await stepOf(c))?.on]).toEqual([ids.ben, "2026-12-01"]);
  });

  it("a lead page sets and clears the next step; a day that does not exist is refused", async () => {
    const id = await consultation("Stepper");
    const step = (fields: Record<string, string>) =>
      answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/consultation/${id}`, new URLSearchParams(fields)),
          params: { kind: "consultation", id },
          context: adminContext(),
        } as never),
      );
    const bad = await step({ intent: "next-step", on: "2026-02-30", task: "Call" });
    expect(bad).toMatchObject({
      status: 400,
      data: { result: { error: { on: ["Choose the day of the next step."] } } },
    });
    expect((await step({ intent: "next-step", on: TODAY, task: " Call about the quote " })).status).toBe(200);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, id));
    expect([row?.nextStepOn, row?.nextStep]).toEqual([TODAY, "Call about the quote"]);
    expect((await step({ intent: "assign", ownerId: ids.ann })).data).toMatchObject({
      toast: { title: "Owner saved" },
    });
    expect((await step({ intent: "clear-next-step" })).data).toMatchObject({ toast: { title: "Next step cleared" } });
    const [cleared] = await handle.db.select().from(leads).where(eq(leads.id, id));
    expect([cleared?.nextStepOn, cleared?.nextStep, cleared?.ownerId]).toEqual([null, null, ids.ann]);
  });

  it("records who changed the status, the owner and the next step, for the lead's timeline", async () => {
    await setRotation(handle.db, ids.ben, true);
    const id = await consultation("Timeline");
    const act = (fields: Record<string, string>) =>
      answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/consultation/${id}`, new URLSearchParams(fields)),
          params: { kind: "consultation", id },
          context: adminContext(),
        } as never),
      );
    await act({ intent: "status", status: "contacted" });
    await act({ intent: "status", status: "contacted" }); // no change: no line
    await act({ intent: "assign", ownerId: ids.ann });
    await act({ intent: "next-step", on: TODAY, task: "Send the quote" });
    await act({ intent: "clear-next-step" });
    const events = await leadEventsOf(handle.db, [id]);
    expect(events.map((event) => [event.type, event.actorName, event.details])).toEqual([
      ["owner", "New-lead rotation", { to: "BEN" }],
      ["status", "ANN", { from: "new", to: "contacted" }],
      ["owner", "ANN", { to: "ANN" }],
      ["next-step", "ANN", { on: TODAY, task: "Send the quote" }],
      ["next-step", "ANN", { on: null, task: null }],
    ]);
  });

  it("the CSV carries the owner, next step, time, the visitor's answers as labels, attribution and notes", async () => {
    const id = await storeLead(
      handle.db,
      {
        kind: "consultation",
        name: "Csv Orchard",
        email: "csv@orchard.example",
        industry: "agriculture",
        state: "wisconsin",
        solarReadiness: "ready",
        question: "Net metering?",
        utmSource: "newsletter",
        ownerId: ids.ann,
        nextStepOn: TODAY,
        nextStep: "Call",
      },
      { formType: "Solar Advisor Consultation", subject: "s", to: "staff@example.com", formData: {} },
    );
    await handle.db.insert(leadNotes).values([
      { leadId: id, authorName: "ANN", body: "First call", createdAt: new Date("2026-11-24T10:00:00Z") },
      { leadId: id, authorName: "ANN", body: "Sent quote", createdAt: new Date("2026-11-24T11:00:00Z") },
    ]);
    // A request merged into it is in no list: its row carries who it was and what it asked.
    await handle.db.insert(leads).values({
      kind: "guide",
      name: "Twin Orchard",
      email: "twin@orchard.example",
      question: "Battery too?",
      mergedIntoId: id,
      mergedIntoKind: "consultation",
      mergedAt: new Date(),
    });
    const response = (await csvLoader({
      request: new Request(`${ORIGIN}/admin/leads/export.csv?q=csv+orchard`),
      params: {},
      context: adminContext(),
    } as never)) as Response;
    // No cell of this row holds a comma or a quote: a plain split reads it.
    const [header, row] = (await response.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n")
      .map((line) => line.split(","));
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell("Owner")).toBe("ANN");
    expect([cell("Next Step On"), cell("Next Step")]).toEqual([TODAY, "Call"]);
    expect(cell("Submitted Time")).toMatch(/^\d{1,2}:\d{2}\s[AP]M\s(EST|EDT)$/);
    expect([cell("Industry"), cell("State"), cell("Solar Readiness")]).toEqual([
      "Farms & Agriculture",
      "Wisconsin",
      "Ready to Move Forward",
    ]);
    expect([cell("Question"), cell("UTM Source"), cell("Notes")]).toEqual([
      "Net metering?",
      "newsletter",
      "First call | Sent quote",
    ]);
    expect(cell("Merged Leads")).toBe("Twin Orchard <twin@orchard.example>: Battery too?");
    expect(cell("Submitted (ISO 8601 UTC)")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(cell("Next Step On (ISO 8601)")).toBe(TODAY);
    await handle.db.delete(leads).where(eq(leads.mergedIntoId, id));
    await handle.db.delete(leads).where(eq(leads.id, id));
  });

  it("e-mails a lead from a template through the outbox, with Reply-To the writer; never to a refused address", async () => {
    const id = await storeBillSubmission(
      handle.db,
      { businessName: "Mail Wash", contactName: "Molly", email: "molly@wash.example" },
      { formType: "Solar Assessment", subject: "s", to: "staff@example.com", formData: () => ({}) },
    );
    const page = await leadLoader({
      request: new Request(`${ORIGIN}/admin/leads/bill/${id}?template=bill-received`),
      params: { kind: "bill", id },
      context: adminContext(),
    } as never);
    expect(page.email.draft?.subject).toBe("We received your electric bill");
    expect(page.email.draft?.body).toContain("Hello Molly,");
    expect(page.email.draft?.body).toContain("the electric bill for Mail Wash");
    expect(page.email.draft?.body).toMatch(/Best regards,\nANN$/);

    const send = (fields: Record<string, string>) =>
      answerOf(() =>
        leadAction({
          request: formPost(`/admin/leads/bill/${id}`, new URLSearchParams({ intent: "email", ...fields })),
          params: { kind: "bill", id },
          context: adminContext(),
        } as never),
      );
    expect((await send({ subject: "", body: "Hi" })).data).toMatchObject({
      result: { error: { subject: ["Write a subject."] } },
    });
    const sent = await send({ subject: "Your bill", body: "Hello Molly,\n\nThank you." });
    expect(sent).toMatchObject({ status: 200, data: { toast: { title: "E-mail on its way" } } });
    const [job] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "lead-message"));
    expect(job).toMatchObject({
      toAddress: "molly@wash.example",
      subject: "Your bill",
      leadSubmissionId: id,
      formData: { body: "Hello Molly,\n\nThank you.", staffName: "ANN", staffEmail: "ann@owners.example" },
    });
    // The same subject again within minutes asks first; "Send again" sends it.
    const twice = await send({ subject: "Your bill", body: "Hello Molly,\n\nThank you." });
    expect(twice).toMatchObject({
      status: 409,
      data: {
        askAgain: "Your bill",
        toast: {
          description: "A message with this subject went to molly@wash.example less than a minute ago. Send it again?",
        },
      },
    });
    expect(await send({ subject: "Your bill", body: "Hello Molly,\n\nThank you.", again: "1" })).toMatchObject({
      status: 200,
    });
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Your bill"))).toHaveLength(2);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-lead-"));
    try {
      await handle.db.update(emailOutbox).set({ status: "sent" }).where(sql`template <> 'lead-message'`);
      const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const eml = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n");
      expect(eml).toContain("Reply-To: ann@owners.example");
      expect(eml).toContain("To: molly@wash.example");
      expect(eml.replace(/=\r?\n/g, "")).toContain("Educational information only");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // After a permanent refusal of that address, nothing more is queued to it.
    await handle.db
      .update(emailOutbox)
      .set({ status: "failed", lastError: "Refused for good by the receiving server: 550" })
      .where(eq(emailOutbox.id, job?.id ?? ""));
    const refused = await send({ subject: "Again", body: "Hello?" });
    expect(refused).toMatchObject({ status: 409, data: { toast: { title: "Not sent" } } });
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.subject, "Again"))).toEqual([]);
  });

  it('an empty "My follow-ups due" names the next follow-up, the soonest after today', async () => {
    const nia = "NiaHasNothingDue0000000000000000";
    await handle.db.insert(user).values({ id: nia, name: "NIA", email: "nia@owners.example" });
    const soon = await consultation("Soon Step");
    const later = await consultation("Later Step");
    await handle.db
      .update(leads)
      .set({ ownerId: nia, nextStepOn: addDays(today(), 3) })
      .where(eq(leads.id, soon));
    await handle.db
      .update(leads)
      .set({ ownerId: nia, nextStepOn: addDays(today(), 9) })
      .where(eq(leads.id, later));
    const mineDue = async () =>
      (await leadsLoader({
        request: new Request(`${ORIGIN}/admin/leads?owner=mine&due=1`),
        params: {},
        context: adminContextOf({ id: nia, email: "nia@owners.example", name: "NIA" }, "203.0.113.41"),
      } as never)) as { rows: unknown[]; next: { name: string; on: string } | null };
    expect(await mineDue()).toMatchObject({ rows: [], next: { name: "Soon Step", on: addDays(today(), 3) } });
    // Something due: the list shows it, no "next" line.
    await handle.db.update(leads).set({ nextStepOn: today() }).where(eq(leads.id, later));
    expect(await mineDue()).toMatchObject({ rows: [{ contactName: "Later Step" }], next: null });
  });

  it("saves views of the list under a name, opens the default one, removes one", async () => {
    const act = (fields: Record<string, string>) =>
      answerOf(() =>
        leadsAction({
          request: formPost("/admin/leads", new URLSearchParams(fields)),
          params: {},
          context: adminContext(),
        } as never),
      );
    const open = async (search: string) => {
      try {
        const page = await leadsLoader({
          request: new Request(`${ORIGIN}/admin/leads${search}`),
          params: {},
          context: adminContext(),
        } as never);
        return { redirect: null, views: (page as { views: { name: string; isDefault: boolean }[] }).views };
      } catch (thrown) {
        if (thrown instanceof Response) return { redirect: thrown.headers.get("Location"), views: [] };
        throw thrown;
      }
    };
    expect((await act({ intent: "save-view", name: " ", query: "" })).data).toMatchObject({
      result: { error: { name: ["Name the view."] } },
    });
    // The list's own query is kept; unknown parameters and the page are not.
    await act({ intent: "save-view", name: "My due", query: "owner=mine&due=1&page=4&x=1" });
    await act({ intent: "save-view", name: "New bills", query: "kind=bill&status=new" });
    const [{ views }] = [await open("?view=all")];
    expect(views.map((view) => view.name)).toEqual(["My due", "New bills"]);
    const due = (await handle.db.select().from(savedViews).where(eq(savedViews.name, "My due")))[0];
    expect(due?.query).toBe("owner=mine&due=1");

    expect((await open("")).redirect).toBeNull();
    expect((await act({ intent: "default-view", viewId: due?.id ?? "" })).data).toMatchObject({
      toast: { title: "Default view set" },
    });
    expect((await open("")).redirect).toBe("/admin/leads?owner=mine&due=1");
    expect((await open("?view=all")).redirect).toBeNull();
    await act({ intent: "delete-view", viewId: due?.id ?? "" });
    expect((await open("")).redirect).toBeNull();
    expect((await open("?view=all")).views.map((view) => view.name)).toEqual(["New bills"]);
  });

  it('filters "Mine", "Unassigned" and "Due today / Overdue" (open leads only), with the owner\'s name', async () => {
    const [mineDue, mineLater, mineWon, theirs, nobody, nobodyLost] = await Promise.all(
      ["Due Mine", "Later Mine", "Won Mine", "Theirs", "Nobodys", "Nobodys Lost"].map((name) => consultation(name)),
    );
    const set = (id: string | undefined, values: Partial<typeof leads.$inferInsert>) =>
      handle.db
        .update(leads)
        .set(values)
        .where(eq(leads.id, id ?? ""));
    await set(mineDue, {
      ownerId: ids.ann,
      nextStepOn: "2026-11-20",
      nextStep: "Overdue call",
      createdAt: new Date("2026-11-01T12:00:00Z"),
    });
    await set(mineLater, { ownerId: ids.ann, nextStepOn: "2026-12-20" });
    await set(mineWon, { ownerId: ids.ann, nextStepOn: "2026-11-01", status: "won" });
    await set(theirs, { ownerId: ids.ben, nextStepOn: TODAY });
    await set(nobodyLost, { status: "lost" });
    const scope = { q: "", kind: null, status: null, page: 1, viewerId: ids.ann, today: TODAY };
    const names = async (filters: { owner?: "mine" | "unassigned" | null; due?: boolean; status?: "lost" }) =>
      (await listLeads(handle.db, { ...scope, owner: null, due: false, ...filters })).rows.map((r) => r.contactName);

    // Earlier tests' leads went to ann in turn: "Mine" lists this test's three and none of the others'.
    const mine = await names({ owner: "mine" });
    expect(mine).toEqual(expect.arrayContaining(["Won Mine", "Later Mine", "Due Mine"]));
    expect(mine).not.toContain("Theirs");
    expect(mine).not.toContain("Nobodys");
    expect(await names({ owner: "mine", due: true })).toEqual(["Due Mine"]);
    expect(await names({ due: true })).toEqual(expect.arrayContaining(["Due Mine", "Theirs"]));
    expect(await names({ due: true })).not.toContain("Won Mine");
    // Most overdue first: the step of November 20 before today's, whichever lead came in later.
    const due = await names({ due: true });
    expect(due.indexOf("Due Mine")).toBeLessThan(due.indexOf("Theirs"));
    expect(await names({ owner: "unassigned" })).toContain("Nobodys");
    expect(await names({ owner: "unassigned" })).not.toContain("Theirs");
    // Nobody needs to take a closed lead: "Unassigned" lists open ones, as the dashboard counts them.
    expect(await names({ owner: "unassigned" })).not.toContain("Nobodys Lost");
    expect(await names({ owner: "unassigned", status: "lost" })).toEqual(["Nobodys Lost"]);
    const { rows } = await listLeads(handle.db, { ...scope, owner: "mine", due: true });
    expect(rows[0]).toMatchObject({ ownerName: "ANN", nextStepOn: "2026-11-20", nextStep: "Overdue call" });
    await handle.db
      .delete(leads)
      .where(inArray(leads.id, [mineDue, mineLater, mineWon, theirs, nobody, nobodyLost] as string[]));
  });
});

describe.each(dbTargets)("follow-up digests and assignment e-mails on $name", (target) => {
  let handle: DatabaseHandle;
  const ids: Record<"ann" | "ben" | "cy", string> = { ann: "", ben: "", cy: "" };

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    for (const key of ["ann", "ben", "cy"] as const) {
      const email = `${key}@digest.example`;
      await createStaffAccount(handle.db, { email, password: PASSWORD });
      const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[key] = row?.id ?? "";
    }
  });
  afterAll(async () => {
    await closeDb();
  });

  const lead = async (name: string, values: Partial<typeof leads.$inferInsert>) => {
    const [row] = await handle.db
      .insert(leads)
      .values({ kind: "consultation", name, email: "x@farm.example", ...values })
      .returning({ id: leads.id });
    return row?.id ?? "";
  };
  const digests = () => handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "follow-up-digest"));

  it("one digest a day per owner with open leads due or overdue, however many instances ask at once", async () => {
    await lead("Overdue Orchard", { ownerId: ids.ann, nextStepOn: "2026-11-20", nextStep: "Call back" });
    await lead("Today Tannery", { ownerId: ids.ann, nextStepOn: TODAY, nextStep: "Send the quote" });
    await lead("Later Lumber", { ownerId: ids.ann, nextStepOn: "2026-12-24" });
    await lead("Won Winery", { ownerId: ids.ben, nextStepOn: "2026-11-01", status: "won" });
    await lead("Bill Barn", { ownerId: ids.cy, nextStepOn: TODAY });
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, ids.cy));
    await storeBillSubmission(
      handle.db,
      { businessName: "Ben's Wash", contactName: "Ben", email: "b@wash.example", ownerId: ids.ben },
      { formType: "Solar Assessment", subject: "s", to: "staff@example.com", formData: () => ({}) },
    );
    await handle.db.update(leadSubmissions).set({ nextStepOn: "2026-11-24", nextStep: "Visit" });

    const site = { day: TODAY, siteUrl: "https://solar.example" };
    const queued = await Promise.all([queueFollowUpDigests(handle.db, site), queueFollowUpDigests(handle.db, site)]);
    expect(queued[0] + queued[1]).toBe(2);
    expect(await queueFollowUpDigests(handle.db, site)).toBe(0);

    const mails = await digests();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["ann@digest.example", "ben@digest.example"]);
    const ann = mails.find((mail) => mail.toAddress === "ann@digest.example");
    expect(ann?.subject).toBe("Your follow-ups for 11/25/2026: 2 due");
    const { text } = renderFollowUpDigest({ ...(ann?.formData as DigestInput), siteName: "Solar" });
    expect(text).toContain(
      "Overdue (1)\n- Overdue Orchard (Consultation): Call back\n  https://solar.example/admin/leads/consultation/",
    );
    expect(text).toContain("Due today (1)\n- Today Tannery (Consultation): Send the quote");
    expect(text).toContain("Your next steps on Solar for 11/25/2026.");
    expect(text).not.toContain("Later Lumber");
    expect(text).toContain("https://solar.example/admin/leads?owner=mine&due=1");

    // A snooze link of the e-mail: opening it changes nothing; one press moves the next step,
    // without signing in; pressed again (or changed by a byte) it changes nothing.
    const orchard = (ann?.formData as DigestInput | undefined)?.overdue[0];
    expect(orchard?.snooze?.map((link) => link.label)).toEqual(["Snooze 1 day", "Snooze a week"]);
    expect(text).toContain("  Snooze 1 day: https://solar.example/snooze?p=");
    const link = new URL(orchard?.snooze?.[0]?.url ?? "");
    const asked = Object.fromEntries(link.searchParams);
    const page = (query: URLSearchParams) =>
      answerOf(() =>
        snoozeLoader({
          request: new Request(`${ORIGIN}/snooze?${query}`),
          params: {},
          context: contextOf(handle),
        } as never),
      );
    const press = (fields: Record<string, string>) =>
      answerOf(() =>
        snoozeAction({
          request: formPost("/snooze", new URLSearchParams(fields)),
          params: {},
          context: contextOf(handle),
        } as never),
      );
    const orchardId = link && (await handle.db.select().from(leads).where(eq(leads.name, "Overdue Orchard")))[0]?.id;
    const stepOf = async () =>
      (
        await handle.db
          .select({ on: leads.nextStepOn })
          .from(leads)
          .where(eq(leads.id, orchardId ?? ""))
      )[0]?.on;
    expect((await page(link.searchParams)).data).toMatchObject({
      state: "ask",
      name: "Overdue Orchard",
      task: "Call back",
    });
    expect(await stepOf()).toBe("2026-11-20");
    expect((await press(asked)).data).toEqual({ state: "done" });
    expect(await stepOf()).toBe(addDays(today(), 1));
    expect(await press(asked)).toMatchObject({ status: 409, data: { state: "stale" } });
    const forged = { ...asked, t: `${asked.t?.slice(0, -1)}${asked.t?.endsWith("A") ? "B" : "A"}` };
    expect(await press(forged)).toMatchObject({ status: 400, data: { state: "invalid" } });
    const lines = (await leadEventsOf(handle.db, [orchardId ?? ""])).map((event) => [event.type, event.actorName]);
    expect(lines.find(([type]) => type === "next-step")?.[1]).toMatch(/^ann/i);

    // The next day, again one each.
    expect(await queueFollowUpDigests(handle.db, { ...site, day: "2026-11-26" })).toBe(2);
  });

  it("waits for the hour in the site's time zone", () => {
    const at = (iso: string) => isDigestTime(new Date(iso), "America/New_York", 7);
    expect(at("2026-11-25T11:59:00Z")).toBe(false); // 6:59 in New York
    expect(at("2026-11-25T12:00:00Z")).toBe(true);
  });

  it("tells an owner by e-mail when someone else gives them leads, not when they take them", async () => {
    const a = await lead("Given One", {});
    const b = await lead("Given Two", {});
    const refs = [a, b].map((id) => ({ kind: "consultation" as const, id }));
    const by = (id: string) => ({ id, name: "Ann Admin", siteUrl: "https://solar.example" });
    expect(await assignLeads(handle.db, refs, ids.ben, by(ids.ann))).toBe(2);
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "leads-assigned"));
    expect(mail).toMatchObject({ toAddress: "ben@digest.example", subject: "2 leads were assigned to you" });
    const { text } = renderLeadsAssigned({ ...(mail?.formData as AssignedInput), siteName: "Solar" });
    expect(text).toContain("Ann Admin assigned 2 leads to you on Solar.");
    expect(text).toContain(`https://solar.example/admin/leads/consultation/${a}`);

    expect(await assignLeads(handle.db, refs, ids.ann, by(ids.ann))).toBe(2);
    expect(await handle.db.select().from(emailOutbox).where(eq(emailOutbox.template, "leads-assigned"))).toHaveLength(
      1,
    );
  });
});

describe.each(dbTargets)("the staff notification of a new lead on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("links to the lead's page and replies to the visitor", async () => {
    const id = await storeLead(
      handle.db,
      { kind: "consultation", name: "Vera Vintner", email: "vera@winery.example" },
      {
        formType: "Solar Advisor Consultation",
        subject: "New Solar Advisor Consultation Request",
        to: "staff@example.com",
        formData: { name: "Vera Vintner", email: "vera@winery.example" },
      },
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-notify-"));
    try {
      const sender = createMailSender({ from: "site@example.com", captureDir: dir, siteUrl: "https://solar.example" });
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const eml = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n");
      expect(eml).toContain("Reply-To: vera@winery.example");
      expect(eml.replace(/=\r?\n/g, "")).toContain(`https://solar.example/admin/leads/consultation/${id}`);
      expect(eml).not.toContain("Also from them");
      // A second request from the same address: its notification says so.
      for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name));
      await storeLead(
        handle.db,
        { kind: "guide", name: "Vera V.", email: "VERA@winery.example" },
        {
          formType: "Lead Generation",
          subject: "New guide",
          to: "staff@example.com",
          formData: { email: "VERA@winery.example" },
        },
      );
      await deliverDueEmails(handle.db, sender, { giveUpAfterMs: 86_400_000 });
      const second = fs
        .readdirSync(dir)
        .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
        .join("\n");
      expect(second.replace(/=\r?\n/g, "")).toContain("Also from them: 1 other lead (same e-mail or business)");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dbTargets)("the dashboard's leads that need someone on $name", (target) => {
  let handle: DatabaseHandle;
  let me = "";
  beforeAll(async () => {
    handle = await openMigrated(target);
    await createStaffAccount(handle.db, { email: "me@attention.example", password: PASSWORD });
    me =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "me@attention.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await handle.close();
  });

  it("counts new leads, those waiting over 24 hours, open unassigned ones and my due next steps", async () => {
    const now = new Date("2026-11-25T15:00:00Z");
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await handle.db.insert(leads).values([
      { kind: "consultation", name: "Fresh", email: "a@x.example", createdAt: hoursAgo(2) },
      { kind: "guide", name: "Waiting", email: "b@x.example", createdAt: hoursAgo(30) },
      { kind: "consultation", name: "Talking", email: "c@x.example", status: "contacted", createdAt: hoursAgo(50) },
      { kind: "consultation", name: "Done", email: "d@x.example", status: "won", createdAt: hoursAgo(60) },
      {
        kind: "consultation",
        name: "Mine",
        email: "e@x.example",
        status: "qualified",
        ownerId: me,
        nextStepOn: TODAY,
      },
    ]);
    await handle.db
      .insert(leadSubmissions)
      .values({ businessName: "Old Wash", contactName: "O", email: "o@x.example", submittedAt: hoursAgo(48) });
    expect(await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now })).toEqual({
      uncontacted: 3,
      overdueReply: 2,
      unassigned: 4,
      myDue: 1,
      unsentNotifications: 0,
    });
    // A business that promises a reply within 1 hour: the 2-hour-old lead is waiting too.
    expect(
      (await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now, replyHours: 1 })).overdueReply,
    ).toBe(3);
    // A staff notification given up (its lead still stored) is counted, for the mail view.
    await handle.db.insert(emailOutbox).values({
      formType: "Solar Advisor Consultation",
      template: "staff-notification",
      subject: "New Solar Advisor Consultation Request",
      toAddress: "staff@example.com",
      formData: {},
      status: "failed",
    });
    expect((await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now })).unsentNotifications).toBe(1);
    // Still being retried an hour on (a relay refusing our sender): counted too; a first retry is not.
    const pending = (createdAt: Date) => ({
      formType: "Solar Advisor Consultation" as const,
      template: "staff-notification",
      subject: "New Solar Advisor Consultation Request",
      toAddress: "staff@example.com",
      formData: {},
      status: "pending",
      lastError: "Mail command failed: 550 5.4.5 Daily user sending limit exceeded",
      createdAt,
    });
    await handle.db.insert(emailOutbox).values([pending(hoursAgo(2)), pending(new Date(now.getTime() - 600_000))]);
    expect((await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now })).unsentNotifications).toBe(2);
    // Never tried in an hour (no mail worker running anywhere): counted too.
    await handle.db.insert(emailOutbox).values({ ...pending(hoursAgo(3)), lastError: null });
    expect((await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now })).unsentNotifications).toBe(3);
  });

  it("counts a lead whose owner left (admin role taken away, or account disabled) as unassigned", async () => {
    const now = new Date("2026-11-25T15:00:00Z");
    const before = await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now });
    const owners: string[] = [];
    for (const email of ["rep@attention.example", "gone@attention.example"]) {
      await createStaffAccount(handle.db, { email, password: PASSWORD, role: "admin" });
      owners.push((await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "");
    }
    const [rep = "", gone = ""] = owners;
    const inserted = await handle.db
      .insert(leads)
      .values([
        { kind: "consultation", name: "Rep's lead", email: "r@x.example", status: "contacted", ownerId: rep },
        { kind: "consultation", name: "Gone's lead", email: "g@x.example", status: "qualified", ownerId: gone },
      ])
      .returning({ id: leads.id });
    // The lead page names an owner who left, and offers "Nobody" rather than a person who cannot work it.
    useDatabaseForTests(handle);
    const formerOwner = async (id: string | undefined) =>
      (
        await leadLoader({
          request: new Request(`${ORIGIN}/admin/leads/consultation/${id}`),
          params: { kind: "consultation", id: id ?? "" },
          context: adminContextOf({ id: me, email: "me@attention.example", name: "ME" }, "203.0.113.41"),
        } as never)
      ).formerOwner;
    expect(await formerOwner(inserted[1]?.id)).toBeNull();
    const unassigned = async () =>
      (
        await listLeads(handle.db, {
          q: "",
          kind: null,
          status: null,
          owner: "unassigned",
          due: false,
          viewerId: me,
          today: TODAY,
          page: 1,
        })
      ).rows.map((row) => row.contactName);
    expect(await unassigned()).not.toContain("Rep's lead");
    const listed = async (name: string) =>
      (
        await listLeads(handle.db, {
          q: name,
          kind: null,
          status: null,
          owner: null,
          due: false,
          viewerId: me,
          today: TODAY,
          page: 1,
        })
      ).rows.find((row) => row.contactName === name);
    expect(await listed("Rep's lead")).toMatchObject({ ownerName: "rep", ownerLeft: false });
    expect(ownerLabel((await listed("Rep's lead")) ?? { ownerName: null, ownerLeft: true })).toBe("rep");
    // The documented way to see someone out: the role taken away, the account disabled.
    await handle.db.delete(userRoles).where(eq(userRoles.userId, rep));
    await handle.db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, gone));
    expect(await unassigned()).toEqual(expect.arrayContaining(["Rep's lead", "Gone's lead"]));
    // The list says who had it, and that they left.
    expect(await listed("Gone's lead")).toMatchObject({ ownerName: "gone", ownerLeft: true });
    expect(ownerLabel((await listed("Gone's lead")) ?? { ownerName: null, ownerLeft: false })).toBe(
      "Unassigned (was gone)",
    );
    expect(await listed("Rep's lead")).toMatchObject({ ownerLeft: true });
    expect(await formerOwner(inserted[1]?.id)).toBe("gone");
    const csv = (await csvLoader({
      request: new Request(`${ORIGIN}/admin/leads/export.csv?owner=unassigned&q=Gone`),
      params: {},
      context: adminContextOf({ id: me, email: "me@attention.example", name: "ME" }, "203.0.113.41"),
    } as never)) as Response;
    const [header, row] = (await csv.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\n")
      .map((line) => line.split(","));
    expect(row?.[header?.indexOf("Owner") ?? -1]).toBe("Unassigned (was gone)");
    expect(await formerOwner(inserted[0]?.id)).toBe("rep");
    expect((await leadsNeedingAttention(handle.db, { viewerId: me, today: TODAY, now })).unassigned).toBe(
      before.unassigned + 2,
    );
  });
});

describe.each(dbTargets)("likely duplicates on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("finds the same business by address (case aside, across both tables) or by business name however spaced", async () => {
    const bill = async (businessName: string, email: string) =>
      (
        await handle.db
          .insert(leadSubmissions)
          .values({ businessName, contactName: "C", email })
          .returning({ id: leadSubmissions.id })
      )[0]?.id ?? "";
    const form = async (name: string, email: string) =>
      (await handle.db.insert(leads).values({ kind: "guide", name, email }).returning({ id: leads.id }))[0]?.id ?? "";
    const first = await bill("Sunny  Acres Farm", "ann@sunny.example");
    const sameName = await bill("sunny acres farm ", "other@sunny.example");
    const sameAddress = await form("Ann Sunny", "ANN@Sunny.example");
    const stranger = await bill("Rainy Farm", "rain@rainy.example");

    const counts = await duplicateCounts(handle.db, [
      { id: first, email: "ann@sunny.example", businessName: "Sunny  Acres Farm" },
      { id: sameAddress, email: "ANN@Sunny.example", businessName: null },
      { id: stranger, email: "rain@rainy.example", businessName: "Rainy Farm" },
    ]);
    expect([counts.get(first), counts.get(sameAddress), counts.get(stranger)]).toEqual([2, 1, 0]);
    const others = await sameContactLeads(handle.db, {
      id: first,
      email: "ann@sunny.example",
      businessName: "Sunny  Acres Farm",
    });
    // The staff notification's count: the same two, counted in the database.
    expect(
      await sameContactCount(handle.db, { id: first, email: "ann@sunny.example", businessName: "Sunny  Acres Farm" }),
    ).toBe(2);
    expect(
      await sameContactCount(handle.db, { id: stranger, email: "rain@rainy.example", businessName: "Rainy Farm" }),
    ).toBe(0);
    expect(others.map((other) => [other.kind, other.id]).sort()).toEqual(
      [
        ["bill", sameName],
        ["guide", sameAddress],
      ].sort(),
    );
  });
});

describe.each(dbTargets)("the pipeline board on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "board@owners.example", password: PASSWORD });
    adminId =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "board@owners.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  it("counts each status with its monthly bills, and a moved card changes the lead's status on its timeline", async () => {
    const bills = await handle.db
      .insert(leadSubmissions)
      .values([
        { businessName: "A", contactName: "a", email: "a@b.example", monthlyEnergyBill: 1000 },
        { businessName: "B", contactName: "b", email: "b@b.example", monthlyEnergyBill: 2500.5, status: "qualified" },
        { businessName: "C", contactName: "c", email: "c@b.example", status: "qualified" },
      ])
      .returning({ id: leadSubmissions.id });
    await handle.db.insert(leads).values({ kind: "guide", name: "G", email: "g@b.example", status: "qualified" });
    const scope = { q: "", kind: null, status: null, owner: null, due: false, viewerId: adminId, today: TODAY };
    const board = await leadBoard(handle.db, scope);
    expect(board.map((column) => [column.status, column.count, column.monthlyBill])).toEqual([
      ["new", 1, 1000],
      ["contacted", 0, 0],
      ["qualified", 3, 2500.5],
      ["won", 0, 0],
      ["lost", 0, 0],
    ]);

    const context = adminContextOf({ id: adminId, email: "board@owners.example", name: "Bea" }, "203.0.113.41");
    const move = (fields: Record<string, string>) =>
      answerOf(() =>
        boardAction({
          request: formPost("/admin/leads/board", new URLSearchParams(fields)),
          params: {},
          context,
        } as never),
      );
    const id = bills[0]?.id ?? "";
    expect((await move({ intent: "move", lead: `bill:${id}`, status: "sideways" })).status).toBe(400);
    expect((await move({ intent: "move", lead: `bill:${id}`, status: "won" })).data).toMatchObject({
      toast: { title: "Moved to Won" },
    });
    expect((await leadBoard(handle.db, scope)).find((column) => column.status === "won")?.count).toBe(1);
    // "Unassigned" is the open leads nobody works, on the board as in the list: Won stays empty.
    const unassigned = await leadBoard(handle.db, { ...scope, owner: "unassigned" });
    expect(unassigned.map((column) => [column.status, column.count])).toEqual([
      ["new", 0],
      ["contacted", 0],
      ["qualified", 3],
      ["won", 0],
      ["lost", 0],
    ]);
    expect((await leadEventsOf(handle.db, [id])).map((event) => [event.actorName, event.details])).toEqual([
      ["Bea", { from: "new", to: "won" }],
    ]);
  });
});
