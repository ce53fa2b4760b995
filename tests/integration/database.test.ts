import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { siteContentSeed } from "~/content/seed/site-content";
import { solarDataSeed } from "~/content/seed/solar-data";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, leads, pageViews, siteContent } from "~/server/db/schema";
import { isContentEmpty, seedDatabase } from "~/server/db/seed.server";
import { readIncentives } from "~/server/queries/incentives.server";
import { latestPageViews, recordPageView } from "~/server/queries/page-views.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { dbTargets } from "./db-targets";

describe.each(dbTargets)("database on $name", (target) => {
  let handle: DatabaseHandle;

  // From an empty database, unlike the other files: this is the test of the migrations.
  beforeAll(async () => {
    handle = await target.openEmpty();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("creates every table of the spec and the ones later work needs", async () => {
    const result = await handle.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    for (const table of [
      "incentives",
      "site_content",
      "industries",
      "policy_updates",
      "lead_submissions",
      "user_roles",
      "leads",
      "email_outbox",
      "page_views",
      "user",
      "session",
      "account",
      "verification",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("running the migrations again applies nothing new", async () => {
    const count = async () => {
      const result = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
    };
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await handle.migrate();
    expect(await count()).toBe(before);
  });

  it("seeds an empty database, and a second seed inserts nothing", async () => {
    expect(await isContentEmpty(handle.db)).toBe(true);
    const first = await seedDatabase(handle.db);
    expect(first.inserted.incentives).toBe(federalIncentiveSeed.length + stateIncentiveSeed.length);
    expect(first.inserted.policy_updates).toBe(policyUpdateSeed.length);
    expect(first.inserted.industries).toBe(18);
    expect(first.inserted.site_content).toBe(siteContentSeed.length);
    // 6 parameters, 6 cost bands, 4 O&M bands, 50 prices, 50 yields, no export values.
    expect(first.inserted.solar_data).toBe(solarDataSeed.length);
    expect(solarDataSeed.length).toBe(6 + 6 + 4 + 50 + 50);
    expect(await isContentEmpty(handle.db)).toBe(false);

    const second = await seedDatabase(handle.db);
    const none = { site_content: 0, industries: 0, incentives: 0, policy_updates: 0, solar_data: 0 };
    expect(second).toEqual({ inserted: none, corrected: none });
  });

  it("corrects a row still holding an older seed's text, so fixed facts reach existing databases", async () => {
    // As a database seeded before seed_hash existed holds it: the false 2032 text, no hash.
    await handle.db
      .update(incentives)
      .set({ description: "A 30% credit available through 2032.", seedHash: null })
      .where(sql`${incentives.slug} = 'clean-electricity-investment-credit'`);
    const result = await seedDatabase(handle.db);
    expect(result.corrected.incentives).toBe(1);
    const [row] = await handle.db
      .select()
      .from(incentives)
      .where(sql`${incentives.slug} = 'clean-electricity-investment-credit'`);
    expect(row?.description).toBe(
      federalIncentiveSeed.find((r) => r.slug === "clean-electricity-investment-credit")?.description,
    );
    expect(row?.expiresOn).toBe("2028-01-01");
  });

  it("never overwrites a row staff edited when seeding again", async () => {
    await handle.db
      .update(siteContent)
      .set({ title: "Edited by staff" })
      .where(sql`${siteContent.key} = 'homepage_hero'`);
    await handle.db
      .update(incentives)
      .set({ description: "Edited by staff" })
      .where(sql`${incentives.slug} = 'usda-reap'`);
    const result = await seedDatabase(handle.db);
    expect(result.corrected).toEqual({
      site_content: 0,
      industries: 0,
      incentives: 0,
      policy_updates: 0,
      solar_data: 0,
    });
    const block = await readContentBlock(handle.db, "homepage_hero");
    expect(block?.title).toBe("Edited by staff");
    const [reap] = await handle.db.select().from(incentives).where(sql`${incentives.slug} = 'usda-reap'`);
    expect(reap?.description).toBe("Edited by staff");
  });

  it("reads federal incentives with a null state in priority order, limited", async () => {
    await handle.db.insert(incentives).values([
      {
        lastReviewedAt: "2026-11-20",
        slug: "test-ny-state",
        title: "NY state test",
        description: "d",
        type: "State",
        state: "NY",
        priority: 1,
      },
      {
        slug: "test-ny-utility",
        lastReviewedAt: "2026-11-20",
        title: "NY utility test",
        description: "d",
        type: "Utility",
        state: "NY",
        priority: 2,
      },
      // A federal-typed row with a state must not count as a federal (null-state) incentive.
      {
        lastReviewedAt: "2026-11-20",
        slug: "test-federal-with-state",
        title: "Odd",
        description: "d",
        type: "Federal",
        state: "TX",
        priority: 0,
      },
    ]);
    const rows = await readIncentives(handle.db, { type: "Federal", state: null, limit: 4 });
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.type === "Federal" && row.state === null)).toBe(true);
    const expected = [...federalIncentiveSeed].sort((a, b) => (a.priority ?? 100) - (b.priority ?? 100)).slice(0, 4);
    expect(rows.map((row) => row.slug)).toEqual(expected.map((row) => row.slug));
  });

  it("filters by state with an upper-cased code and by type", async () => {
    const ny = await readIncentives(handle.db, { state: "ny" });
    expect(ny.slice(0, 2).map((row) => row.slug)).toEqual(["test-ny-state", "test-ny-utility"]);
    expect(ny.every((row) => row.state === "NY")).toBe(true);
    const utility = await readIncentives(handle.db, { type: "Utility", state: "NY" });
    expect(utility[0]?.slug).toBe("test-ny-utility");
    expect(utility.every((row) => row.type === "Utility" && row.state === "NY")).toBe(true);
    const all = await readIncentives(handle.db);
    expect(all.length).toBe(federalIncentiveSeed.length + stateIncentiveSeed.length + 3);
  });

  it("returns no content block once its row is gone", async () => {
    expect(await readContentBlock(handle.db, "how_it_works_intro")).not.toBeNull();
    await handle.db.delete(siteContent).where(sql`${siteContent.key} = 'how_it_works_intro'`);
    expect(await readContentBlock(handle.db, "how_it_works_intro")).toBeNull();
  });

  it("records page views", async () => {
    await recordPageView(handle.db, { path: "/about", title: "About", location: "http://localhost/about?x=1" });
    const [view] = await latestPageViews(handle.db, 1);
    expect(view).toMatchObject({ path: "/about", title: "About", location: "http://localhost/about?x=1" });
    expect(view?.createdAt).toBeInstanceOf(Date);
  });

  it("rolls a failed transaction back as a whole", async () => {
    const before = await handle.db.select().from(leads);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(leads).values({ kind: "consultation", name: "A", email: "a@example.com" });
        await tx.insert(pageViews).values({ path: "/x", location: "http://localhost/x" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await handle.db.select().from(leads)).toHaveLength(before.length);
  });
});
