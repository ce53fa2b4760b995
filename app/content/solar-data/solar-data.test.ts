import { describe, expect, it } from "vitest";
import type { DataRow, SourceRef } from "~/lib/solar-model/types";
import { states } from "../states";
import { SOLAR_DATA } from "./index";

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
  add("om", SOLAR_DATA.omPerKwYear);
  add("discount", SOLAR_DATA.discountRatePct);
  add("tax", SOLAR_DATA.federalTaxRatePct);
  return rows;
}

describe("solar data", () => {
  it("every row names a specific page, its year and its review (2026-11-25 or -26)", () => {
    for (const { where, source, value } of sources()) {
      expect(source.url, where).toMatch(/^https:\/\/[^/]+\/.+/);
      expect(source.title.length, where).toBeGreaterThan(10);
      // The oldest is NREL's 2008 rooftop supply curve (the only complete state table found).
      expect(source.year, where).toBeGreaterThanOrEqual(2008);
      expect(source.year, where).toBeLessThanOrEqual(2026);
      expect(["2026-11-25", "2026-11-26"], where).toContain(source.reviewedOn);
      if (value !== undefined) expect(value, where).toBeGreaterThan(0);
    }
  });

  it("prices are EIA 2023 commercial averages for 49 states (Wyoming missing), in $/kWh", () => {
    const prices = SOLAR_DATA.commercialPrice;
    expect(Object.keys(prices)).toHaveLength(49);
    expect(prices.WY).toBeUndefined();
    for (const code of Object.keys(prices)) expect(CODES).toContain(code);
    // Spot checks against the page: Texas 8.82 c, California 23.91 c, Hawaii 39.03 c.
    expect(prices.TX?.value).toBe(0.0882);
    expect(prices.CA?.value).toBe(0.2391);
    expect(prices.HI?.value).toBe(0.3903);
  });

  it("yields for all 50 states from NREL's 2008 commercial rooftop table; no export value it could not source", () => {
    const yields = SOLAR_DATA.specificYield;
    expect(Object.keys(yields).sort()).toEqual([...CODES].sort());
    // Spot checks (sum of GWh ÷ sum of MW over the 11 rows): Arizona 1,490, Texas 1,230, Alaska 707.
    expect(yields.AZ?.value).toBe(1490);
    expect(yields.TX?.value).toBe(1230);
    expect(yields.AK?.value).toBe(707);
    for (const row of Object.values(yields)) expect(row.value).toBeGreaterThan(600);
    expect(SOLAR_DATA.exportValue).toEqual({});
  });

  it("programs the model can count name the page that states their terms and the record's review date", () => {
    const countable = SOLAR_DATA.stateIncentives.filter((p) => p.value !== null);
    expect(countable.map((p) => p.state).sort()).toEqual(["NM", "SC", "UT"]);
    for (const p of countable) {
      expect(p.source.url, p.slug).toMatch(/^https:\/\/[^/]+\/.+/);
      expect(p.source.reviewedOn, p.slug).toMatch(/^2026-\d{2}-\d{2}$/);
    }
    // Every other state program is there too, to be listed as "may also apply", never counted.
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
