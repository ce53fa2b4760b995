import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LeadFilters } from "~/lib/lead-workspace";
import { action as blockedAction, loader as blockedLoader } from "~/routes/admin/blocked";
import { action as leadsAction, loader as leadsLoader } from "~/routes/admin/leads";
import { loader as csvLoader } from "~/routes/admin/leads-csv";
import { createStaffAccount } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import {
  auditEvents,
  emailOutbox,
  followUpDigests,
  leadBlocks,
  leadRotation,
  leadSubmissions,
  leads,
  user,
  webhookDeliveries,
  webhooks,
} from "~/server/db/schema";
import { queueFollowUpDigests } from "~/server/leads/follow-up-digest.server";
import { consultationAction, guideAction } from "~/server/leads/lead-actions.server";
import { leadHooksChanged } from "~/server/leads/lead-hooks.server";
import { BlockedSender, storeBillSubmission, storeLead } from "~/server/leads/lead-store.server";
import { duplicateCounts, sameContactCount, sameContactLeads } from "~/server/queries/lead-duplicates.server";
import { leadsNeedingAttention, setRotation } from "~/server/queries/lead-owners.server";
import { dashboardFigures } from "~/server/queries/staff-admin.server";
import { leadBoard, listLeads, matchingLeadRefs } from "~/server/queries/staff-leads.server";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";
import { leadPage } from "./lead-page";
import { adminContextOf, answerOf, contextArgs, formPost, ORIGIN } from "./staff-action";

/**
 * Spam kept out of the staff's work (decision 0034): a lead marked as spam, alone or in bulk,
 * leaves every list and filter, the board, the dashboard's counts, the owner's morning e-mail,
 * the CSV and the duplicate matches, gives its round-robin turn back, and comes back on "Not spam".
 */
const TODAY = "2026-11-25";
const PASSWORD = "Spam!pass12345";

