import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMERCIAL_PRICES } from "~/content/solar-data/prices";
import { type EstimateInput, type EstimateOk, estimate, irrPct, npv, paybackYears } from "./index";

const STATES = Object.keys(COMMERCIAL_PRICES);
const TODAY = "2026-11-25";

const inputArb: fc.Arbitrary<EstimateInput> = fc.record({
  today: fc.constant(TODAY),
  monthlyBill: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  state: fc.constantFrom(...STATES),
  specificYieldKwhPerKw: fc.double({ min: 700, max: 2000, noNaN: true }),
  ownerType: fc.constantFrom("taxable" as const, "pass-through" as const, "tax-exempt" as const),
  taxRatePct: fc.double({ min: 0, max: 40, noNaN: true }),
  inServiceDate: fc.constantFrom("2027-06-30", "2027-12-31", "2028-01-01", "2029-05-01", "2031-01-01"),
  constructionBeganYear: fc.option(fc.constantFrom(2024, 2025, 2026), { nil: undefined }),
  prevailingWage: fc.boolean(),
  maxSystemKw: fc.option(fc.double({ min: 1, max: 5000, noNaN: true }), { nil: undefined }),
  storageCost: fc.option(
    fc.integer({ min: 0, max: 50_000_000 }).map((cents) => cents / 100),
    { nil: undefined },
  ),
  // Always given: a battery's cost without its power is refused.
  storageKw: fc.double({ min: 1, max: 5000, noNaN: true }),
  constructionBeganBeforeBonusRestored: fc.boolean(),
  acKw: fc.option(fc.double({ min: 1, max: 5000, noNaN: true }), { nil: undefined }),
  selfConsumptionPct: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: undefined }),
  exportValuePerKwh: fc.option(fc.double({ min: 0, max: 0.2, noNaN: true }), { nil: undefined }),
  discountRatePct: fc.double({ min: 0, max: 15, noNaN: true }),
  financing: fc.oneof(
    fc.constant({ kind: "cash" as const }),
    fc.record({
      kind: fc.constant("loan" as const),
      ratePct: fc.double({ min: 0, max: 15, noNaN: true }),
      termYears: fc.integer({ min: 1, max: 25 }),
    }),
  ),
  energySharePct: fc.option(fc.double({ min: 1, max: 100, noNaN: true }), { nil: undefined }),
});

function ok(input: EstimateInput): EstimateOk {
  const result = estimate(input);
  if (result.status !== "ok") throw new Error("expected an estimate");
  return result;
}

function numbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === "number") out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbers(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) numbers(v, out);
  return out;
}

