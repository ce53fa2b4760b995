import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLAR_DATA } from "~/content/solar-data";
import { calculatorModelData } from "~/server/calculator/model-data.server";
import { contentChanged } from "~/server/content/content-events.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { incentives, solarData } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { getHtmlCache } from "~/server/html-cache.server";
import { dbTargets, openMigrated } from "./db-targets";

const today = "2026-11-26";

/**
 * Where the calculator's data comes from: the figures and programs in the database, kept beside
 * the HTML cache until a publish drops them, and the built-in ones when the database cannot answer.
 */
describe.each(dbTargets)("calculator data on $name", (target) => {
  let handle: DatabaseHandle;
  let closed = false;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    await seedDatabase(handle.db);
    getHtmlCache().clear();
  });
  afterAll(async () => {
    if (!closed) await handle?.close();
  });

  it("reads the figures and the state's programs from the database, until a publish drops the memo", async () => {
    const seeded = await calculatorModelData("NM", today);
    expect(seeded.commercialPrice.NM?.value).toBe(0.1068);
    expect(seeded.stateIncentives.map((p) => p.slug)).toContain("nm-solar-market-development-tax-credit");

    await handle.db.update(solarData).set({ value: 0.2 }).where(eq(solarData.key, "commercial_price_nm"));
    await handle.db
      .update(incentives)
      .set({ retiredAt: new Date() })
      .where(eq(incentives.slug, "nm-solar-market-development-tax-credit"));
    // Written behind the editor's back: the memo still answers (no read per estimate)…
    expect((await calculatorModelData("NM", today)).commercialPrice.NM?.value).toBe(0.1068);
    // …until a published change drops it, as every publish does.
    await contentChanged("solar_data", "commercial_price_nm");
    const after = await calculatorModelData("NM", today);
    expect(after.commercialPrice.NM?.value).toBe(0.2);
    expect(after.stateIncentives.map((p) => p.slug)).not.toContain("nm-solar-market-development-tax-credit");
  });

  it("migration 0021 removes the old all-sizes cost band, edited or not, so the stored bands count again", async () => {
    const removal = fs
      .readFileSync("drizzle/0021_retire_builtin_cost_band.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => sql.raw(statement));
    const old = {
      key: "cost_band_all",
      value: 2.8,
      minKw: 0,
      maxKw: null,
      label: "small non-residential median, 2018",
      sourceTitle: "Berkeley Lab, Tracking the Sun (2019 edition)",
      link: "https://emp.lbl.gov/tracking-the-sun/",
      sourceYear: 2018,
      lastReviewedAt: "2026-11-25",
    };
    await handle.db.insert(solarData).values(old);
    await handle.db.update(solarData).set({ value: 2.5 }).where(eq(solarData.key, "cost_band_small"));
    // Beside the four size bands it overlaps them: the editor's $2.50 is ignored, the built-in band stands.
    await contentChanged("solar_data", "cost_band_all");
    const small = (bands: readonly { minKw: number; value: number }[]) =>
      bands.find((band) => band.minKw === 11)?.value;
    expect(small((await calculatorModelData("NM", today)).costBands)).toBe(2.344);
    for (const statement of removal) await handle.db.execute(statement);
    expect(await handle.db.select().from(solarData).where(eq(solarData.key, "cost_band_all"))).toEqual([]);
    await contentChanged("solar_data", "cost_band_all");
    expect(small((await calculatorModelData("NM", today)).costBands)).toBe(2.5);
    await handle.db.update(solarData).set({ value: 2.344 }).where(eq(solarData.key, "cost_band_small"));
    await contentChanged("solar_data", "cost_band_small");
  });

  it("reads O&M by size from the stored bands; migration 0041 removes the old single O&M figure", async () => {
    const removal = fs
      .readFileSync("drizzle/0041_retire_om_cost.sql", "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => sql.raw(statement));
    await handle.db.insert(solarData).values({
      key: "om_cost",
      value: 25,
      sourceTitle: "NREL REopt PV defaults",
      link: "https://github.com/NatLabRockies/REopt.jl/blob/a9d42b2f6771eb9f0fc1fcfe6c4cdc14d9015d2c/data/pv/pv_defaults.json",
      sourceYear: 2025,
      lastReviewedAt: "2026-11-25",
    });
    for (const statement of removal) await handle.db.execute(statement);
    expect(await handle.db.select().from(solarData).where(eq(solarData.key, "om_cost"))).toEqual([]);
    await handle.db.update(solarData).set({ value: 21 }).where(eq(solarData.key, "om_band_large"));
    await contentChanged("solar_data", "om_band_large");
    const large = (await calculatorModelData("NM", today)).omBands.find((band) => band.minKw === 100);
    expect(large?.value).toBe(21);
    await handle.db.update(solarData).set({ value: 18 }).where(eq(solarData.key, "om_band_large"));
    await contentChanged("solar_data", "om_band_large");
  });

  it("reads the seeded size bands as one set that prices every size", async () => {
    await handle.db.update(solarData).set({ value: 2.5 }).where(eq(solarData.key, "cost_band_small"));
    await contentChanged("solar_data", "cost_band_small");
    const bands = (await calculatorModelData("NM", today)).costBands;
    // Each with its curve's two ends (the price at its smallest and largest size); the edited
    // average is the band's description, the ends its prices.
    expect(bands.map((b) => [b.minKw, b.maxKw, b.value, b.atMinKw, b.atMaxKw])).toEqual([
      [0, 3, 5.954, undefined, undefined],
      [3, 11, 3.239, 5.954, 2.746],
      [11, 100, 2.5, 2.746, 1.942],
      [100, 2000, 1.772, 1.942, 1.613],
      [2000, 10_000, 1.546, 1.613, 1.48],
      [10_000, null, 1.48, undefined, undefined],
    ]);
  });

  it("uses the built-in figures and programs when the database cannot be read", async () => {
    await handle.close();
    closed = true;
    getHtmlCache().clear();
    const data = await calculatorModelData("NM", today);
    expect(data.commercialPrice).toBe(SOLAR_DATA.commercialPrice);
    expect(data.costBands).toEqual(SOLAR_DATA.costBands);
    expect(data.stateIncentives.map((p) => p.slug)).toContain("nm-solar-market-development-tax-credit");
  });
});
