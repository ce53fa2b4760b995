import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedBanner, sharedRetiredIndustries } from "~/server/content/shared-content.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { industries, siteContent } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { getHtmlCache } from "~/server/html-cache.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The banner row kept beside the HTML cache (app/server/content/shared-content.server.ts): read once,
 * then shared, and gone whenever the cached pages go (a published change, on any instance).
 */
describe.each(dbTargets)("the shared banner on $name", (target) => {
  let handle: DatabaseHandle;
  const setText = (content: string) =>
    handle.db.update(siteContent).set({ content }).where(eq(siteContent.key, "site_banner"));

  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDatabase(handle.db);
    getHtmlCache().clear();
  });
  afterAll(async () => {
    getHtmlCache().clear();
    await handle.close();
  });

  it("is read once and shared until the HTML cache is cleared, then read again", async () => {
    await setText("First announcement");
    getHtmlCache().clear();
    expect((await sharedBanner(handle.db, 60))?.content).toBe("First announcement");

    // Changed behind its back (as by another instance before its notice arrives): still the copy.
    await setText("Second announcement");
    expect((await sharedBanner(handle.db, 60))?.content).toBe("First announcement");

    getHtmlCache().clear();
    expect((await sharedBanner(handle.db, 60))?.content).toBe("Second announcement");
  });

  it("retired industries: shared the same way, sorted", async () => {
    getHtmlCache().clear();
    expect(await sharedRetiredIndustries(handle.db, 60)).toEqual([]);
    try {
      await handle.db.update(industries).set({ retiredAt: new Date() }).where(eq(industries.slug, "winery"));
      await handle.db.update(industries).set({ retiredAt: new Date() }).where(eq(industries.slug, "car-wash"));
      expect(await sharedRetiredIndustries(handle.db, 60)).toEqual([]);
      getHtmlCache().clear();
      expect(await sharedRetiredIndustries(handle.db, 60)).toEqual(["car-wash", "winery"]);
    } finally {
      // The next test starts with every industry shown, whatever happened here.
      await handle.db.update(industries).set({ retiredAt: null });
      getHtmlCache().clear();
    }
  });

  it("with the HTML cache off (0 s) every page reads the row", async () => {
    await setText("Third announcement");
    expect((await sharedBanner(handle.db, 0))?.content).toBe("Third announcement");
    await setText("Fourth announcement");
    expect((await sharedBanner(handle.db, 0))?.content).toBe("Fourth announcement");
  });
});
