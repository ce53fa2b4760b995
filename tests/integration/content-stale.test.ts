import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markReviewed } from "~/server/content/editor.server";
import { staleContent } from "~/server/content/stale.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, industries, policyUpdates, siteContent, solarData, user } from "~/server/db/schema";
import { dbTargets, openMigrated } from "./db-targets";

const today = "2026-12-01"; // 90 days before: 2026-09-02
const ada = { id: "editor-ada", name: "Ada Editor", email: "ada@example.com" };

const incentive = (slug: string, fields: Partial<typeof incentives.$inferInsert>) => ({
  slug,
  title: slug,
  description: "d",
  type: "Federal",
  link: `https://www.example.gov/${slug}`,
  lastReviewedAt: "2026-11-20",
  ...fields,
});

const policy = (slug: string, fields: Partial<typeof policyUpdates.$inferInsert>) => ({
  slug,
  title: slug,
  summary: "s",
  status: "Confirmed",
  level: "State",
  datePublished: "2026-01-01",
  link: `https://www.example.gov/${slug}`,
  lastReviewedAt: "2026-11-20",
  ...fields,
});

describe.each(dbTargets)("stale-content queue on $name", (target) => {
  let handle: DatabaseHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(user).values(ada);
    const inserted = await handle.db
      .insert(incentives)
      .values([
        incentive("ended-unreviewed", { expiresOn: "2026-11-01", lastReviewedAt: "2026-10-01" }),
        incentive("ended-today", { expiresOn: today, lastReviewedAt: "2026-11-30" }),
        incentive("ended-reviewed-since", { expiresOn: "2026-11-01", lastReviewedAt: "2026-11-15" }),
        incentive("ends-tomorrow", { expiresOn: "2026-12-02", lastReviewedAt: "2026-10-01" }),
        incentive("reviewed-91-days-ago", { lastReviewedAt: "2026-09-01" }),
        incentive("reviewed-90-days-ago", { lastReviewedAt: "2026-09-02" }),
        incentive("fresh", {}),
        incentive("retired-everything", {
          expiresOn: "2026-01-01",
          lastReviewedAt: "2025-01-01",
          sourceCheckStatus: "failed",
          retiredAt: new Date(),
        }),
      ])
      .returning({ id: incentives.id, slug: incentives.slug });
    const policies = await handle.db
      .insert(policyUpdates)
      .values([
        policy("link-failed", {
          sourceCheckStatus: "failed",
          sourceCheckDetail: "HTTP 404",
          sourceCheckedAt: new Date(),
        }),
        policy("link-ok", { sourceCheckStatus: "ok" }),
        policy("all-three", {
          expiresOn: "2026-06-01",
          lastReviewedAt: "2026-05-01",
          sourceCheckStatus: "failed",
          sourceCheckDetail: "no answer within 10 s",
        }),
      ])
      .returning({ id: policyUpdates.id, slug: policyUpdates.slug });
    const pages = await handle.db
      .insert(industries)
      .values([
        { slug: "old-page", title: "Old page", lastReviewedAt: "2026-01-01" },
        { slug: "new-page", title: "New page", lastReviewedAt: "2026-11-01" },
      ])
      .returning({ id: industries.id, slug: industries.slug });
    for (const row of [...inserted, ...policies, ...pages]) ids[row.slug] = row.id;
    const figure = {
      value: 0.1,
      sourceTitle: "EIA",
      link: "https://www.eia.gov/electricity/annual/",
      sourceYear: 2023,
    };
    // Page texts: one never reviewed, one reviewed last week.
    await handle.db.insert(siteContent).values([
      { key: "homepage_hero", content: "Hero" },
      { key: "site_banner", content: "Banner", lastReviewedAt: "2026-11-25" },
    ]);
    await handle.db.insert(solarData).values([
      { ...figure, key: "commercial_price_az", lastReviewedAt: "2026-08-01" },
      { ...figure, key: "commercial_price_ca", lastReviewedAt: "2026-11-25" },
      { ...figure, key: "commercial_price_co", lastReviewedAt: "2026-11-25", sourceCheckStatus: "failed" },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists ended, overdue and broken-link records with their reasons, most reasons first", async () => {
    const queue = await staleContent(handle.db, { today });
    const reasons = Object.fromEntries(queue.items.map((item) => [item.title, item.reasons]));
    expect(reasons).toEqual({
      "all-three": ["ended", "review_due", "source_failed"],
      "ended-unreviewed": ["ended"],
      "ended-today": ["ended"],
      "reviewed-91-days-ago": ["review_due"],
      "link-failed": ["source_failed"],
      "Old page": ["review_due"],
      "Home page hero": ["review_due"],
      "Average commercial electricity price, Arizona": ["review_due"],
      "Average commercial electricity price, Colorado": ["source_failed"],
      // Coming due within 30 days: listed last, soonest first, to be reviewed a few at a time.
      "reviewed-90-days-ago": ["review_soon"],
      "ends-tomorrow": ["review_soon"],
    });
    expect(queue.items.slice(-2).map((item) => [item.title, item.dueOn])).toEqual([
      ["reviewed-90-days-ago", "2026-12-01"],
      ["ends-tomorrow", "2026-12-30"],
    ]);
    expect(queue.items.find((item) => item.title === "Home page hero")).toMatchObject({
      kind: "site_content",
      id: "homepage_hero",
      dueOn: null,
    });
    expect(queue.items.find((item) => item.title === "link-failed")?.link).toBe("https://www.example.gov/link-failed");
    expect(queue.items[0]).toMatchObject({
      kind: "policy_update",
      id: ids["all-three"],
      sourceCheckDetail: "no answer within 10 s",
      expiresOn: "2026-06-01",
      lastReviewedAt: "2026-05-01",
    });
    expect(queue.items.find((item) => item.title === "Old page")).toMatchObject({ kind: "industry" });
    expect(queue.items.find((item) => item.id === "commercial_price_az")).toMatchObject({ kind: "solar_data" });
    expect(queue.counts).toEqual({ ended: 3, review_due: 5, source_failed: 3, review_soon: 2 });
    expect(queue.total).toBe(11);
  });

  it("lets Mark reviewed take a record out of the queue, naming the reviewer", async () => {
    const overdue = ids["reviewed-91-days-ago"] ?? "";
    const ended = ids["ended-unreviewed"] ?? "";
    expect(await markReviewed(handle.db, "incentive", overdue, ada, { today })).toMatchObject({ ok: true });
    expect(await markReviewed(handle.db, "incentive", ended, ada, { today })).toMatchObject({ ok: true });
    const queue = await staleContent(handle.db, { today });
    const titles = queue.items.map((item) => item.title);
    expect(titles).toContain("Average commercial electricity price, Arizona");
    expect(await markReviewed(handle.db, "solar_data", "commercial_price_az", ada, { today })).toMatchObject({
      ok: true,
    });
    expect((await staleContent(handle.db, { today })).items.map((item) => item.id)).not.toContain(
      "commercial_price_az",
    );
    expect(titles).not.toContain("reviewed-91-days-ago");
    expect(titles).not.toContain("ended-unreviewed");
    // A review does not fix a broken link.
    expect(await markReviewed(handle.db, "policy_update", ids["link-failed"] ?? "", ada, { today })).toMatchObject({
      ok: true,
    });
    expect((await staleContent(handle.db, { today })).items).toContainEqual(
      expect.objectContaining({ title: "link-failed", reasons: ["source_failed"], lastReviewedByName: "Ada Editor" }),
    );
    // A page text is reviewed the same way: it leaves the queue with today's date.
    expect(await markReviewed(handle.db, "site_content", "homepage_hero", ada, { today })).toMatchObject({ ok: true });
    expect((await staleContent(handle.db, { today })).items.map((item) => item.id)).not.toContain("homepage_hero");
    const [hero] = await handle.db.select().from(siteContent).where(eq(siteContent.key, "homepage_hero"));
    expect([hero?.lastReviewedAt, hero?.lastReviewedBy]).toEqual([today, ada.id]);
  });

  it("a record inserted without a review date is refused: only a review sets one", async () => {
    await expect(
      handle.db.execute(
        sql`insert into incentives (slug, title, description, type) values ('no-date', 't', 'd', 'Federal')`,
      ),
    ).rejects.toThrow();
  });
});
