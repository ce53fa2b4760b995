import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fallbackFederalIncentives } from "~/content/home";
import { action as pageViewAction, loader as pageViewLoader } from "~/routes/api-page-view";
import { loader as homeLoader } from "~/routes/home";
import { loader as notFoundLoader } from "~/routes/not-found";
import type { AppDatabase, DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { leads } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { guideAction } from "~/server/leads/lead-actions.server";
import { log } from "~/server/log.server";
import { latestPageViews } from "~/server/queries/page-views.server";
import { requestContext } from "~/server/request-context.server";
import { closedDatabase, dbTargets, openMigrated, pgliteTarget } from "./db-targets";
import { unwrap } from "./loader-result";
import { contextArgs, contextOf, formPost } from "./staff-action";

type AnyArgs = Parameters<typeof pageViewAction>[0];

const args = (request: Request) =>
  ({ request, params: {}, context: requestContext("203.0.113.1") }) as unknown as AnyArgs;

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/page-view", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe.each(dbTargets)("route handlers on $name", (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await closeDb();
  });

  it("home falls back to the built-in hero and federal items on an empty database", async () => {
    const { page: data, init } = unwrap(await homeLoader(contextArgs()));
    expect(init).toBeNull();
    expect(data.hero.title).toMatch(/high energy-use businesses/i);
    expect(data.incentives.map((item) => item.title)).toEqual(fallbackFederalIncentives.map((item) => item.title));
    expect(data.incentives[2]?.shownStatus).toBe("At Risk");
  });

  it("home reads the hero block and three federal incentives once seeded", async () => {
    await seedDatabase(handle.db);
    const { page: data } = unwrap(await homeLoader(contextArgs()));
    expect(data.incentives).toHaveLength(3);
    expect(data.incentives.map((item) => item.title)).not.toEqual(fallbackFederalIncentives.map((item) => item.title));
    expect(data.hero.ctaLink).toBe("#industries");
  });

  it("records a page view from the beacon", async () => {
    const response = await pageViewAction(
      args(beacon({ path: "/incentives", title: "Incentives", location: "http://localhost/incentives?utm_source=x" })),
    );
    expect(response.status).toBe(204);
    const [latest] = await latestPageViews(handle.db, 1);
    expect(latest).toMatchObject({ path: "/incentives", title: "Incentives" });
  });

  it.each<Record<string, string>>([{ DNT: "1" }, { "Sec-GPC": "1" }])(
    "stores nothing when the browser sends %o",
    async (headers) => {
      const before = (await latestPageViews(handle.db, 1000)).length;
      const response = await pageViewAction(
        args(beacon({ path: "/private", title: "x", location: "http://localhost/private" }, headers)),
      );
      expect(response.status).toBe(204);
      expect(await latestPageViews(handle.db, 1000)).toHaveLength(before);
    },
  );

  it("rejects malformed, oversized and non-POST beacons without storing them", async () => {
    const before = (await latestPageViews(handle.db, 1000)).length;
    expect((await pageViewAction(args(beacon("{not json")))).status).toBe(400);
    expect((await pageViewAction(args(beacon({ path: "no-slash", location: "http://localhost/" })))).status).toBe(400);
    expect((await pageViewAction(args(beacon({ path: "/", location: "javascript:alert(1)" })))).status).toBe(400);
    expect(
      (await pageViewAction(args(beacon({ path: "/", location: "http://localhost/", title: "x".repeat(9000) }))))
        .status,
    ).toBe(413);
    expect(pageViewLoader().status).toBe(405);
    // Another origin's page, or a path that is not the location's: refused.
    expect((await pageViewAction(args(beacon({ path: "/", location: "https://elsewhere.example/" })))).status).toBe(
      400,
    );
    expect((await pageViewAction(args(beacon({ path: "/a", location: "http://localhost/b" })))).status).toBe(400);
    // A streamed body with no Content-Length is cut off at the limit, not buffered whole.
    const huge = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 64; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const streamed = new Request("http://localhost/api/page-view", {
      method: "POST",
      body: huge,
      duplex: "half",
    } as RequestInit);
    expect((await pageViewAction(args(streamed))).status).toBe(413);
    expect(await latestPageViews(handle.db, 1000)).toHaveLength(before);
  });

  it("drops views posted from another site", async () => {
    const before = (await latestPageViews(handle.db, 1000)).length;
    const response = await pageViewAction(
      args(beacon({ path: "/", location: "http://localhost/" }, { "Sec-Fetch-Site": "cross-site" })),
    );
    expect(response.status).toBe(204);
    expect(await latestPageViews(handle.db, 1000)).toHaveLength(before);
  });
});

describe("a request's own database", () => {
  let healthy: DatabaseHandle;
  beforeAll(async () => {
    healthy = await openMigrated(pgliteTarget);
    useDatabaseForTests(healthy);
  });
  afterAll(async () => {
    await closeDb();
  });

  it("shows the fallbacks but marks the page private, so no cache keeps it", async () => {
    // The process's database is healthy: only the request's own (its context's) is broken.
    const broken = closedDatabase();
    const context = requestContext("203.0.113.1", null, async () => broken.db);
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const { page, init } = unwrap(await homeLoader({ context } as never));
    expect(page.incentives.map((item) => item.title)).toEqual(fallbackFederalIncentives.map((item) => item.title));
    expect(new Headers(init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(error).toHaveBeenCalledWith({ err: expect.anything() }, "Error loading incentives");
    error.mockRestore();
  });

  it("stores a lead form's submission in the request's database, not the process's", async () => {
    const own = await openMigrated(pgliteTarget);
    try {
      await guideAction(
        formPost("/download-guide", {
          name: "Dana",
          email: "dana@context.example",
          industryType: "healthcare",
          state: "CA",
        }),
        contextOf(own),
      );
      const stored = async (db: AppDatabase) =>
        (await db.select({ email: leads.email }).from(leads)).map((row) => row.email);
      expect(await stored(own.db)).toEqual(["dana@context.example"]);
      expect(await stored(healthy.db)).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe("not-found route", () => {
  it("answers 404 and logs the missing path", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const result = notFoundLoader({
      request: new Request("http://localhost/missing/page?x=1"),
      params: {},
      context: requestContext("203.0.113.1"),
    } as unknown as Parameters<typeof notFoundLoader>[0]);
    expect(result.init?.status).toBe(404);
    expect(info).toHaveBeenCalledWith({ path: "/missing/page" }, "404 Not Found");
    info.mockRestore();
  });
});
