import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { log } from "~/server/log.server";
import { createFormRateLimiter } from "~/server/rate-limit.server";
import { closedDatabase, dbTargets, openMigrated } from "./db-targets";

describe.each(dbTargets)("form submission limits on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("allow the limit per address, refuse the next with a wait, and count per address", async () => {
    const limiter = createFormRateLimiter(handle.db, 3, 600);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.take("203.0.113.50"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]?.retryAfterSeconds).toBeGreaterThan(0);
    expect(verdicts[3]?.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await limiter.take("203.0.113.51")).allowed).toBe(true);
  });

  it("are shared through the database: what one instance counts, another refuses", async () => {
    // Two limiters, as two server instances would have.
    const first = createFormRateLimiter(handle.db, 2, 600);
    const second = createFormRateLimiter(handle.db, 2, 600);
    expect((await first.take("198.51.100.20")).allowed).toBe(true);
    expect((await second.take("198.51.100.20")).allowed).toBe(true);
    expect((await first.take("198.51.100.20")).allowed).toBe(false);
  });
});

describe("form submission limits without a database", () => {
  it("let the visitor through (in-memory insurance) instead of failing", async () => {
    const broken = closedDatabase();
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const limiter = createFormRateLimiter(broken.db, 2, 600);
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push((await limiter.take("192.0.2.77")).allowed);
    // The insurance limiter still counts: a flood is refused even while the database is down.
    expect(verdicts).toEqual([true, true, false]);
    error.mockRestore();
  });
});