describe.each(dbTargets)("leads marked as spam on $name", (target) => {
  let handle: DatabaseHandle;
  const ids = { ann: "", ben: "" };
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    for (const key of ["ann", "ben"] as const) {
      await createStaffAccount(handle.db, { email: `${key}@spam.example`, password: PASSWORD });
      const [row] = await handle.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, `${key}@spam.example`));
      ids[key] = row?.id ?? "";
      await handle.db.update(user).set({ name: key.toUpperCase() }).where(eq(user.id, ids[key]));
    }
  });
  beforeEach(async () => {
    await handle.db.delete(leadRotation);
    await leadHooksChanged();
  });
  afterAll(async () => {
    await closeDb();
  });

  const context = () => adminContextOf({ id: ids.ann, email: "ann@spam.example", name: "ANN" }, "203.0.113.60");
  const mail = { formType: "Solar Advisor Consultation" as const, subject: "New lead", to: "staff@example.com" };
  const consultation = (name: string, email: string) =>
    storeLead(handle.db, { kind: "consultation", name, email }, { ...mail, formData: {} });
  const bill = (businessName: string, email: string) =>
    storeBillSubmission(
      handle.db,
      { businessName, contactName: "Cy", email, monthlyEnergyBill: 700 },
      { ...mail, formType: "Solar Assessment", formData: () => ({}) },
    );
  const bulk = (intent: string, refs: string[], more: [string, string][] = []) => {
    const body = new URLSearchParams([["intent", intent], ...more]);
    for (const ref of refs) body.append("lead", ref);
    return answerOf(() =>
      leadsAction({ request: formPost("/admin/leads", body), params: {}, context: context() } as never),
    );
  };
  const { act: onPage, open: page } = leadPage(context);
  const none = { q: "", kind: null, status: null, owner: null, due: false, spam: false, page: 1 } as const;
  const listed = async (filters: Partial<LeadFilters>) =>
    (await listLeads(handle.db, { ...none, ...filters, viewerId: ids.ann, today: TODAY })).rows.map((row) => row.id);

  /** Everything spam must leave, as the staff see it. */
  async function everywhere(probe: { id: string; email: string }) {
    const board = await leadBoard(handle.db, { ...none, viewerId: ids.ann, today: TODAY });
    const list = await listLeads(handle.db, { ...none, viewerId: ids.ann, today: TODAY });
    const csv = (await (
      (await csvLoader({
        request: new Request(`${ORIGIN}/admin/leads/export.csv`),
        params: {},
        context: context(),
      } as never)) as Response
    ).text()) as string;
    const figures = await dashboardFigures(handle.db, "America/New_York", 30);
    return {
      list: await listed({}),
      total: list.total,
      search: await listed({ q: "spammy" }),
      kind: await listed({ kind: "consultation" }),
      status: await listed({ status: "new" }),
      mine: await listed({ owner: "mine" }),
      unassigned: await listed({ owner: "unassigned" }),
      due: await listed({ owner: "mine", due: true }),
      board: board.map((column) => [column.status, column.count, column.monthlyBill, column.cards.length]),
      attention: await leadsNeedingAttention(handle.db, { viewerId: ids.ann, today: TODAY, now: new Date() }),
      perDay: figures.leadsByDay.reduce((sum, day) => sum + day.bill + day.consultation + day.guide + day.estimate, 0),
      pages: figures.topPages.reduce((sum, row) => sum + row.count, 0),
      csvRows: csv.trim().split("\n").length - 1,
      csvHasSpam: csv.includes("spammy"),
      duplicates: (await duplicateCounts(handle.db, [{ ...probe, businessName: null }])).get(probe.id),
      sameContact: (await sameContactLeads(handle.db, { ...probe, businessName: null })).map((lead) => lead.id),
      notified: await sameContactCount(handle.db, { ...probe, businessName: null }),
    };
  }

  it("spam leaves every list and count and comes back on undo", async () => {
    const real = await consultation("Real Farm", "owner@farm.example");
    // The same address as the real lead (a duplicate match), owned by Ann with a step due today,
    // waiting over 24 hours; and an unassigned bill upload.
    const spamC = await consultation("Spammy Seo", "OWNER@farm.example");
    const spamB = await bill("Spammy Loans", "loans@spammy.example");
    const dayBefore = new Date(Date.now() - 2 * 86_400_000);
    await handle.db
      .update(leads)
      .set({ ownerId: ids.ann, nextStepOn: TODAY, createdAt: dayBefore })
      .where(eq(leads.id, spamC));
    const probe = { id: real, email: "owner@farm.example" };
    const before = await everywhere(probe);
    expect(before.list).toEqual(expect.arrayContaining([real, spamC, spamB]));
    expect([before.mine, before.due, before.search.length, before.duplicates]).toEqual([[spamC], [spamC], 2, 1]);
    expect(before.attention.overdueReply).toBe(1);

    // Marked in bulk from the list: one answer, both leads, one audit row each.
    expect(await bulk("spam", [`consultation:${spamC}`, `bill:${spamB}`])).toMatchObject({
      status: 200,
      data: { toast: { title: "2 leads marked as spam", variant: "success" } },
    });
    const during = await everywhere(probe);
    expect(during).toEqual({
      list: [real],
      total: 1,
      search: [],
      kind: [real],
      status: [real],
      mine: [],
      unassigned: [real],
      due: [],
      board: [
        ["new", 1, 0, 1],
        ["contacted", 0, 0, 0],
        ["qualified", 0, 0, 0],
        ["won", 0, 0, 0],
        ["lost", 0, 0, 0],
      ],
      attention: { uncontacted: 1, overdueReply: 0, unassigned: 1, myDue: 0, unsentNotifications: 0 },
      perDay: before.perDay - 2,
      pages: before.pages - 2,
      csvRows: 1,
      csvHasSpam: false,
      duplicates: 0,
      sameContact: [],
      notified: 0,
    });
    // Nor in Ann's morning e-mail, nor offered for a merge.
    expect(await queueFollowUpDigests(handle.db, { day: TODAY, siteUrl: ORIGIN })).toBe(0);
    expect((await onPage("consultation", real, { intent: "merge", from: `consultation:${spamC}` })).status).toBe(409);

    // The Spam view lists them, and says so on their page with the undo.
    expect(new Set(await listed({ spam: true }))).toEqual(new Set([spamC, spamB]));
    const view = (await leadsLoader({
      request: new Request(`${ORIGIN}/admin/leads?spam=1`),
      params: {},
      context: context(),
    } as never)) as { rows: { id: string }[]; matching: number };
    expect(view.matching).toBe(2);
    const spamPage = await page("consultation", spamC);
    expect(spamPage.spam).toMatchObject({ by: "ANN" });
    expect(
      spamPage.timeline.map((entry: { what: string; who: string | null }) => [entry.what, entry.who]),
    ).toContainEqual(["Marked as spam", "ANN"]);
    const audit = await handle.db
      .select({ action: auditEvents.action, subject: auditEvents.subject, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(inArray(auditEvents.action, ["lead.spam", "lead.not-spam"]));
    expect(new Set(audit.map((row) => `${row.action} ${row.subject} ${row.actorId}`))).toEqual(
      new Set([`lead.spam ${spamC} ${ids.ann}`, `lead.spam ${spamB} ${ids.ann}`]),
    );

    // Marking it again changes nothing; "Not spam" from its page (and from the Spam view's bulk) undoes it.
    expect((await onPage("consultation", spamC, { intent: "spam" })).data).toMatchObject({
      toast: { title: "Nothing was changed" },
    });
    expect(await onPage("consultation", spamC, { intent: "not-spam" })).toMatchObject({
      status: 200,
      data: { toast: { title: "Spammy Seo back in the leads" } },
    });
    expect((await bulk("not-spam", [`bill:${spamB}`])).status).toBe(200);
    expect(await everywhere(probe)).toEqual(before);
    expect(await listed({ spam: true })).toEqual([]);
    expect((await page("consultation", spamC)).spam).toBeNull();
    expect(await queueFollowUpDigests(handle.db, { day: TODAY, siteUrl: ORIGIN })).toBe(1);
    const undone = await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "lead.not-spam"));
    expect(undone.map((row) => row.subject).sort()).toEqual([spamB, spamC].sort());
    await handle.db.delete(followUpDigests);
  });

  it("all N matching: a bulk action takes every lead the list's query matches, and its Undo the same", async () => {
    const made = [];
    for (const n of [1, 2, 3]) made.push(await consultation(`Matching Every ${n}`, `every${n}@matching.example`));
    // One box ticked on the page, and "all 3 matching" chosen: the query decides.
    const answer = (await bulk("spam", [`consultation:${made[0]}`], [["matching", "q=matching+every"]])) as {
      status: number;
      data: { toast: { title: string; undo?: { action: string; fields: [string, string][] } } };
    };
    expect(answer).toMatchObject({ status: 200, data: { toast: { title: "3 leads marked as spam" } } });
    expect(await listed({ q: "matching every", spam: true })).toHaveLength(3);
    // The toast's Undo posts the same leads the other way.
    const undo = answer.data.toast.undo;
    expect(undo?.fields.filter(([name]) => name === "lead")).toHaveLength(3);
    const fields = (undo?.fields ?? []).filter(([name]) => name !== "intent").map(([, value]) => value);
    expect(await bulk("not-spam", fields)).toMatchObject({
      status: 200,
      data: { toast: { title: "3 leads back in the leads" } },
    });
    expect(await listed({ q: "matching every" })).toHaveLength(3);
    // Beyond the cap nothing is done: the answer says to narrow the filters.
    expect(await matchingLeadRefs(handle.db, { ...none, q: "matching every" }, 2)).toBeNull();
    expect(await matchingLeadRefs(handle.db, { ...none, q: "matching every" }, 3)).toHaveLength(3);
  });

  it("a spam lead gives its round-robin turn back, and the undo takes it again", async () => {
    await setRotation(handle.db, ids.ann, true);
    await setRotation(handle.db, ids.ben, true);
    const ownerOf = async (id: string) =>
      (await handle.db.select({ o: leads.ownerId }).from(leads).where(eq(leads.id, id)))[0]?.o ?? null;
    const first = await ownerOf(await consultation("Turn One", "one@turns.example"));
    const spamId = await consultation("Turn Two", "two@turns.example");
    const second = await ownerOf(spamId);
    expect(new Set([first, second])).toEqual(new Set([ids.ann, ids.ben]));

    // Without the turn back the next lead would go to `first`, who waited longest.
    await bulk("spam", [`consultation:${spamId}`]);
    const third = await consultation("Turn Three", "three@turns.example");
    expect(await ownerOf(third)).toBe(second);

    // Spam and undone: the lead counts as that owner's turn again, so the next goes to the other.
    await bulk("spam", [`consultation:${third}`]);
    await bulk("not-spam", [`consultation:${third}`]);
    expect(await ownerOf(await consultation("Turn Four", "four@turns.example"))).toBe(first);

    // A lead someone gave away by hand was no turn of its new owner's: nothing comes back.
    const byHand = await consultation("Turn Five", "five@turns.example");
    const other = (await ownerOf(byHand)) === ids.ann ? ids.ben : ids.ann;
    await onPage("consultation", byHand, { intent: "assign", ownerId: other });
    const [rotationBefore] = await handle.db.select().from(leadRotation).where(eq(leadRotation.userId, other));
    await bulk("spam", [`consultation:${byHand}`]);
    const [rotationAfter] = await handle.db.select().from(leadRotation).where(eq(leadRotation.userId, other));
    expect(rotationAfter?.lastAssignedAt).toEqual(rotationBefore?.lastAssignedAt);
  });

  it("does not mark a lead that other requests were merged into: they are real requests", async () => {
    const primary = await consultation("Mia Merged", "mia@merged.example");
    const other = await bill("Mia's Dairy", "mia@merged.example");
    await handle.db
      .update(leadSubmissions)
      .set({ mergedIntoId: primary, mergedIntoKind: "consultation", mergedAt: new Date() })
      .where(eq(leadSubmissions.id, other));
    const answer = await onPage("consultation", primary, { intent: "spam" });
    expect(answer.data).toMatchObject({
      toast: { title: "Nothing was changed", description: expect.stringContaining("separate them first") },
    });
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, primary));
    expect(row?.spamAt).toBeNull();
  });

  it("refuses a made-up lead and a bulk post without leads, with no 5xx", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    await expect(onPage("guide", missing, { intent: "spam" })).rejects.toMatchObject({ init: { status: 404 } });
    expect((await bulk("spam", [])).status).toBe(400);
    expect((await bulk("spam", ["bill:not-a-lead"])).status).toBe(400);
    expect((await bulk("spam", [`bill:${missing}`])).data).toMatchObject({ toast: { title: "Nothing was changed" } });
  });

  it("a blocked address or domain gets the usual thank-you and nothing is stored, mailed or posted; Lift undoes it", async () => {
    await handle.db
      .insert(webhooks)
      .values({ url: "https://hooks.example/in", secret: "whsec_x", events: ["lead.created"] });
    await setRotation(handle.db, ids.ben, true);
    const [turnBefore] = await handle.db.select().from(leadRotation).where(eq(leadRotation.userId, ids.ben));
    const form = (email: string, address: string) =>
      consultationAction(
        new Request(`${ORIGIN}/talk-to-solar-advisor`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "Vic Visitor", email, industry: "agriculture" }).toString(),
        }),
        requestContext(`${address}-${target.name}`),
        { kind: "page" },
      ) as Promise<Response>;
    const guide = (email: string) =>
      guideAction(
        new Request(`${ORIGIN}/buyers-guide`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "Vic", email, industryType: "hoa" }).toString(),
        }),
        requestContext(`guide-${target.name}`),
      ) as Promise<Response>;
    const traces = async () => {
      const [stored, mails, posts] = await Promise.all([
        handle.db.select({ id: leads.id }).from(leads),
        handle.db.select({ id: emailOutbox.id }).from(emailOutbox),
        handle.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries),
      ]);
      return [stored.length, mails.length, posts.length];
    };

    // Marked as spam, then its domain blocked from its page (audited).
    const spam = await consultation("Pushy Leads", "sales@pushy.example");
    await onPage("consultation", spam, { intent: "spam" });
    expect(await onPage("consultation", spam, { intent: "block-domain" })).toMatchObject({
      status: 200,
      data: { toast: { title: "pushy.example is blocked" } },
    });
    expect((await page("consultation", spam)).spam).toMatchObject({
      blocked: [{ kind: "domain", value: "pushy.example" }],
    });
    const before = await traces();
    for (const response of [await form("Other@Pushy.example", "a"), await guide("x@pushy.example")]) {
      expect([response.status, response.headers.get("Location")]).toEqual([302, "/thank-you"]);
    }
    await expect(
      storeBillSubmission(
        handle.db,
        { businessName: "Pushy", contactName: "P", email: "bills@pushy.example" },
        { ...mail, formType: "Solar Assessment", formData: () => ({}) },
      ),
    ).rejects.toBeInstanceOf(BlockedSender);
    expect(await traces()).toEqual(before);
    expect(
      await handle.db.select().from(leadSubmissions).where(eq(leadSubmissions.email, "bills@pushy.example")),
    ).toEqual([]);
    const [turnAfter] = await handle.db.select().from(leadRotation).where(eq(leadRotation.userId, ids.ben));
    expect(turnAfter?.lastAssignedAt).toEqual(turnBefore?.lastAssignedAt);

    // A free-mail domain is blocked by address only: the rest of gmail.com still gets through.
    const freeMail = await consultation("Gee Mail", "spammer@gmail.com");
    await onPage("consultation", freeMail, { intent: "spam" });
    expect((await onPage("consultation", freeMail, { intent: "block-domain" })).status).toBe(409);
    expect((await page("consultation", freeMail)).spam).toMatchObject({ freeMail: true, blocked: [] });
    expect((await onPage("consultation", freeMail, { intent: "block-address" })).status).toBe(200);
    await form("spammer@gmail.com", "b");
    await form("farmer@gmail.com", "c");
    expect(
      (await handle.db.select({ e: leads.email }).from(leads).where(eq(leads.name, "Vic Visitor"))).map((r) => r.e),
    ).toEqual(["farmer@gmail.com"]);

    // Staff see the blocks and lift one: that domain's forms are stored, mailed and posted again.
    const listedBlocks = (await blockedLoader(contextArgs())).blocks.map((block) => block.value);
    expect(listedBlocks.sort()).toEqual(["pushy.example", "spammer@gmail.com"]);
    const [domainBlock] = await handle.db.select().from(leadBlocks).where(eq(leadBlocks.value, "pushy.example"));
    const lift = await answerOf(() =>
      blockedAction({
        request: formPost("/admin/leads/blocked", { intent: "lift", id: domainBlock?.id ?? "" }),
        params: {},
        context: context(),
      } as never),
    );
    expect(lift).toMatchObject({ status: 200, data: { toast: { title: "pushy.example is no longer blocked" } } });
    const beforeLift = await traces();
    await form("other@pushy.example", "d");
    const afterLift = await traces();
    expect(afterLift.map((count, index) => count - (beforeLift[index] ?? 0))).toEqual([1, 1, 1]);
    const audited = await handle.db
      .select({ action: auditEvents.action, subject: auditEvents.subject })
      .from(auditEvents)
      .where(inArray(auditEvents.action, ["block.added", "block.lifted"]));
    expect(audited.map((row) => `${row.action} ${row.subject}`).sort()).toEqual([
      "block.added pushy.example",
      "block.added spammer@gmail.com",
      "block.lifted pushy.example",
    ]);
  });
});
