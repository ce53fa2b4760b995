import { afterEach, describe, expect, it, vi } from "vitest";
import type { IndustryExample } from "~/content/industry-pages/types";
import { SOLAR_DATA } from "~/content/solar-data";
import { computeExample, exampleToday, roundUsd } from "./industry-example";
import { industryRow } from "./industry-page";

const example: IndustryExample = {
  title: "60 kW on a shop roof",
  summary: "An illustrative shop in Ohio with a $3,000 monthly electric bill puts 60 kW on its roof.",
  state: "OH",
  monthlyBillUsd: 3000,
  systemKw: 60,
};

afterEach(() => {
  vi.useRealTimers();
});

describe("computeExample", () => {
  it("works the figures out from the state's sourced price and yield, the cost curve and the energy share", () => {
    const c = computeExample(example, "2026-11-26");
    const price = SOLAR_DATA.commercialPrice.OH?.value ?? 0;
    const yieldKwh = SOLAR_DATA.specificYield.OH?.value ?? 0;
    expect(c.annualBillUsd).toBe(36_000);
    expect(c.annualUseKwh).toBeCloseTo(36_000 / price, 6);
    expect(c.firstYearKwh).toBeCloseTo(60 * yieldKwh, 6);
    // 60 kW × 1,253 kWh/kW × 10.75 ¢ × 50% = $4,041 → $4,000.
    expect(c.annualSavingsUsd).toBe(roundUsd(60 * yieldKwh * price * 0.5));
    expect(c.costBand.label).toMatch(/^11–100 kW/);
    // On REopt's 11–100 kW line: 2,746 − (60 − 11)/89 × (2,746 − 1,942) = $2,303.35 per kW.
    const perKw = 2746 - ((60 - 11) / 89) * (2746 - 1942);
    expect(c.grossCostUsd).toBe(roundUsd(60 * perKw));
    expect(c.netCostUsd).toBe(roundUsd(60 * perKw * 0.7));
    expect(c.federal).toMatchObject({ counted: true, ratePct: 30, electivePay: false });
    expect(c.summary.startsWith(`${example.summary} Worked out by the site's savings calculator`)).toBe(true);
    expect(c.summary).toContain("the EIA's 2023 average commercial price for Ohio, 10.75 cents per kWh");
    expect(c.summary).toContain("No bonus depreciation, state or utility incentive is counted.");
  });

  it("follows the figures it is given, not numbers of its own", () => {
    const dearer = {
      ...SOLAR_DATA,
      commercialPrice: { ...SOLAR_DATA.commercialPrice, OH: { ...SOLAR_DATA.commercialPrice.OH, value: 0.2 } },
    } as typeof SOLAR_DATA;
    const c = computeExample(example, "2026-11-26", dearer);
    expect(c.annualSavingsUsd).toBe(roundUsd(60 * (SOLAR_DATA.specificYield.OH?.value ?? 0) * 0.2 * 0.5));
    expect(c.summary).toContain("20 cents per kWh");
  });

  it("counts the credit for a system in service by December 31, 2027, and none from January 1, 2028", () => {
    const before = computeExample(example, "2027-12-31");
    const after = computeExample(example, "2028-01-01");
    expect(before.federal.counted).toBe(true);
    expect(before.netCostUsd).toBeLessThan(before.grossCostUsd);
    expect(after.federal.counted).toBe(false);
    expect(after.netCostUsd).toBe(after.grossCostUsd);
    expect(after.annualSavingsUsd).toBe(before.annualSavingsUsd);
    expect(after.summary).toContain(
      "with no federal credit: a solar system placed in service after December 31, 2027 gets none unless its construction began by July 4, 2026.",
    );
    expect(before.summary).toContain("placed in service by December 31, 2027; placed in service later");
  });

  it("names elective pay for a tax-exempt owner, and no depreciation", () => {
    const c = computeExample({ ...example, ownerType: "tax-exempt" }, "2026-11-26");
    expect(c.federal).toMatchObject({ counted: true, electivePay: true });
    expect(c.summary).toContain("paid to a tax-exempt owner as an elective payment");
    expect(c.summary).toContain("No state or utility incentive is counted.");
    expect(c.summary).not.toContain("depreciation");
  });

  it("refuses a state without sourced figures", () => {
    expect(() => computeExample({ ...example, state: "DC" }, "2026-11-26")).toThrow(/No sourced price and yield/);
  });
});

describe("the date an example is worked out on", () => {
  it("is today's date unless given, so the built-in row drops the credit once it has ended", () => {
    expect(exampleToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page = { example, reviewedOn: "2026-11-23" } as Parameters<typeof industryRow>[0];
    vi.useFakeTimers({ toFake: ["Date"] });
    // Noon in New York on December 31, 2027, then on January 1, 2028.
    vi.setSystemTime(new Date("2027-12-31T17:00:00Z"));
    expect(exampleToday()).toBe("2027-12-31");
    expect(industryRow(page).caseStudyQuote).toContain("after the 30% federal credit");
    vi.setSystemTime(new Date("2028-01-01T17:00:00Z"));
    expect(industryRow(page).caseStudyQuote).toContain("with no federal credit");
    expect(industryRow(page, "2026-11-26").caseStudyQuote).toContain("after the 30% federal credit");
  });
});
