import { describe, expect, it } from "vitest";
import { costPerWAt } from "~/lib/solar-model/cost";
import { coversEverySize } from "~/lib/solar-model/figures";
import type { DataRow, SourceRef } from "~/lib/solar-model/types";
import { states } from "../states";
import { SOLAR_DATA } from "./index";
import { LOSS_RESTATEMENT } from "./yields";

const CODES = new Set(states.map((s) => s.code));

function sources(): { where: string; source: SourceRef; value?: number }[] {
  const rows: { where: string; source: SourceRef; value?: number }[] = [];
  const add = (where: string, row: DataRow) => rows.push({ where, source: row.source, value: row.value });
  for (const [code, row] of Object.entries(SOLAR_DATA.commercialPrice)) add(`price ${code}`, row);
  for (const [code, row] of Object.entries(SOLAR_DATA.specificYield)) add(`yield ${code}`, row);
  for (const [code, row] of Object.entries(SOLAR_DATA.exportValue)) add(`export ${code}`, row);
  for (const band of SOLAR_DATA.costBands) add(`cost ${band.label}`, band);
  add("degradation", SOLAR_DATA.degradationPct);
  add("escalation", SOLAR_DATA.priceEscalationPct);
  for (const band of SOLAR_DATA.omBands) add(`om ${band.label}`, band);
  add("om escalation", SOLAR_DATA.omEscalationPct);
  add("discount", SOLAR_DATA.discountRatePct);
  add("tax", SOLAR_DATA.federalTaxRatePct);
  return rows;
}

describe("solar data", () => {
  it("every row names a specific page, its year and its review (2026-11-25, -26 or -29)", () => {
    for (const { where, source, value } of sources()) {
      expect(source.url, where).toMatch(/^https:\/\/[^/]+\/.+/);
      expect(source.title.length, where).toBeGreaterThan(10);
      // Jordan & Kurtz's degradation review (2011).
      expect(source.year, where).toBeGreaterThanOrEqual(2011);
      expect(source.year, where).toBeLessThanOrEqual(2026);
      expect(["2026-11-25", "2026-11-26", "2026-11-29"], where).toContain(source.reviewedOn);
      if (value !== undefined) expect(value, where).toBeGreaterThan(0);
    }
  });

  it("prices are EIA 2023 commercial averages for 49 states and EIA's 2022 figure for Wyoming, in $/kWh", () => {
    const prices = SOLAR_DATA.commercialPrice;
    expect(Object.keys(prices).sort()).toEqual([...CODES].sort());
    expect(prices.TX?.value).toBe(0.0882);
    expect(prices.CA?.value).toBe(0.2391);
    expect(prices.HI?.value).toBe(0.3903);
    const others = Object.entries(prices).filter(([code]) => code !== "WY");
    for (const [code, row] of others) expect(row.source.year, code).toBe(2023);
    // Wyoming's row was cut from the stored EIA page: 9.55 c in 2022, dated as such.
    expect(prices.WY).toMatchObject({ value: 0.0955, source: { year: 2022 } });
  });

  it("yields for all 50 states are NREL's PVWatts presets re-stated at PVWatts' default 14% losses", () => {
    const yields = SOLAR_DATA.specificYield;
    expect(Object.keys(yields).sort()).toEqual([...CODES].sort());
    // NREL at 9.5% losses: AZ 1,791.54, TX 1,592.68, AK 700.20; × 0.86 ÷ 0.905 = 1,702, 1,513, 665.
    expect(LOSS_RESTATEMENT).toBeCloseTo(0.9503, 4);
    expect(yields.AZ?.value).toBe(Math.round(1791.54 * LOSS_RESTATEMENT));
    expect(yields.AZ?.value).toBe(1702);
    expect(yields.TX?.value).toBe(1513);
    expect(yields.AK?.value).toBe(665);
    for (const row of Object.values(yields)) expect(row.value).toBeGreaterThan(600);
    expect(SOLAR_DATA.exportValue).toEqual({});
  });

  it("installed cost falls with size on REopt's curve, with no step between bands (NREL ATB 2025)", () => {
    const bands = SOLAR_DATA.costBands;
    expect(coversEverySize(bands)).toBe(true);
    // REopt's roof `installed_cost_per_kw` at each class's two sizes, and its averages.
    expect(bands.map((b) => [b.minKw, b.maxKw, b.atMinKw, b.atMaxKw, b.value])).toEqual([
      [0, 3, undefined, undefined, 5.954],
      [3, 11, 5.954, 2.746, 3.239],
      [11, 100, 2.746, 1.942, 2.344],
      [100, 2000, 1.942, 1.613, 1.772],
      [2000, 10_000, 1.613, 1.48, 1.546],
      [10_000, null, undefined, undefined, 1.48],
    ]);
    // 15 kW is $2,710/kW (2,746 − 4/89 × 804), not the class average $2,344.
    expect(costPerWAt(bands, 15).perW * 1000).toBeCloseTo(2709.9, 1);
    let previous = Number.POSITIVE_INFINITY;
    for (let kw = 0.5; kw <= 20_000; kw *= 1.01) {
      const { perW } = costPerWAt(bands, kw);
      expect(perW, `${kw} kW`).toBeLessThanOrEqual(previous + 1e-12);
      previous = perW;
    }
    for (const band of bands.slice(1)) {
      const below = costPerWAt(bands, band.minKw - 1e-9).perW;
      expect(costPerWAt(bands, band.minKw).perW, `${band.minKw} kW`).toBeCloseTo(below, 6);
    }
    for (const band of bands) expect(band.source.year).toBe(2025);
    // REopt's O&M steps: $32, $25, $18, $19 per kW-year.
    expect(SOLAR_DATA.omBands.map((band) => band.value)).toEqual([32, 25, 18, 19]);
    expect(coversEverySize(SOLAR_DATA.omBands)).toBe(true);
  });

  it("programs the model can count name the page that states their terms and the record's review date", () => {
    const countable = SOLAR_DATA.stateIncentives.filter((p) => p.value !== null);
    expect(countable.map((p) => p.state).sort()).toEqual(["NM", "SC", "UT"]);
    for (const p of countable) {
      expect(p.source.url, p.slug).toMatch(/^https:\/\/[^/]+\/.+/);
      expect(p.source.reviewedOn, p.slug).toMatch(/^2026-\d{2}-\d{2}$/);
    }
    expect(SOLAR_DATA.stateIncentives.length).toBeGreaterThan(50);
  });

  it("structured incentives match the fact check: NM $6,000/yr, SC $3,500/yr, UT $50,000", () => {
    const bySlug = new Map(SOLAR_DATA.stateIncentives.map((p) => [p.slug, p]));
    expect(bySlug.get("nm-solar-market-development-tax-credit")?.capPerYear).toBe(6000);
    expect(bySlug.get("sc-solar-energy-tax-credit")?.capPerYear).toBe(3500);
    expect(bySlug.get("ut-renewable-energy-systems-tax-credit")?.capPerProject).toBe(50_000);
    expect(bySlug.get("ut-renewable-energy-systems-tax-credit")?.inServiceBefore).toBe("2028-01-01");
  });
});
