import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calculateSavings, formatUsd, LOW_BILL_THRESHOLD } from "./calculator";

const input = (monthlyBill: number, hasStateIncentives = true) => ({
  monthlyBill,
  state: "CA",
  stateName: "California",
  hasStateIncentives,
});

describe("calculateSavings", () => {
  it("follows the spec's worked example for $1,000 a month with state incentives", () => {
    const result = calculateSavings(input(1000));
    expect(result).toMatchObject({
      annualBill: 12_000,
      costBasis: 96_000,
      federalSavings: 28_800,
      stateSavings: 14_400,
      totalAnnualSavings: 8_400,
      savingsPercentage: 70,
      barPercentage: 70,
      isLowBill: false,
      hasStateIncentives: true,
    });
  });

  it("holds the formula for any bill and any state", () => {
    fc.assert(
      // Bills in whole cents, as people type them.
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
        fc.boolean(),
        (monthly, hasState) => {
          const r = calculateSavings(input(monthly, hasState));
          const annual = monthly * 12;
          expect(r.annualBill).toBeCloseTo(annual, 6);
          expect(r.federalSavings).toBeCloseTo(annual * 8 * 0.3, 4);
          expect(r.stateSavings).toBeCloseTo(hasState ? annual * 8 * 0.15 : 0, 4);
          expect(r.totalAnnualSavings).toBeCloseTo(annual * 0.7, 4);
          expect(r.barPercentage).toBeLessThanOrEqual(100);
          expect(r.barPercentage).toBeGreaterThanOrEqual(0);
          expect(r.savingsPercentage).toBe(annual > 0 ? 70 : 0);
          expect(r.isLowBill).toBe(monthly < LOW_BILL_THRESHOLD);
        },
      ),
    );
  });

  it("does not make the total the sum of the federal and state lines", () => {
    const r = calculateSavings(input(2000));
    expect(r.totalAnnualSavings).not.toBe(r.federalSavings + r.stateSavings);
  });

  it("marks bills under $500 a month as low, and $500 as not", () => {
    expect(calculateSavings(input(499.99)).isLowBill).toBe(true);
    expect(calculateSavings(input(500)).isLowBill).toBe(false);
  });

  it("gives 0% rather than NaN for a zero bill", () => {
    expect(calculateSavings(input(0)).savingsPercentage).toBe(0);
  });
});

describe("formatUsd", () => {
  it("shows US dollars without decimals", () => {
    expect(formatUsd(28_800)).toBe("$28,800");
    expect(formatUsd(1234.56)).toBe("$1,235");
    expect(formatUsd(0)).toBe("$0");
  });
});