describe("solar model properties", () => {
  it("a higher bill never lowers the first-year savings", () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 0, max: 5_000_000 }), (input, extraCents) => {
        const low = ok(input);
        const high = ok({ ...input, monthlyBill: (Math.round(input.monthlyBill * 100) + extraCents) / 100 });
        expect(high.firstYearSavings.value).toBeGreaterThanOrEqual(low.firstYearSavings.value - 1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it("the headline is the model's own first-year savings and payback, inside its range over the cases", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = ok(input);
        const h = r.headline;
        expect(h.firstYearSavings).toBe(r.cashFlows[1]?.energySavings);
        expect(h.firstYearSavings).toBe(r.firstYearSavings.value);
        expect(h.paybackYears).toBe(r.simplePaybackYears?.value ?? null);
        expect(h.savingsLow).toBeLessThanOrEqual(h.firstYearSavings + 1e-9);
        expect(h.savingsHigh).toBeGreaterThanOrEqual(h.firstYearSavings - 1e-9);
        if (h.paybackYears !== null && h.paybackLow !== null) expect(h.paybackLow).toBeLessThanOrEqual(h.paybackYears);
        if (h.paybackYears !== null && h.paybackHigh !== null)
          expect(h.paybackHigh).toBeGreaterThanOrEqual(h.paybackYears);
      }),
      { numRuns: 200 },
    );
  });

  it("nothing is NaN or infinite, and no size, energy, cost, credit or saving is negative", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = ok(input);
        expect(numbers(r).filter((n) => !Number.isFinite(n))).toEqual([]);
        const nonNegative = [
          r.annualUseKwh,
          r.systemKwDc,
          r.systemKwAc,
          r.firstYearProductionKwh,
          r.grossCost,
          r.federal.solarCredit,
          r.federal.storageCredit,
          r.depreciation,
          r.firstYearSavings,
          r.lifetimeCostPerKwh,
          r.cliff2027.federalCreditLost,
          ...r.stateIncentives.counted.map((c) => c.total),
        ].map((f) => f.value);
        for (const n of nonNegative) expect(n).toBeGreaterThanOrEqual(0);
        for (const row of r.cashFlows) {
          for (const n of [row.productionKwh, row.energySavings, row.operatingCost, row.incentives, row.loanPayment])
            expect(n).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the payback is where the project's cumulative cash flow (before financing) crosses zero", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = ok(input);
        const payback = r.simplePaybackYears?.value ?? null;
        const project = r.cashFlows.map((row) => (row.year === 0 ? -r.grossCost.value : row.net + row.loanPayment));
        const cumulative = project.map((_, i) => project.slice(0, i + 1).reduce((a, b) => a + b, 0));
        if (payback === null) {
          expect(cumulative.every((c) => c < 0)).toBe(true);
          return;
        }
        const whole = Math.floor(payback);
        if (payback === 0) {
          expect(cumulative[0]).toBeGreaterThanOrEqual(0);
          return;
        }
        // Before the crossing year it is still negative; spread evenly, it reaches zero at `payback`.
        for (const c of cumulative.slice(0, whole + 1)) expect(c).toBeLessThan(0);
        const before = cumulative[whole] ?? 0;
        const flow = project[whole + 1] ?? 0;
        expect(before + (payback - whole) * flow).toBeCloseTo(0, 4);
      }),
      { numRuns: 300 },
    );
  });

  it("the NPV at the IRR is zero", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = ok(input);
        // Near −100% the NPV's slope is astronomically steep: such a loss cannot be pinned to zero.
        if (!r.irrPct || r.irrPct.value < -50) return;
        const flows = r.cashFlows.map((row) => row.net);
        const scale = Math.max(1, Math.abs(flows[0] ?? 0));
        expect(Math.abs(npv(r.irrPct.value, flows)) / scale).toBeLessThan(1e-6);
      }),
      { numRuns: 300 },
    );
  });

  it("New Mexico never counts more than $6,000 a year, South Carolina never more than $3,500", () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom("NM", "SC"), (input, state) => {
        // Owners who pay personal income tax: the one owner both credits are open to.
        const r = ok({ ...input, state, ownerType: "pass-through", inServiceDate: "2027-06-30" });
        const cap = state === "NM" ? 6000 : 3500;
        expect(r.stateIncentives.counted).toHaveLength(1);
        for (const amount of r.stateIncentives.counted[0]?.byYear ?? []) expect(amount).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 200 },
    );
  });

  it("no federal line for a system in service in 2028 or later without a 2026 construction start", () => {
    fc.assert(
      fc.property(inputArb, fc.constantFrom("2028-01-01", "2028-07-01", "2030-01-01"), (input, inServiceDate) => {
        const r = ok({ ...input, inServiceDate, constructionBeganYear: undefined });
        expect(r.federal.solarCredit.value).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe("finance helpers", () => {
  it("npv, irr and payback on a hand example", () => {
    // −1,000 then 5 × 300: payback 3 + 100/300 years; NPV at 10% = −1,000 + 300 × 3.790787 = 137.24.
    const flows = [-1000, 300, 300, 300, 300, 300];
    expect(paybackYears(flows)).toBeCloseTo(3.3333, 4);
    expect(npv(10, flows)).toBeCloseTo(137.24, 2);
    expect(irrPct(flows)).toBeCloseTo(15.24, 2);
    expect(irrPct([0, 100])).toBeNull();
    expect(paybackYears([-1000, 100, 100])).toBeNull();
  });
});
