import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaffAccount } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { emailOutbox, leadNotes, leads, user } from "~/server/db/schema";
import { queueFollowUpDigests } from "~/server/leads/follow-up-digest.server";
import { storeBillSubmission, storeLead } from "~/server/leads/lead-store.server";
import { duplicateCounts } from "~/server/queries/lead-duplicates.server";
import { leadsNeedingAttention } from "~/server/queries/lead-owners.server";
import { countLeads, leadBoard, listLeads } from "~/server/queries/staff-leads.server";
import { dbTargets, openMigrated } from "./db-targets";
import { leadPage } from "./lead-page";
import { adminContextOf, ORIGIN } from "./staff-action";

/**
 * Two submissions of one business merged into one lead with nothing lost (its
 * notes, e-mails, submission and events shown on the lead it joined), out of every list and count,
 * and separated again by either page (decision 0028).
 */
const TODAY = "2026-11-25";

describe.each(dbTargets)("merging leads of one business on $name", (target) => {
  let handle: DatabaseHandle;
  let adminId = "";
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await createStaffAccount(handle.db, { email: "merge@owners.example", password: "Merge!pass1234" });
    adminId =
      (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "merge@owners.example")))[0]?.id ?? "";
  });
  afterAll(async () => {
    await closeDb();
  });

  const context = () => adminContextOf({ id: adminId, email: "merge@owners.example", name: "Mia" }, "203.0.113.50");
  const { act, open: page } = leadPage(context);
  const scope = { q: "", kind: null, status: null, owner: null, due: false, viewerId: "", today: TODAY, page: 1 };
  const mail = {
    formType: "Solar Advisor Consultation" as const,
    subject: "New guide request",
    to: "staff@example.com",
    formData: {},
  };

  it("keeps every submission, note and e-mail under one lead, out of the lists, and separates it again", async () => {
    const billId = await storeBillSubmission(
      handle.db,
      { businessName: "Merge Dairy", contactName: "Mo", email: "mo@merge.example", monthlyEnergyBill: 900 },
      { formType: "Solar Assessment", subject: "New bill", to: "staff@example.com", formData: () => ({}) },
    );
    const guideId = await storeLead(handle.db, { kind: "guide", name: "Mo Merge", email: "MO@merge.example" }, mail);
    await handle.db.insert(leadNotes).values({ leadId: guideId, authorName: "Mia", body: "Asked for the guide first" });
    expect(await countLeads(handle.db, scope)).toBe(2);
    expect(
      (await duplicateCounts(handle.db, [{ id: billId, email: "mo@merge.example", businessName: null }])).get(billId),
    ).toBe(1);
    expect((await page("bill", billId)).sameContact.map((other: { id: string }) => other.id)).toEqual([guideId]);

    expect(await act("bill", billId, { intent: "merge", from: `guide:${guideId}` })).toMatchObject({
      status: 200,
      data: { toast: { title: "Merged", variant: "success" } },
    });

    // Out of the list, the counts, the board and the duplicate chip; the row itself is untouched.
    const list = await listLeads(handle.db, scope);
    expect(list.rows.map((row) => row.id)).toEqual([billId]);
    expect([list.total, list.matching]).toEqual([1, 1]);
    expect((await leadBoard(handle.db, scope)).find((column) => column.status === "new")?.count).toBe(1);
    expect(
      (await leadsNeedingAttention(handle.db, { viewerId: adminId, today: TODAY, now: new Date() })).uncontacted,
    ).toBe(1);
    expect(
      (await duplicateCounts(handle.db, [{ id: billId, email: "mo@merge.example", businessName: null }])).get(billId),
    ).toBe(0);
    const [guide] = await handle.db.select().from(leads).where(eq(leads.id, guideId));
    expect([guide?.name, guide?.email, guide?.mergedIntoId, guide?.mergedIntoKind]).toEqual([
      "Mo Merge",
      "MO@merge.example",
      billId,
      "bill",
    ]);

    // Nor in its owner's morning e-mail: the merged request's due next step is the lead's now.
    await handle.db.update(leads).set({ ownerId: adminId, nextStepOn: TODAY }).where(eq(leads.id, guideId));
    expect(await queueFollowUpDigests(handle.db, { day: TODAY, siteUrl: ORIGIN })).toBe(0);
    await handle.db.update(leads).set({ ownerId: null, nextStepOn: null }).where(eq(leads.id, guideId));

    // The lead it joined shows the guide request, its note and its staff e-mail, and who merged it.
    const joined = await page("bill", billId);
    expect(joined.merged.map((lead: { id: string; kind: string }) => [lead.kind, lead.id])).toEqual([
      ["guide", guideId],
    ]);
    expect(joined.sameContact).toEqual([]);
    const noteLines = (timeline: { what: string; detail: string | null }[]) =>
      timeline.filter((entry) => entry.what === "Note").map((entry) => entry.detail);
    expect(noteLines(joined.timeline)).toEqual(["Asked for the guide first"]);
    const subjects = joined.mail.map((job: { subject: string }) => job.subject).sort();
    expect(subjects).toEqual(["New bill", "New guide request"]);
    const lines = joined.timeline.map((entry: { what: string; who: string | null }) => [entry.what, entry.who]);
    expect(lines).toContainEqual(["Merged here: Mo Merge (Guide request)", "Mia"]);
    expect(lines).toContainEqual(["Submitted: Guide request (merged here)", null]);
    expect(lines.filter(([what]: (string | null)[]) => what?.startsWith("Merged into"))).toEqual([]);
    const own = await page("guide", guideId);
    expect(own.mergedInto).toMatchObject({ kind: "bill", id: billId, name: "Merge Dairy" });
    expect(own.timeline.map((entry: { what: string }) => entry.what)).toContain(
      "Merged into Merge Dairy (Bill upload)",
    );

    // Refused: twice, into itself, into a merged lead, a made-up lead.
    expect((await act("bill", billId, { intent: "merge", from: `guide:${guideId}` })).status).toBe(409);
    expect((await act("bill", billId, { intent: "merge", from: `bill:${billId}` })).status).toBe(409);
    expect((await act("guide", guideId, { intent: "merge", from: `bill:${billId}` })).status).toBe(409);
    expect((await act("bill", billId, { intent: "merge", from: "guide:not-a-uuid" })).status).toBe(400);
    expect((await act("bill", billId, { intent: "separate", lead: `bill:${billId}` })).status).toBe(409);

    // Separated from the lead it joined: back in the list with its own timeline.
    expect(await act("bill", billId, { intent: "separate", lead: `guide:${guideId}` })).toMatchObject({
      status: 200,
      data: { toast: { title: "Separated" } },
    });
    expect(await countLeads(handle.db, scope)).toBe(2);
    expect(noteLines((await page("bill", billId)).timeline)).toEqual([]);
    expect((await page("guide", guideId)).timeline.map((entry: { what: string }) => entry.what)).toContain(
      "Separated from Merge Dairy (Bill upload)",
    );
    expect((await page("bill", billId)).timeline.map((entry: { what: string }) => entry.what)).toContain(
      "Separated again: Mo Merge (Guide request)",
    );
  });

  it("an open request merged into a lost lead opens it again, so it is back in the lists of work", async () => {
    const old = await storeLead(
      handle.db,
      { kind: "consultation", name: "Gina Greenhouse", email: "gina@greenhouse.example" },
      mail,
    );
    expect((await act("consultation", old, { intent: "status", status: "lost" })).status).toBe(200);
    const fresh = await storeLead(
      handle.db,
      {
        kind: "consultation",
        name: "Gina Greenhouse",
        email: "gina@greenhouse.example",
        phone: "4152101078",
        question: "Can the greenhouse roof hold panels?",
        sourcePage: "/farms?utm_source=news",
        utmSource: "news",
      },
      mail,
    );
    const merged = await act("consultation", old, { intent: "merge", from: `consultation:${fresh}` });
    expect(merged).toMatchObject({
      status: 200,
      data: { toast: { title: "Merged", description: expect.stringContaining("It was Lost: it is New again") } },
    });
    const [row] = await handle.db.select({ status: leads.status }).from(leads).where(eq(leads.id, old));
    expect(row?.status).toBe("new");
    // What the merged request said stays readable on the lead it joined.
    expect((await page("consultation", old)).merged[0]).toMatchObject({
      phone: "4152101078",
      question: "Can the greenhouse roof hold panels?",
      sourcePage: "/farms?utm_source=news",
      utmSource: "news",
    });
    const open = await listLeads(handle.db, { ...scope, q: "gina@greenhouse.example" });
    expect(open.rows.map((lead: { id: string }) => lead.id)).toEqual([old]);
    // Its timeline says who reopened it.
    expect((await page("consultation", old)).timeline).toEqual(
      expect.arrayContaining([expect.objectContaining({ who: "Mia", what: "Status: Lost → New" })]),
    );
  });

  it("a lead merged into one that is merged later follows it, and its own page can separate it", async () => {
    const first = await storeLead(handle.db, { kind: "consultation", name: "Chain A", email: "a@chain.example" }, mail);
    const second = await storeLead(handle.db, { kind: "guide", name: "Chain B", email: "a@chain.example" }, mail);
    const third = await storeLead(handle.db, { kind: "estimate", name: "Chain C", email: "a@chain.example" }, mail);
    expect((await act("guide", second, { intent: "merge", from: `estimate:${third}` })).status).toBe(200);
    expect((await act("consultation", first, { intent: "merge", from: `guide:${second}` })).status).toBe(200);
    const rows = await handle.db
      .select({ id: leads.id, into: leads.mergedIntoId })
      .from(leads)
      .where(eq(leads.email, "a@chain.example"));
    expect(new Map(rows.map((row) => [row.id, row.into]))).toEqual(
      new Map([
        [first, null],
        [second, first],
        [third, first],
      ]),
    );
    expect((await page("consultation", first)).merged).toHaveLength(2);
    // From its own page: no `lead` field.
    expect((await act("estimate", third, { intent: "separate" })).status).toBe(200);
    expect((await page("consultation", first)).merged.map((lead: { id: string }) => lead.id)).toEqual([second]);
    const jobs = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.leadId, third));
    expect(jobs).toHaveLength(1);
  });
});
