import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { retire, unretire } from "~/server/content/editor.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, seedState, user } from "~/server/db/schema";
import { builtInContentVersion, seedDatabase, seedIfChanged } from "~/server/db/seed.server";
import { lockSeedState, recordSeedVersion } from "~/server/db/seed-state.server";
import { SWEEP_LOCK_KEY } from "~/server/leads/orphan-sweep.server";
import { dbTargets, openMigrated } from "./db-targets";

const ada = { id: "editor-ada", name: "Ada Editor", email: "ada@example.com" };
const none = { site_content: 0, industries: 0, incentives: 0, policy_updates: 0, solar_data: 0 };

/**
 * The seed at every start: skipped while the built-in content and the live content
 * are as the last pass left them; run in full, correcting unedited rows, when either changed.
 */
describe.each(dbTargets)("seed at start-up on $name", (target) => {
  let handle: DatabaseHandle;
  const record = federalIncentiveSeed.find((r) => r.slug === "usda-reap");
  if (!record) throw new Error("no built-in usda-reap");
  const builtIn = record.description;
  const row = async (slug: string) => {
    const [found] = await handle.db.select().from(incentives).where(eq(incentives.slug, slug));
    if (!found) throw new Error(`no incentive ${slug}`);
    return found;
  };

  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(user).values(ada);
  });
  afterEach(() => {
    record.description = builtIn;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("seeds an empty database, then skips while nothing changed", async () => {
    const first = await seedIfChanged(handle.db);
    expect(first.skipped).toBe(false);
    expect(first.inserted.incentives).toBeGreaterThan(0);
    const [state] = await handle.db.select().from(seedState);
    expect(state?.version).toBe(builtInContentVersion());

    expect(await seedIfChanged(handle.db)).toEqual({ inserted: none, corrected: none, skipped: true });
  });

  it("runs again when the built-in content changes, correcting rows nobody edited", async () => {
    record.description = `${builtIn} Corrected in a later release.`;
    const result = await seedIfChanged(handle.db);
    expect(result).toMatchObject({ skipped: false, corrected: { ...none, incentives: 1 } });
    expect((await row("usda-reap")).description).toBe(record.description);
    expect((await seedIfChanged(handle.db)).skipped).toBe(true);

    // Back to this release's text (a rollback is a change too).
    record.description = builtIn;
    expect(await seedIfChanged(handle.db)).toMatchObject({ skipped: false, corrected: { incentives: 1 } });
    expect((await row("usda-reap")).description).toBe(builtIn);
  });

  it("runs again after a live content change: a row unretired after a release changed it is corrected", async () => {
    const reap = await row("usda-reap");
    expect(await retire(handle.db, "incentive", reap.id, ada)).toMatchObject({ ok: true });
    expect((await seedIfChanged(handle.db)).skipped).toBe(false);

    // A release corrects the record while it is retired: the seed leaves retired rows alone.
    record.description = `${builtIn} Corrected while retired.`;
    expect(await seedIfChanged(handle.db)).toMatchObject({ skipped: false, corrected: none });
    expect((await seedIfChanged(handle.db)).skipped).toBe(true);

    // Unretired: the next start must bring it the current built-in text.
    expect(await unretire(handle.db, "incentive", reap.id, ada)).toMatchObject({ ok: true });
    expect(await seedIfChanged(handle.db)).toMatchObject({ skipped: false, corrected: { ...none, incentives: 1 } });
    expect((await row("usda-reap")).description).toBe(record.description);

    record.description = builtIn;
    expect((await seedIfChanged(handle.db)).corrected.incentives).toBe(1);
  });

  it("a live change made while a seed pass runs (another instance starting) is seen by the next start", async () => {
    expect((await seedIfChanged(handle.db)).skipped).toBe(true);
    const reap = await row("usda-reap");
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const hasLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const pass = handle.db.transaction(async (tx) => {
      await lockSeedState(tx as unknown as typeof handle.db);
      locked();
      await gate;
      await recordSeedVersion(tx as unknown as typeof handle.db, builtInContentVersion());
    });
    await hasLock;
    const change = retire(handle.db, "incentive", reap.id, ada);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await pass;
    expect(await change).toMatchObject({ ok: true });
    expect((await seedIfChanged(handle.db)).skipped).toBe(false);
    expect(await unretire(handle.db, "incentive", reap.id, ada)).toMatchObject({ ok: true });
  });

  // PostgreSQL only: instances share the server's advisory locks. (Both once had the same key.)
  it.runIf(target.name === "postgres")("does not wait for another instance's orphan-bill sweep", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const hasLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const sweep = handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
      locked();
      await gate;
    });
    await hasLock;
    try {
      // Resolves while the sweep's lock is held (it used to wait for it).
      expect(await seedIfChanged(handle.db)).toMatchObject({ inserted: none });
    } finally {
      release();
      await sweep;
    }
  });

  it("runs on a database seeded before seed_state existed, and `npm run db:seed` always runs", async () => {
    await handle.db.delete(seedState);
    await handle.db
      .update(incentives)
      .set({ description: "An older release's text.", seedHash: null })
      .where(eq(incentives.slug, "macrs-energy-property"));
    expect(await seedIfChanged(handle.db)).toMatchObject({ skipped: false, corrected: { ...none, incentives: 1 } });
    expect((await seedIfChanged(handle.db)).skipped).toBe(true);

    await handle.db
      .update(incentives)
      .set({ description: "An older release's text.", seedHash: null })
      .where(eq(incentives.slug, "macrs-energy-property"));
    expect((await seedDatabase(handle.db)).corrected.incentives).toBe(1);
  });
});
