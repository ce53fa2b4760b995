import { describe, expect, it } from "vitest";
import { SOLAR_DATA } from "~/content/solar-data";
import { checkQuote, type QuoteCheck, type QuoteClaims, type QuoteLineId } from "./quote-check";

/**
 * 200 kW in Texas (EIA 2023: 8.82¢/kWh; PVWatts: 1,513 kWh/kW). NREL's curve at 200 kW:
 * $1.942 + (100 ÷ 1,900) × ($1.613 − $1.942) = $1.9247/W.
 */
const honest: QuoteClaims = {
  today: "2026-11-29",
  state: "TX",
  kwDc: 200,
  // $2.20/W: 14% above the curve, within a quote's usual 20%.
  cost: 440_000,
  // 1,550 kWh per kW: 2.4% above 1,513.
  annualKwh: 310_000,
  // 310,000 × $0.0882 × 50% = $13,671; the ceiling at 70% is $19,140.60.
  firstYearSavings: 14_000,
  federalCredit: 132_000,
  bonusPct: 100,
  // Net 440,000 − 132,000 − 374,000 × 21% = $229,460 ÷ ((14,000 − 3,600) × 79%) = 27.9 years.
  paybackYears: 28,
};

function lines(check: QuoteCheck) {
  if (check.status !== "ok") throw new Error(check.reason);
  return Object.fromEntries(check.lines.map((line) => [line.id, line])) as Record<
    QuoteLineId,
    (typeof check.lines)[number]
  >;
}

const verdictOf = (claims: Partial<QuoteClaims>, id: QuoteLineId) =>
  lines(checkQuote({ ...honest, ...claims }, SOLAR_DATA))[id];

describe("Check my quote", () => {
  it("passes an honest proposal line by line", () => {
    const check = checkQuote(honest, SOLAR_DATA);
    expect(check.status === "ok" && check.lines.map((line) => [line.id, line.verdict])).toEqual([
      ["price", "holds"],
      ["production", "holds"],
      ["credit", "holds"],
      ["bonus", "holds"],
      ["savings", "holds"],
      ["payback", "holds"],
    ]);
    expect(lines(check).price.modelled).toBe("$1.92/W");
    expect(lines(check).payback.reason).toContain("27.9 years");
  });

  it("flags a price more than 20% above the modelled cost for the size", () => {
    const line = verdictOf({ cost: 600_000 }, "price");
    expect(line.verdict).toBe("flag");
    // $3.00 ÷ $1.9247 = 1.559: 56% above.
    expect(line.reason).toMatch(/^56% above NREL's modelled cost for 200 kW/);
    expect(line.source?.url).toContain("pv_defaults.json");
  });

  it("flags production more than 10% above the state's PVWatts figure", () => {
    const line = verdictOf({ annualKwh: 360_000 }, "production");
    expect(line.verdict).toBe("flag");
    // 1,800 ÷ 1,513 = 1.19.
    expect(line.reason).toMatch(/^19% above NREL PVWatts' figure/);
  });

  it("flags a 30% credit for a project in service in 2028 with no construction start by July 4, 2026", () => {
    const line = verdictOf({ inServiceDate: "2028-03-01" }, "credit");
    expect(line.verdict).toBe("flag");
    expect(line.modelled).toBe("$0 (not available)");
    expect(verdictOf({ inServiceDate: "2028-03-01", constructionBeganYear: 2026 }, "credit").verdict).toBe("holds");
  });

  it("flags 100% bonus depreciation for a construction start before January 20, 2025", () => {
    const line = verdictOf(
      { constructionBeganYear: 2024, constructionBeganBeforeBonusRestored: true, inServiceDate: "2027-06-01" },
      "bonus",
    );
    expect(line.verdict).toBe("flag");
    expect(line.modelled).toBe("0% in year one");
    expect(verdictOf({ ownerType: "tax-exempt", federalCredit: undefined }, "bonus").verdict).toBe("flag");
  });

  it("flags savings that value every kWh at the full price, or exports at retail", () => {
    const retail = verdictOf({ firstYearSavings: 27_342 }, "savings");
    expect(retail.verdict).toBe("flag");
    expect(retail.reason).toMatch(/^Values every kWh at the full average price/);
    // 204,082 kWh used, the rest exported: $18,342 exceeds 204,082 × $0.0882 × 70% = $12,600.
    const exports = verdictOf({ firstYearSavings: 18_342, monthlyBill: 1500 }, "savings");
    expect(exports.verdict).toBe("flag");
    expect(exports.reason).toMatch(/^Counts the 105,918 kWh sent to the grid/);
  });

  it("flags a payback that ignores the income tax on the savings", () => {
    // 229,460 ÷ (14,000 − 3,600) = 22.1 years: the tax on savings left out.
    const line = verdictOf({ paybackYears: 22 }, "payback");
    expect(line.verdict).toBe("flag");
    expect(line.reason).toMatch(/^Ignores the income tax on the savings/);
    expect(line.reason).toContain("27.9 years");
  });

  it("leaves lines the proposal does not state as not given, and counts the flags", () => {
    const check = checkQuote({ today: "2026-11-29", state: "TX", kwDc: 200, cost: 600_000 }, SOLAR_DATA);
    expect(check.status === "ok" && check.flags).toBe(1);
    expect(check.status === "ok" && check.lines.filter((line) => line.verdict === "not-given")).toHaveLength(5);
  });
});
