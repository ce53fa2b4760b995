import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDateIn } from "~/lib/dates";
import { createAdmin, setStaffRole } from "~/server/auth/accounts.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { account, leadNotes, leadSubmissions, leads, pageViews, user, userRoles } from "~/server/db/schema";
import { purgeOldPageViews } from "~/server/maintenance/page-view-retention.server";
import { recordPageView } from "~/server/queries/page-views.server";
import { dashboardFigures } from "~/server/queries/staff-admin.server";
import {
  addLeadNote,
  countLeads,
  type LeadCursor,
  leadExists,
  leadsAfter,
  listLeads,
  nextFollowUp,
  readLead,
  setLeadStatus,
} from "~/server/queries/staff-leads.server";
import { dbTargets, openMigrated } from "./db-targets";

const all = { q: "", kind: null, status: null, page: 1 };

describe.each(dbTargets)("staff workspace queries on $name", (target) => {
  let handle: DatabaseHandle;
  let billId: string;
  let guideId: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
    const bills = await handle.db
      .insert(leadSubmissions)
      .values([
        {
          businessName: "Acme Dairy",
          contactName: "Ann",
          email: "ann@acme.example",
          monthlyEnergyBill: 8500,
          submittedAt: at(1),
        },
        { businessName: "Zed 100%_Wash", contactName: "Zed", email: "zed@wash.example", submittedAt: at(3) },
      ])
      .returning({ id: leadSubmissions.id });
    billId = bills[0]?.id ?? "";
    const others = await handle.db
      .insert(leads)
      .values([
        { kind: "guide", name: "Gia ACME", email: "gia@guide.example", createdAt: at(2) },
        { kind: "consultation", name: "Cal", email: "cal@talk.example", createdAt: at(4) },
      ])
      .returning({ id: leads.id });
    guideId = others[0]?.id ?? "";
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists every kind newest first, with how many match and how many there are", async () => {
    const { rows, matching, total } = await listLeads(handle.db, all);
    expect(rows.map((row) => row.contactName)).toEqual(["Cal", "Zed", "Gia ACME", "Ann"]);
    expect(rows.map((row) => row.kind)).toEqual(["consultation", "bill", "guide", "bill"]);
    expect([matching, total]).toEqual([4, 4]);
    expect(rows[3]).toMatchObject({ businessName: "Acme Dairy", monthlyBill: 8500, hasFile: false, status: "new" });
  });

  it("searches names and e-mails without case, literally (no wildcards from the visitor)", async () => {
    const acme = await listLeads(handle.db, { ...all, q: "aCmE" });
    expect(acme.rows.map((row) => row.contactName).sort()).toEqual(["Ann", "Gia ACME"]);
    expect(acme.matching).toBe(2);
    expect(acme.total).toBe(4);
    expect((await listLeads(handle.db, { ...all, q: "100%_w" })).rows.map((row) => row.contactName)).toEqual(["Zed"]);
    expect((await listLeads(handle.db, { ...all, q: "0%_" })).matching).toBe(1);
    expect((await listLeads(handle.db, { ...all, q: "%" })).matching).toBe(1);
    // A bill upload is found by its contact's name too.
    const [quarry] = await handle.db
      .insert(leadSubmissions)
      .values({ businessName: "Rock Co", contactName: "Quincy Stone", email: "rock@co.example" })
      .returning({ id: leadSubmissions.id });
    const found = await listLeads(handle.db, { ...all, q: "quinc" });
    await handle.db.delete(leadSubmissions).where(eq(leadSubmissions.id, quarry?.id ?? ""));
    expect(found.rows.map((row) => row.businessName)).toEqual(["Rock Co"]);
  });

  it("filters by type and status, and pages", async () => {
    expect((await listLeads(handle.db, { ...all, kind: "bill" })).rows.map((r) => r.contactName)).toEqual([
      "Zed",
      "Ann",
    ]);
    expect((await listLeads(handle.db, { ...all, kind: "guide" })).rows.map((r) => r.contactName)).toEqual([
      "Gia ACME",
    ]);
    const second = await listLeads(handle.db, { ...all, page: 2 }, 3);
    expect(second.rows.map((r) => r.contactName)).toEqual(["Ann"]);
    // The answer is the status it had (for the lead's timeline).
    expect(await setLeadStatus(handle.db, "bill", billId, "won")).toMatchObject({ from: "new" });
    expect(await setLeadStatus(handle.db, "guide", guideId, "contacted")).toMatchObject({ from: "new" });
    // A lead of another kind with that id does not exist.
    expect(await setLeadStatus(handle.db, "consultation", guideId, "won")).toBeNull();
    expect((await listLeads(handle.db, { ...all, status: "won" })).rows.map((r) => r.contactName)).toEqual(["Ann"]);
    expect(await countLeads(handle.db, { q: "", kind: "guide", status: "contacted" })).toBe(1);
  });

  it("orders by next step (soonest first, none last) or by the largest monthly bill, newest first within", async () => {
    const [bill] = await handle.db
      .select({ id: leadSubmissions.id })
      .from(leadSubmissions)
      .where(eq(leadSubmissions.contactName, "Zed"));
    const [guide] = await handle.db.select({ id: leads.id }).from(leads).where(eq(leads.name, "Gia ACME"));
    await handle.db
      .update(leadSubmissions)
      .set({ nextStepOn: "2026-12-02" })
      .where(eq(leadSubmissions.id, bill?.id ?? ""));
    await handle.db
      .update(leads)
      .set({ nextStepOn: "2026-11-30" })
      .where(eq(leads.id, guide?.id ?? ""));
    const byStep = await listLeads(handle.db, { ...all, sort: "next-step" });
    expect(byStep.rows.map((row) => row.contactName)).toEqual(["Gia ACME", "Zed", "Cal", "Ann"]);
    expect(
      (await listLeads(handle.db, { ...all, sort: "next-step", page: 2 }, 2)).rows.map((row) => row.contactName),
    ).toEqual(["Cal", "Ann"]);
    const byBill = await listLeads(handle.db, { ...all, sort: "bill" });
    expect(byBill.rows.map((row) => [row.contactName, row.monthlyBill])).toEqual([
      ["Ann", 8500],
      ["Cal", null],
      ["Zed", null],
      ["Gia ACME", null],
    ]);
    // The export keeps its date keyset: a next-step order is exported newest first.
    expect(
      (await leadsAfter(handle.db, { ...all, sort: "next-step" }, undefined, 10)).rows.map((row) => row.contactName),
    ).toEqual(["Cal", "Zed", "Gia ACME", "Ann"]);
    await handle.db.update(leadSubmissions).set({ nextStepOn: null });
    await handle.db.update(leads).set({ nextStepOn: null });
  });

  it("filters by submitted days in the site's zone, by source (a page or a UTM source) and by one owner", async () => {
    const ownerId = "OwnerOfOneLead0000000000000000ab";
    await handle.db.insert(user).values({ id: ownerId, name: "Olive Owner", email: "olive@firm.example" });
    // 03:00 UTC on the 21st is still the 20th in New York.
    const [late] = await handle.db
      .insert(leads)
      .values({
        kind: "consultation",
        name: "Late Night",
        email: "late@night.example",
        createdAt: new Date(Date.UTC(2026, 10, 21, 3)),
        sourcePage: "/farms?utm_source=Newsletter",
        utmSource: "Newsletter",
        ownerId,
      })
      .returning({ id: leads.id });
    await handle.db.update(leadSubmissions).set({ sourcePage: "/farms" }).where(eq(leadSubmissions.id, billId));
    try {
      const names = async (filters: Partial<Parameters<typeof listLeads>[1]>) =>
        (await listLeads(handle.db, { ...all, ...filters })).rows.map((row) => row.contactName);
      const day = { from: "2026-11-20", to: "2026-11-20" };
      expect(await names({ ...day, timeZone: "America/New_York" })).toEqual([
        "Late Night",
        "Cal",
        "Zed",
        "Gia ACME",
        "Ann",
      ]);
      expect(await names({ ...day, timeZone: "UTC" })).toEqual(["Cal", "Zed", "Gia ACME", "Ann"]);
      expect(await names({ from: "2026-11-21", timeZone: "America/New_York" })).toEqual([]);
      expect(await names({ to: "2026-11-19" })).toEqual([]);
      // A path matches the page whatever its query; other text, the UTM source in any case.
      expect(await names({ source: "/farms" })).toEqual(["Late Night", "Ann"]);
      expect(await names({ source: "newsletter" })).toEqual(["Late Night"]);
      expect(await names({ source: "/farm" })).toEqual([]);
      expect(await names({ owner: ownerId })).toEqual(["Late Night"]);
      expect(await countLeads(handle.db, { ...all, owner: ownerId, source: "NEWSLETTER" })).toBe(1);
    } finally {
      await handle.db.delete(leads).where(eq(leads.id, late?.id ?? ""));
      await handle.db.update(leadSubmissions).set({ sourcePage: null }).where(eq(leadSubmissions.id, billId));
      await handle.db.delete(user).where(eq(user.id, ownerId));
    }
  });

  it("names a staff member's next follow-up after today: the soonest open one, bill or not", async () => {
    const me = "NextFollowUpOwner000000000000000";
    await handle.db.insert(user).values({ id: me, name: "Nia", email: "nia@firm.example" });
    try {
      expect(await nextFollowUp(handle.db, me, "2026-11-23")).toBeNull();
      await handle.db
        .update(leadSubmissions)
        .set({ ownerId: me, nextStepOn: "2026-12-02", status: "qualified" })
        .where(eq(leadSubmissions.id, billId));
      await handle.db.update(leads).set({ ownerId: me, nextStepOn: "2026-11-30" }).where(eq(leads.id, guideId));
      expect(await nextFollowUp(handle.db, me, "2026-11-23")).toEqual({ name: "Gia ACME", on: "2026-11-30" });
      // Today's is due, not next; a closed lead has no next step.
      expect(await nextFollowUp(handle.db, me, "2026-11-30")).toEqual({ name: "Acme Dairy", on: "2026-12-02" });
      await handle.db.update(leadSubmissions).set({ status: "lost" }).where(eq(leadSubmissions.id, billId));
      expect(await nextFollowUp(handle.db, me, "2026-11-30")).toBeNull();
    } finally {
      await handle.db
        .update(leadSubmissions)
        .set({ ownerId: null, nextStepOn: null, status: "won" })
        .where(eq(leadSubmissions.id, billId));
      await handle.db.update(leads).set({ ownerId: null, nextStepOn: null }).where(eq(leads.id, guideId));
      await handle.db.delete(user).where(eq(user.id, me));
    }
  });

  it("pages the export by keyset: every row once, even rows a microsecond apart", async () => {
    await handle.db.execute(sql`insert into lead_submissions (business_name, contact_name, email, submitted_at) values
      ('Micro A', 'Ma', 'ma@x.example', '2026-11-19 12:00:00.123456+00'),
      ('Micro B', 'Mb', 'mb@x.example', '2026-11-19 12:00:00.123100+00'),
      ('Micro C', 'Mc', 'mc@x.example', '2026-11-19 12:00:00.123000+00')`);
    const seen: string[] = [];
    let after: LeadCursor | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const { rows, next } = await leadsAfter(handle.db, all, after, 2);
      seen.push(...rows.map((row) => row.contactName));
      if (!next || rows.length < 2) break;
      after = next;
    }
    expect(seen).toEqual(["Cal", "Zed", "Gia ACME", "Ann", "Ma", "Mb", "Mc"]);
    // Oldest first (the backlog): the same rows the other way, by the same keyset.
    const oldest: string[] = [];
    after = undefined;
    for (let guard = 0; guard < 20; guard++) {
      const { rows, next } = await leadsAfter(handle.db, { ...all, sort: "oldest" }, after, 2);
      oldest.push(...rows.map((row) => row.contactName));
      if (!next || rows.length < 2) break;
      after = next;
    }
    expect(oldest).toEqual([...seen].reverse());
    const firstPage = await listLeads(handle.db, { ...all, sort: "oldest" }, 3);
    expect(firstPage.rows.map((row) => row.contactName)).toEqual(["Mc", "Mb", "Ma"]);
    await handle.db.execute(sql`delete from lead_submissions where business_name like 'Micro %'`);
  });

  it("reads one lead with its notes, newest first", async () => {
    const first = await addLeadNote(handle.db, {
      leadId: guideId,
      authorId: null,
      authorName: "Admin",
      body: "first",
    });
    // Two notes can share a timestamp on a fast engine: the first is made a minute older.
    await handle.db
      .update(leadNotes)
      .set({ createdAt: sql`${leadNotes.createdAt} - interval '1 minute'` })
      .where(eq(leadNotes.id, first?.id ?? ""));
    await addLeadNote(handle.db, {
      leadId: guideId,
      authorId: null,
      authorName: "Admin",
      body: "second",
    });
    const found = await readLead(handle.db, "guide", guideId);
    expect(found?.notes.map((note) => note.body)).toEqual(["second", "first"]);
    expect(await readLead(handle.db, "bill", guideId)).toBeNull();
    expect(await leadExists(handle.db, "guide", guideId)).toBe(true);
    expect(await leadExists(handle.db, "bill", guideId)).toBe(false);
  });

  it("admin:create makes a verified admin once, then only grants, and the last admin keeps the role", async () => {
    expect(await createAdmin(handle.db, { email: "Boss@Example.com", password: "S3cure!pass" })).toBe("created");
    expect(await createAdmin(handle.db, { email: "boss@example.com", password: "other" })).toBe("unchanged");
    const [boss] = await handle.db.select().from(user).where(eq(user.email, "boss@example.com"));
    expect(boss?.emailVerified).toBe(true);
    const [credential] = await handle.db
      .select()
      .from(account)
      .where(eq(account.userId, boss?.id ?? ""));
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain("S3cure!pass");
    await expect(createAdmin(handle.db, { email: "weak@example.com", password: "weak" })).rejects.toThrow(
      /8 characters/,
    );

    // The last admin cannot remove their own role; with a second admin they can.
    expect(await setStaffRole(handle.db, boss?.id ?? "", null)).toEqual({
      ok: false,
      reason: "last-admin",
    });
    expect(await setStaffRole(handle.db, "no-such-account", "admin")).toEqual({
      ok: false,
      reason: "unknown-account",
    });
    await handle.db.insert(user).values({ id: "u2", name: "two", email: "two@example.com" });
    expect(await createAdmin(handle.db, { email: "two@example.com", password: "ignored" })).toBe("granted");
    expect(await setStaffRole(handle.db, boss?.id ?? "", null)).toEqual({ ok: true });
    expect(await handle.db.select().from(userRoles)).toEqual([
      expect.objectContaining({ userId: "u2", role: "admin" }),
    ]);
  });

  it("shows page views per day from the daily totals, so they outlive the purge of raw views", async () => {
    const zone = "America/New_York";
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    for (const at of [tenDaysAgo, tenDaysAgo, new Date()]) {
      await recordPageView(handle.db, { path: "/", location: "/", title: "Home" }, { timeZone: zone, at });
    }
    const { deleted } = await purgeOldPageViews(handle.db, {
      retentionDays: 2,
      today: isoDateIn(zone),
      timeZone: zone,
    });
    expect(deleted).toBe(2);
    expect(await handle.db.select().from(pageViews)).toHaveLength(1);

    const { viewsByDay } = await dashboardFigures(handle.db, zone, 30);
    expect(viewsByDay.find((day) => day.day === isoDateIn(zone, tenDaysAgo))?.count).toBe(2);
    expect(viewsByDay.at(-1)).toEqual({ day: isoDateIn(zone), count: 1 });
    expect(viewsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it("counts the pages that brought leads by path: one row per page whatever its campaign tags", async () => {
    await handle.db
      .insert(leads)
      .values(
        ["/farms?utm_source=news", "/farms?utm_source=radio&utm_medium=ad", "/farms#assessment", "/winery"].map(
          (sourcePage, i) => ({ kind: "guide", name: `Page ${i}`, email: `page${i}@path.example`, sourcePage }),
        ),
      );
    const { topPages } = await dashboardFigures(handle.db, "UTC", 30);
    expect(topPages.find((row) => row.page === "/farms")?.count).toBe(3);
    expect(topPages.find((row) => row.page === "/winery")?.count).toBe(1);
    expect(topPages.some((row) => row.page.includes("?") || row.page.includes("#"))).toBe(false);
  });
});
