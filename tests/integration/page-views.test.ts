import { and, eq, gte, lt, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as pageViewAction } from "~/routes/api-page-view";
import { getConfig } from "~/server/config.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { pageViewDaily, pageViews, rateLimits } from "~/server/db/schema";
import { log } from "~/server/log.server";
import {
  PAGE_VIEW_RETENTION_LOCK_KEY,
  purgeOldPageViews,
  runPageViewRetention,
  startPageViewRetention,
} from "~/server/maintenance/page-view-retention.server";
import {
  createPageViewLimits,
  OTHER_PATHS,
  PAGE_VIEWS_PER_CLIENT_PER_MINUTE,
  recordPageView,
} from "~/server/queries/page-views.server";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

type ActionArgs = Parameters<typeof pageViewAction>[0];

const beacon = (body: unknown, client = "203.0.113.1") =>
  pageViewAction({
    request: new Request("http://localhost/api/page-view", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    params: {},
    context: requestContext(client),
  } as unknown as ActionArgs);

describe.each(dbTargets)("page views on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await closeDb();
  });

  const rowsFor = (path: string) => handle.db.select().from(pageViews).where(eq(pageViews.path, path));
  const dailyFor = async (path: string) =>
    Number(
      (
        await handle.db
          .select({ views: sql<number>`coalesce(sum(${pageViewDaily.views}), 0)` })
          .from(pageViewDaily)
          .where(eq(pageViewDaily.path, path))
      )[0]?.views ?? 0,
    );

  it("stores a bounded digest of each view and counts it in its day's total", async () => {
    const response = await beacon({
      path: "/incentives",
      title: "Incentives",
      location: `http://localhost/incentives?utm_source=news&pad=${"x".repeat(3000)}#list`,
      referrer: "https://www.google.com/search?q=commercial+solar&secret=1",
    });
    expect(response.status).toBe(204);
    const [row] = await rowsFor("/incentives");
    expect(row?.referrer).toBe("https://www.google.com");
    expect(row?.location.startsWith("/incentives?utm_source=news&pad=xxx")).toBe(true);
    expect(Buffer.byteLength(row?.location ?? "")).toBe(1024);
    expect(await dailyFor("/incentives")).toBe(1);

    // A path that is not a page of the site is stored raw, but counted under "(other)".
    const before = await dailyFor(OTHER_PATHS);
    expect((await beacon({ path: "/no-such-page-123", location: "http://localhost/no-such-page-123" })).status).toBe(
      204,
    );
    expect(await rowsFor("/no-such-page-123")).toHaveLength(1);
    expect(await dailyFor("/no-such-page-123")).toBe(0);
    expect(await dailyFor(OTHER_PATHS)).toBe(before + 1);
  });

  it("refuses a view with a NUL or other control character (400): nothing stored, no database error", async () => {
    const error = vi.spyOn(log, "error");
    try {
      const bodies = [
        { path: "/about", title: "About\u0000", location: "http://localhost/about" },
        { path: "/about", title: "About\u001b[31m", location: "http://localhost/about" },
        { path: "/about", title: "About", location: "http://localhost/about", referrer: "https://a.example/\u0000" },
        { path: "/about\u0000", title: "About", location: "http://localhost/about" },
      ];
      for (const body of bodies) expect((await beacon(body)).status).toBe(400);
      // A NUL escaped in the JSON text is the same character once parsed.
      expect((await beacon('{"path":"/about","title":"A\\u0000","location":"http://localhost/about"}')).status).toBe(
        400,
      );
      expect(await rowsFor("/about")).toHaveLength(0);
      expect(error).not.toHaveBeenCalled();
    } finally {
      error.mockRestore();
    }
  });

  it("limits each client in the database: a count another instance wrote is honoured", async () => {
    // Another instance has already stored this client's 120 views this minute.
    await handle.db.insert(rateLimits).values({
      key: "page-view-client:198.51.100.7",
      points: PAGE_VIEWS_PER_CLIENT_PER_MINUTE,
      expire: new Date(Date.now() + 60_000),
    });
    expect((await beacon({ path: "/mission", location: "http://localhost/mission" }, "198.51.100.7")).status).toBe(204);
    expect(await rowsFor("/mission")).toHaveLength(0);
    expect((await beacon({ path: "/mission", location: "http://localhost/mission" }, "198.51.100.8")).status).toBe(204);
    expect(await rowsFor("/mission")).toHaveLength(1);
  });

  it("shares the per-client and per-minute counts between instances", async () => {
    await handle.db.delete(rateLimits);
    const a = createPageViewLimits(handle.db, { perMinute: 5, perClientPerMinute: 3 });
    const b = createPageViewLimits(handle.db, { perMinute: 5, perClientPerMinute: 3 });
    expect([await a.take("c1"), await a.take("c1"), await b.take("c1")]).toEqual([true, true, true]);
    expect([await a.take("c1"), await b.take("c1")]).toEqual([false, false]);
    expect([await b.take("c2"), await a.take("c3")]).toEqual([true, true]);
    // Five views stored this minute, across both instances: the site's cap.
    expect([await a.take("c4"), await b.take("c5")]).toEqual([false, false]);
    await handle.db.delete(rateLimits);
  });

  it("drops every view beyond PAGE_VIEWS_PER_MINUTE for the whole site (204, nothing stored)", async () => {
    // The site's count for this minute is used up (by any instance: it is in the database).
    await handle.db
      .insert(rateLimits)
      .values({
        key: "page-view-site:all",
        points: getConfig().PAGE_VIEWS_PER_MINUTE,
        expire: new Date(Date.now() + 60_000),
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { points: getConfig().PAGE_VIEWS_PER_MINUTE, expire: new Date(Date.now() + 60_000) },
      });
    for (const client of ["192.0.2.1", "192.0.2.2", "2001:db8:1::1"]) {
      expect((await beacon({ path: "/about", location: "http://localhost/about" }, client)).status).toBe(204);
    }
    expect(await rowsFor("/about")).toHaveLength(0);
  });

  // --- retention -------------------------------------------------------------------------

  const at = (iso: string) => new Date(iso);
  const storeAt = (path: string, iso: string) =>
    recordPageView(handle.db, { path, location: path, title: null }, { timeZone: "America/New_York", at: at(iso) });
  const rawBetween = async (from: string, to: string) =>
    (
      await handle.db
        .select({ id: pageViews.id })
        .from(pageViews)
        .where(and(gte(pageViews.createdAt, at(from)), lt(pageViews.createdAt, at(to))))
    ).length;

  it("purges raw views older than the retention (days in the site's time zone); daily totals stay", async () => {
    // 2020-03-10 in New York, 2 days kept: from 2020-03-09 00:00 EDT (04:00 UTC) on.
    await storeAt("/how-it-works", "2020-03-01T12:00:00Z");
    await storeAt("/how-it-works", "2020-03-09T03:59:59Z");
    await storeAt("/how-it-works", "2020-03-09T04:00:00Z");
    await storeAt("/how-it-works", "2020-03-10T20:00:00Z");
    const { deleted } = await purgeOldPageViews(handle.db, {
      retentionDays: 2,
      today: "2020-03-10",
      timeZone: "America/New_York",
      batchSize: 1,
    });
    expect(deleted).toBe(2);
    expect(await rawBetween("2020-01-01T00:00:00Z", "2020-03-09T04:00:00Z")).toBe(0);
    expect(await rawBetween("2020-03-09T04:00:00Z", "2020-03-11T00:00:00Z")).toBe(2);
    // Recent views (today's, from the tests above) are untouched.
    expect((await rowsFor("/incentives")).length).toBe(1);
    const daily = await handle.db
      .select({ day: pageViewDaily.day, views: pageViewDaily.views })
      .from(pageViewDaily)
      .where(and(eq(pageViewDaily.path, "/how-it-works"), lt(pageViewDaily.day, "2021-01-01")))
      .orderBy(pageViewDaily.day);
    expect(daily).toEqual([
      { day: "2020-03-01", views: 1 },
      { day: "2020-03-08", views: 1 },
      { day: "2020-03-09", views: 1 },
      { day: "2020-03-10", views: 1 },
    ]);
  });

  it("runs the purge at start and stops cleanly", async () => {
    await storeAt("/free-estimate", "2019-06-01T12:00:00Z");
    const stop = startPageViewRetention({
      db: handle.db,
      retentionDays: 30,
      timeZone: "America/New_York",
      today: () => "2019-08-01",
    });
    await vi.waitFor(async () => expect(await rowsFor("/free-estimate")).toHaveLength(0), { timeout: 10_000 });
    await stop();
  });

  // PostgreSQL only: the advisory lock guards instances sharing one server; PGlite is one process.
  it.runIf(target.name === "postgres")("purges on one instance at a time (advisory lock)", async () => {
    await storeAt("/policy-watch", "2019-01-01T12:00:00Z");
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [PAGE_VIEW_RETENTION_LOCK_KEY]);
      const options = { retentionDays: 30, today: "2019-03-01", timeZone: "UTC" };
      expect(await runPageViewRetention(handle.db, options)).toEqual({ ran: false });
      expect(await rowsFor("/policy-watch")).toHaveLength(1);
      await other.query("select pg_advisory_unlock($1)", [PAGE_VIEW_RETENTION_LOCK_KEY]);
      expect(await runPageViewRetention(handle.db, options)).toEqual({ ran: true, deleted: 1 });
      expect(await rowsFor("/policy-watch")).toHaveLength(0);
    } finally {
      other.release();
    }
  });
});
