import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoginLimits, FAILED_LOGINS_PER_EMAIL } from "~/server/auth/login-limits.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { dbTargets, openMigrated } from "./db-targets";

describe.each(dbTargets)("failed-login limits on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("are shared through the database: what one instance counts, another refuses", async () => {
    // Two limiters, as two server instances would have: nothing is kept in their memory.
    const first = createLoginLimits(handle.db, 20);
    const second = createLoginLimits(handle.db, 20);
    for (let attempt = 0; attempt < FAILED_LOGINS_PER_EMAIL; attempt++) {
      expect(await second.retryAfter("Target@Example.com", "203.0.113.1")).toBe(0);
      await first.recordFailure("target@example.com", `203.0.113.${attempt + 1}`);
    }
    const wait = await second.retryAfter(" TARGET@example.com", "198.51.100.7");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another e-mail from a clean address is not affected; a success clears the e-mail's count.
    expect(await second.retryAfter("other@example.com", "198.51.100.7")).toBe(0);
    await second.clear("target@example.com");
    expect(await first.retryAfter("target@example.com", "198.51.100.8")).toBe(0);
  });

  it("limit one address across e-mails", async () => {
    const limits = createLoginLimits(handle.db, 3);
    for (let i = 0; i < 3; i++) await limits.recordFailure(`user${i}@example.com`, "192.0.2.9");
    expect(await limits.retryAfter("fresh@example.com", "192.0.2.9")).toBeGreaterThan(0);
    expect(await limits.retryAfter("fresh@example.com", "192.0.2.10")).toBe(0);
  });
});
