import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import {
  calculateSavings,
  countedStatePrograms,
  federalSolarCreditAvailable,
  formatUsd,
  LOW_BILL_THRESHOLD,
} from "./calculator";

const CA_PROGRAM = { title: "California property tax exclusion", moneyValue: "Excluded from reassessment" };

const input = (monthlyBill: number, hasStateIncentives = true, federalCreditAvailable = true) => ({
  monthlyBill,
  state: "CA",
  stateName: "California",
  statePrograms: hasStateIncentives ? [CA_PROGRAM] : [],
  federalCreditAvailable,
});

describe("calculateSavings", () => {
  it("follows the spec's worked example for $1,000 a month in a state that qualifies", () => {
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
      federalCreditAvailable: true,
      statePrograms: [CA_PROGRAM],
    });
  });

  it("holds the formula for any bill, any state and either side of the federal deadline", () => {
    fc.assert(
      // Bills in whole cents, as people type them.
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100),
        fc.boolean(),
        fc.boolean(),
        (monthly, hasState, federal) => {
          const r = calculateSavings(input(monthly, hasState, federal));
          const annual = monthly * 12;
          expect(r.annualBill).toBeCloseTo(annual, 6);
          expect(r.federalSavings).toBeCloseTo(federal ? annual * 8 * 0.3 : 0, 4);
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

describe("federalSolarCreditAvailable", () => {
  it("is true through December 31, 2027 and false from January 1, 2028", () => {
    expect(federalSolarCreditAvailable("2026-11-23")).toBe(true);
    expect(federalSolarCreditAvailable("2027-12-31")).toBe(true);
    expect(federalSolarCreditAvailable("2028-01-01")).toBe(false);
    expect(calculateSavings(input(1000, true, federalSolarCreditAvailable("2028-01-01"))).federalSavings).toBe(0);
  });
});

describe("countedStatePrograms", () => {
  const row = (moneyValue: string | null, extra: { status?: string | null; expiresOn?: string | null } = {}) => ({
    title: "P",
    moneyValue,
    status: null,
    ...extra,
  });

  it("counts only programs with a money value that have not expired", () => {
    expect(countedStatePrograms([row(null)], "2026-11-23")).toEqual([]);
    expect(countedStatePrograms([row("10%")], "2026-11-23")).toHaveLength(1);
    expect(countedStatePrograms([row("10%", { expiresOn: "2027-01-01" })], "2026-12-31")).toHaveLength(1);
    expect(countedStatePrograms([row("10%", { expiresOn: "2027-01-01" })], "2027-01-01")).toEqual([]);
    expect(countedStatePrograms([row("10%", { status: "Expired" })], "2026-11-23")).toEqual([]);
  });

  // Fact check 2026-11, harmful finding 4 (the ten states it names: app/content/fact-check-2026-11.test.ts).
  it("gives California its state line on the review date (the spec's worked example), until its program ends", () => {
    const california = stateIncentiveSeed.filter((r) => r.state === "CA");
    expect(countedStatePrograms(california, "2026-11-23").length).toBeGreaterThan(0);
    expect(countedStatePrograms(california, "2027-01-01")).toEqual([]);
  });
});

describe("formatUsd", () => {
  it("shows US dollars without decimals", () => {
    expect(formatUsd(28_800)).toBe("$28,800");
    expect(formatUsd(1234.56)).toBe("$1,235");
    expect(formatUsd(0)).toBe("$0");
  });
});
