import { desc, eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AUDIT_ACTIONS, auditActionLabel, auditDetailsText, auditFiltersFrom } from "~/lib/audit";
import { loader as auditLoader } from "~/routes/admin/audit";
import { type AuditListRow, listAuditEvents, recordAudit } from "~/server/audit/audit-log.server";
import {
  AUDIT_RETENTION_LOCK_KEY,
  purgeOldAuditEvents,
  runAuditRetention,
  startAuditRetention,
} from "~/server/audit/audit-retention.server";
import { nameAuditRows } from "~/server/audit/audit-subjects.server";
import type { AppDatabase, DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { auditEvents, emailOutbox, incentives, leadSubmissions, leads, user, webhooks } from "~/server/db/schema";
import { log } from "~/server/log.server";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

/** The audit log (decision 0018): the recorder, the table's append-only rule, the page's queries, retention. */

describe("audit labels and filters", () => {
  it("label every action, read filters from the URL and show details on one line", () => {
    for (const action of AUDIT_ACTIONS) expect(auditActionLabel(action)).not.toBe(action);
    expect(auditActionLabel("something.new")).toBe("something.new");
    expect(auditFiltersFrom(new URLSearchParams("q=%20Bob%00%20&action=role.granted&page=3"))).toEqual({
      q: "Bob",
      action: "role.granted",
      page: 3,
    });
    expect(auditFiltersFrom(new URLSearchParams("action=nope&page=-1"))).toEqual({ q: "", action: null, page: 1 });
    expect(auditDetailsText({ q: "acme", kind: "bill", status: null, changed: ["title", "link"] })).toBe(
      "q: acme · kind: bill · changed: title, link",
    );
  });
});

describe.each(dbTargets)("audit log on $name", (target) => {
  let handle: DatabaseHandle;

  const newest = async () =>
    (await handle.db.select().from(auditEvents).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(1))[0];

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await closeDb();
  });

  it("records who, what, when, from where; details default to {}", async () => {
    const before = Date.now();
    await recordAudit({ action: "sign-in.failed", subject: "someone@audit.example", address: "198.51.100.4" });
    const row = await newest();
    expect(row).toMatchObject({
      action: "sign-in.failed",
      actorId: null,
      actorEmail: null,
      subject: "someone@audit.example",
      details: {},
      address: "198.51.100.4",
    });
    expect(row?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row?.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it("is append-only: the database refuses UPDATE and TRUNCATE; DELETE stays for the purge", async () => {
    await recordAudit({ action: "sign-in.ok", actorId: "x", actorEmail: "x@audit.example" });
    const row = await newest();
    // The driver's message (Drizzle wraps it as the cause).
    const refusal = (query: PromiseLike<unknown>) =>
      Promise.resolve(query).then(
        () => "accepted",
        (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message),
      );
    expect(
      await refusal(
        handle.db
          .update(auditEvents)
          .set({ actorEmail: "someone-else@audit.example" })
          .where(eq(auditEvents.id, row?.id ?? "")),
      ),
    ).toBe("audit_events is append-only: UPDATE refused");
    expect(await refusal(handle.db.execute(sql`update audit_events set action = 'x'`))).toMatch(/UPDATE refused/);
    expect(await refusal(handle.db.execute(sql`truncate audit_events`))).toMatch(/TRUNCATE refused/);
    expect((await newest())?.actorEmail).toBe("x@audit.example");
    const gone = await handle.db
      .delete(auditEvents)
      .where(eq(auditEvents.id, row?.id ?? ""))
      .returning();
    expect(gone).toHaveLength(1);
  });

  it("never breaks the action: a failed write is logged, with the e-mail masked", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const broken = {
      insert: () => {
        throw new Error("database is down");
      },
    } as unknown as AppDatabase;
    await expect(
      recordAudit({ action: "leads.exported", actorEmail: "jo@audit.example", subject: "ann@lead.example" }, broken),
    ).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(errors.mock.calls[0]);
    expect(logged).toContain("Audit event not recorded");
    expect(logged).toContain("leads.exported");
    expect(logged).not.toContain("jo@audit.example");
    expect(logged).not.toContain("ann@lead.example");
    errors.mockRestore();
  });

  it("cuts what a request could make long", async () => {
    await recordAudit({
      action: "sign-in.failed",
      subject: `${"a".repeat(1000)}@audit.example`,
      details: { note: "x".repeat(10_000) },
    });
    const row = await newest();
    expect(row?.subject).toHaveLength(320);
    expect(row?.details).toEqual({ truncated: true });
  });

  describe("the page's queries", () => {
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
    beforeAll(async () => {
      // In the future, so these are the newest rows whatever the other tests wrote.
      await handle.db.insert(auditEvents).values([
        { at: at(1), action: "sign-in.ok", actorEmail: "ann@list.example", address: "192.0.2.1" },
        { at: at(2), action: "leads.exported", actorEmail: "ann@list.example", details: { q: "acme" } },
        { at: at(3), action: "role.granted", actorEmail: "bob@list.example", subject: "cat@list.example" },
        { at: at(4), action: "bill.opened", actorEmail: "bob@list.example", subject: "0000-100%_x" },
        { at: at(5), action: "role.revoked", actorEmail: "ann@list.example", subject: "cat@list.example" },
      ]);
    });
    const all = { q: "", action: null, page: 1 };
    const actions = (rows: { action: string }[]) => rows.map((row) => row.action);

    it("lists newest first, with how many match and how many there are", async () => {
      const { rows, matching, total } = await listAuditEvents(handle.db, all);
      expect(actions(rows.slice(0, 5))).toEqual([
        "role.revoked",
        "bill.opened",
        "role.granted",
        "leads.exported",
        "sign-in.ok",
      ]);
      expect(matching).toBe(total);
      expect(total).toBeGreaterThanOrEqual(5);
    });

    it("searches e-mails, actions, subjects, addresses and labels, without case, literally", async () => {
      const search = async (q: string) => actions((await listAuditEvents(handle.db, { ...all, q })).rows);
      expect(await search("BOB@LIST")).toEqual(["bill.opened", "role.granted"]);
      expect(await search("cat@list")).toEqual(["role.revoked", "role.granted"]);
      expect(await search("role.")).toEqual(["role.revoked", "role.granted"]);
      expect(await search("Role removed")).toEqual(["role.revoked"]);
      expect(await search("192.0.2.1")).toEqual(["sign-in.ok"]);
      expect(await search("100%_")).toEqual(["bill.opened"]);
      expect(await search("%")).toEqual(["bill.opened"]);
      const { matching, total } = await listAuditEvents(handle.db, { ...all, q: "list.example" });
      expect(matching).toBe(5);
      expect(total).toBeGreaterThan(5);
    });

    it("filters by action, with the search too, and pages", async () => {
      const granted = await listAuditEvents(handle.db, { ...all, action: "role.granted" });
      expect(granted.rows.map((row) => row.subject)).toEqual(["cat@list.example"]);
      expect(granted.matching).toBe(1);
      const annExports = await listAuditEvents(handle.db, { q: "ann@", action: "leads.exported", page: 1 });
      expect(annExports.rows.map((row) => row.details)).toEqual([{ q: "acme" }]);
      const pageTwo = await listAuditEvents(handle.db, { q: "list.example", action: null, page: 2 }, 2);
      expect(actions(pageTwo.rows)).toEqual(["role.granted", "leads.exported"]);
      const pageThree = await listAuditEvents(handle.db, { q: "list.example", action: null, page: 3 }, 2);
      expect(actions(pageThree.rows)).toEqual(["sign-in.ok"]);
    });

    it("the /admin/audit loader answers from the URL, times in the site's zone", async () => {
      const result = (await auditLoader({
        request: new Request("http://localhost:3000/admin/audit?q=bob%40list&action=bill.opened"),
        context: requestContext("203.0.113.7"),
        params: {},
      } as unknown as Parameters<typeof auditLoader>[0])) as Exclude<
        Awaited<ReturnType<typeof auditLoader>>,
        { data: unknown }
      >;
      expect(result).toMatchObject({ filters: { q: "bob@list", action: "bill.opened", page: 1 }, matching: 1 });
      expect(result.rows).toEqual([
        expect.objectContaining({
          who: "bob@list.example",
          action: "bill.opened",
          // Not an id any lead can have: shown as stored.
          subject: { text: "0000-100%_x", href: null, stored: "0000-100%_x", gone: false },
          // 12:04 UTC is 7:04 in New York (SITE_TIME_ZONE's default).
          when: expect.stringMatching(/^01\/01\/2030 7:04:00\sAM\sEST$/),
          details: "",
        }),
      ]);
    });
  });

  it("names each row's actor and subject, one query per kind, and a record gone as such", async () => {
    const id = () => crypto.randomUUID();
    const [lead, bill, incentive, mail, gone] = [id(), id(), id(), id(), id()];
    await handle.db.insert(user).values([
      { id: "NamesAdmin000000000000000000001", name: "Dana Admin", email: "dana@names.example" },
      { id: "NamesEditor00000000000000000001", name: "Eli Editor", email: "eli@names.example" },
    ]);
    await handle.db
      .insert(leads)
      .values({ id: lead, kind: "consultation", name: "Gus Grocer", email: "gus@names.example" });
    await handle.db
      .insert(leadSubmissions)
      .values({ id: bill, businessName: "Hay Barn", contactName: "Hal", email: "hal@names.example" });
    await handle.db.insert(incentives).values({
      id: incentive,
      slug: `names-${incentive.slice(0, 8)}`,
      title: "Names Solar Grant",
      description: "A grant.",
      type: "State",
      lastReviewedAt: "2026-11-01",
    });
    await handle.db.insert(emailOutbox).values({
      id: mail,
      formType: "consultation",
      subject: "New lead: Gus",
      toAddress: "sales@names.example",
      formData: {},
    });
    await handle.db
      .insert(webhooks)
      .values({ url: "https://hooks.names.example/in", secret: "whsec_x", events: [], description: "CRM sync" });
    const by = { actorId: "NamesAdmin000000000000000000001", actorEmail: "dana@names.example" };
    const events = [
      { action: "lead.spam", subject: lead, details: { kind: "consultation" } },
      { action: "bill.opened", subject: bill },
      { action: "lead.not-spam", subject: gone, details: { kind: "guide" } },
      { action: "content.published", subject: `incentives:${incentive}` },
      { action: "content.restored", subject: `policy-updates:${gone}` },
      { action: "content.published", subject: "blocks:site_banner" },
      { action: "mail.retried", subject: mail },
      { action: "mail.discarded", subject: gone },
      { action: "role.granted", subject: "ELI@names.example" },
      { action: "sign-in.failed", subject: "nobody@names.example" },
      { action: "webhook.changed", subject: "https://hooks.names.example/in (paused)" },
      { action: "email-template.changed", subject: "first-reply (built-in text)" },
      { action: "settings.changed", subject: "business" },
      { action: "privacy.deleted", subject: "digest:abc" },
    ].map(
      (event): AuditListRow => ({
        ...by,
        ...event,
        id: id(),
        at: new Date(),
        details: event.details ?? {},
        address: null,
      }),
    );
    // Someone whose account is gone is still named by the address they acted as.
    events.push({
      ...(events[0] as AuditListRow),
      id: id(),
      actorId: "GoneStaff0000000000000000000001",
      actorEmail: "old@names.example",
    });

    const rows = await nameAuditRows(handle.db, events);
    expect(rows.map((row) => row.actorName)).toEqual([...events.slice(1).map(() => "Dana Admin"), "old@names.example"]);
    const shown = rows.map(
      ({ shownSubject }) => shownSubject && [shownSubject.text, shownSubject.href, shownSubject.gone],
    );
    expect(shown.slice(0, -1)).toEqual([
      ["Gus Grocer", `/admin/leads/consultation/${lead}`, false],
      ["Hal · Hay Barn", `/admin/leads/bill/${bill}`, false],
      ["Deleted lead", null, true],
      ["Names Solar Grant", `/admin/content/incentives/${incentive}`, false],
      ["Deleted policy update", null, true],
      ["Site banner", "/admin/content/blocks/site_banner", false],
      ["“New lead: Gus” to s…@names.example", null, false],
      ["Deleted e-mail", null, true],
      ["Eli Editor", null, false],
      ["nobody@names.example", null, false],
      ["CRM sync · https://hooks.names.example/in (paused)", "/admin/webhooks", false],
      ["First reply (built-in text)", "/admin/mail/templates", false],
      ["Business details", "/admin/settings", false],
      ["digest:abc", null, false],
    ]);
    // What was stored stays with the name: the id of a record gone, for one.
    expect(rows[2]?.shownSubject).toMatchObject({ stored: gone });
  });

  describe("retention", () => {
    const now = new Date(Date.UTC(2020, 5, 30, 12));
    const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 86_400_000 + extraMs);
    const oldRows = () => handle.db.select().from(auditEvents).where(eq(auditEvents.action, "password.reset"));

    beforeEach(async () => {
      await handle.db.delete(auditEvents).where(eq(auditEvents.action, "password.reset"));
      await handle.db.insert(auditEvents).values([
        { at: daysAgo(400), action: "password.reset", subject: "very-old" },
        { at: daysAgo(31), action: "password.reset", subject: "old" },
        { at: daysAgo(30, 1_000), action: "password.reset", subject: "just-kept" },
        { at: daysAgo(1), action: "password.reset", subject: "recent" },
      ]);
    });

    it("purges events older than the retention and keeps the recent ones", async () => {
      const { deleted } = await purgeOldAuditEvents(handle.db, { retentionDays: 30, now, batchSize: 1 });
      expect(deleted).toBe(2);
      expect((await oldRows()).map((row) => row.subject).sort()).toEqual(["just-kept", "recent"]);
      // Today's events (the other tests') are untouched.
      expect(await handle.db.select().from(auditEvents).where(eq(auditEvents.action, "sign-in.failed"))).not.toEqual(
        [],
      );
      await expect(purgeOldAuditEvents(handle.db, { retentionDays: 0 })).rejects.toThrow(/at least 1/);
    });

    it("runs the purge at start and stops cleanly", async () => {
      const stop = startAuditRetention({ db: handle.db, retentionDays: 30, now: () => now });
      await vi.waitFor(async () => expect((await oldRows()).map((row) => row.subject)).not.toContain("very-old"), {
        timeout: 10_000,
      });
      await stop();
      expect((await oldRows()).map((row) => row.subject).sort()).toEqual(["just-kept", "recent"]);
    });

    // PostgreSQL only: the advisory lock guards instances sharing one server; PGlite is one process.
    it.runIf(target.name === "postgres")("purges on one instance at a time (advisory lock)", async () => {
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        await other.query("select pg_advisory_lock($1)", [AUDIT_RETENTION_LOCK_KEY]);
        expect(await runAuditRetention(handle.db, { retentionDays: 30, now })).toEqual({ ran: false });
        expect((await oldRows()).length).toBe(4);
        await other.query("select pg_advisory_unlock($1)", [AUDIT_RETENTION_LOCK_KEY]);
        expect(await runAuditRetention(handle.db, { retentionDays: 30, now })).toEqual({ ran: true, deleted: 2 });
      } finally {
        other.release();
      }
    });
  });
});
