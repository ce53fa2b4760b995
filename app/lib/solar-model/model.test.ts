import { describe, expect, it } from "vitest";
import { SOLAR_DATA } from "~/content/solar-data";
import { type EstimateInput, type EstimateOk, type EstimateResult, estimate, MODEL_VERSION } from "./index";
import type { ModelData } from "./types";

/**
 * Worked examples to redo with a calculator, on round figures of their own ($3.00/W, O&M $18/kW-yr,
 * price +2.2%/yr, discount 4%) so they survive a data review; the last block checks the built-in rates.
 */
const TODAY = "2026-11-25";

const WORKED_DATA: ModelData = {
  ...SOLAR_DATA,
  costBands: [{ ...(SOLAR_DATA.costBands[0] as ModelData["costBands"][number]), minKw: 0, maxKw: null, value: 3 }],
  omBands: [{ ...(SOLAR_DATA.omBands[0] as ModelData["omBands"][number]), minKw: 0, maxKw: null, value: 18 }],
  priceEscalationPct: { ...SOLAR_DATA.priceEscalationPct, value: 2.2 },
  discountRatePct: { ...SOLAR_DATA.discountRatePct, value: 4 },
  omEscalationPct: { ...SOLAR_DATA.omEscalationPct, value: 0 },
};
const run = (input: EstimateInput, data: ModelData = WORKED_DATA) => estimate(input, data);

function ok(result: EstimateResult): EstimateOk {
  if (result.status !== "ok") throw new Error(`expected an estimate, got ${JSON.stringify(result.missing)}`);
  return result;
}

const close = (actual: number, expected: number, cents = 2) => expect(actual).toBeCloseTo(expected, cents);

describe("worked example 1: Texas, taxable business, cash, in service by the 2027 deadline", () => {
  const r = ok(run({ today: TODAY, monthlyBill: 2000, state: "TX", specificYieldKwhPerKw: 1500 }));

  it("sizes the system to the year's use", () => {
    // 2,000 × 12 = 24,000 ÷ $0.0882/kWh (EIA 2023 TX) = 272,108.84 kWh ÷ 1,500 = 181.406 kW DC.
    close(r.annualUseKwh.value, 272_108.84);
    close(r.systemKwDc.value, 181.405896);
    close(r.firstYearProductionKwh.value, 272_108.84);
  });

  it("costs and credits", () => {
    // 181.406 kW × $3.00/W.
    close(r.grossCost.value, 544_217.69);
    // Under 1 MW AC: 30%.
    expect(r.federal.counted).toBe(true);
    expect(r.federal.solarRatePct).toBe(30);
    close(r.federal.solarCredit.value, 163_265.31);
    // Basis 544,217.69 − 163,265.31 ÷ 2 = 462,585.03; × 21% = $97,142.86.
    close(r.depreciation.value, 97_142.86);
    expect(r.stateIncentives.counted).toEqual([]);
    close(r.netCost.value, 283_809.52);
  });

  it("year 1 and year 2 cash flows", () => {
    const [y0, y1, y2] = r.cashFlows;
    close(y0?.net ?? 0, -544_217.69);
    // A kWh saves energy charges only: 50% of the price by default (NREL: 30–70%).
    close(y1?.energySavings ?? 0, 12_000);
    close(r.firstYearSavings.value, 12_000);
    // O&M 181.406 × $18 = $3,265.31; tax on (12,000 − 3,265.31) × 21% = $1,834.29.
    close(y1?.operatingCost ?? 0, 3_265.31);
    close(y1?.incomeTax ?? 0, 1_834.29);
    // Net = 12,000 − 3,265.31 − 1,834.29 + 163,265.31 + 97,142.86.
    close(y1?.net ?? 0, 267_308.57);
    // Year 2: 12,000 × 0.995 (output) × 1.022 (price) = $12,202.68.
    close(y2?.energySavings ?? 0, 12_202.68);
  });

  it("shows first-year savings as the range of the energy share, not one false-precise figure", () => {
    // 24,000 × 30% = $7,200; × 70% = $16,800.
    close(r.firstYearSavingsRange.low, 7_200);
    close(r.firstYearSavingsRange.high, 16_800);
    close(r.savingsShareOfBillPct.value, 50, 4);
    const share = r.assumptions.find((a) => a.id === "data.energyShare");
    expect(share?.source?.url).toBe("https://www.nrel.gov/solar/demand-charge-battery-storage.html");
    // The visitor's own share (80%) replaces the range.
    const own = ok(
      run({ today: TODAY, monthlyBill: 2000, state: "TX", specificYieldKwhPerKw: 1500, energySharePct: 80 }),
    );
    close(own.firstYearSavings.value, 19_200);
    close(own.firstYearSavingsRange.low, 19_200);
    close(own.firstYearSavingsRange.high, 19_200);
  });

  it("names where every figure comes from", () => {
    const ids = new Set(r.assumptions.map((a) => a.id));
    for (const figure of [r.systemKwDc, r.grossCost, r.federal.solarCredit, r.depreciation, r.npv, r.firstYearSavings])
      for (const id of figure.from) expect(ids, id).toContain(id);
    const price = r.assumptions.find((a) => a.id === "data.price.TX");
    expect(price?.source?.url).toBe("https://www.eia.gov/electricity/annual/secrev-map.php");
    expect(price?.source?.year).toBe(2023);
    expect(r.modelVersion).toBe(MODEL_VERSION);
  });

  it("the 2027 cliff in dollars", () => {
    close(r.cliff2027.federalCreditLost.value, 163_265.31);
    const late = r.sensitivity.find((c) => c.id === "in-service-2028");
    expect(late?.federalCredit).toBe(0);
    close(r.cliff2027.npvDifference.value, r.npv.value - (late?.npv ?? 0));
  });
});

describe("worked example 2: New Mexico, capped state credit (fact check E4: never more than $6,000 a year)", () => {
  // The credit is claimed against New Mexico personal income tax.
  const passThrough: EstimateInput = {
    today: TODAY,
    monthlyBill: 2500,
    state: "NM",
    specificYieldKwhPerKw: 1700,
    taxRatePct: 25,
    ownerType: "pass-through",
  };
  const r = ok(run(passThrough));

  it("counts 10% of cost capped at $6,000, once", () => {
    // 30,000 ÷ 0.1068 = 280,898.88 kWh ÷ 1,700 = 165.2346 kW × $3,000.
    close(r.systemKwDc.value, 165.2346, 3);
    close(r.grossCost.value, 495_703.9, 1);
    // 10% = $49,570.40, capped at $6,000 a year, no carry-forward.
    const nm = r.stateIncentives.counted.find((c) => c.slug === "nm-solar-market-development-tax-credit");
    expect(nm?.byYear).toEqual([6000]);
    expect(nm?.total.value).toBe(6000);
    for (const row of r.cashFlows.slice(2)) expect(row.incentives).toBe(0);
    // Federal 30% = $148,711.17; depreciation (495,703.90 − 74,355.58) × 25% = $105,337.08.
    close(r.federal.solarCredit.value, 148_711.17);
    close(r.depreciation.value, 105_337.08);
    close(r.cashFlows[1]?.incentives ?? 0, 260_048.25);
  });

  it("says the statewide cap can run out, and shows the case without the credit (fact check 2026-11-29, M6)", () => {
    const nm = r.stateIncentives.counted.find((c) => c.slug === "nm-solar-market-development-tax-credit");
    expect(nm?.conditions).toContain(
      "Statewide annual cap, first come, first served: in 2023 it ran out by February 7.",
    );
    const without = r.sensitivity.find((c) => c.id === "without-capped-programs");
    expect(without?.label).toBe(
      "Without New Mexico New Solar Market Development Tax Credit (a statewide cap can run out)",
    );
    // Less the $6,000 of year one, discounted at 4%.
    close((r.npv.value - (without?.npv ?? 0)) * 1.04, 6000);
  });

  it("counts the credit for systems installed before 2032 only", () => {
    const at = (inServiceDate: string) =>
      ok(run({ ...passThrough, inServiceDate, constructionBeganYear: 2026 })).stateIncentives;
    expect(at("2030-12-31").counted.map((c) => c.slug)).toEqual(["nm-solar-market-development-tax-credit"]);
    expect(at("2032-01-01").counted).toEqual([]);
  });

  it("a tax-exempt owner gets no New Mexico income-tax credit: listed as may also apply", () => {
    const exempt = ok(
      run({
        today: TODAY,
        monthlyBill: 2500,
        state: "NM",
        specificYieldKwhPerKw: 1700,
        ownerType: "tax-exempt",
      }),
    );
    expect(exempt.stateIncentives.counted).toEqual([]);
    expect(exempt.stateIncentives.mayAlsoApply.map((m) => m.reason)).toEqual(["It is not open to tax-exempt owners."]);
  });

  it("a C corporation cannot claim it either (personal income tax): listed with the reason, not counted", () => {
    const corporation = ok(
      run({ today: TODAY, monthlyBill: 2500, state: "NM", specificYieldKwhPerKw: 1700, taxRatePct: 25 }),
    );
    expect(corporation.stateIncentives.counted).toEqual([]);
    expect(corporation.stateIncentives.mayAlsoApply.map((m) => m.reason)).toEqual([
      "It is claimed against personal income tax: a C corporation cannot claim it (choose the pass-through owner if your owners file personal income tax).",
    ]);
    close(corporation.cashFlows[1]?.incentives ?? 0, 260_048.25 - 6_000);
  });
});

describe("worked example 3: South Carolina, $3,500 a year with 10 carry-forward years", () => {
  const r = ok(run({ today: TODAY, monthlyBill: 2500, state: "SC", specificYieldKwhPerKw: 1400 }));

  it("spreads 25% of cost at $3,500 a year and drops the rest", () => {
    // 30,000 ÷ 0.1039 = 288,739.17 kWh ÷ 1,400 = 206.242 kW × $3,000.
    close(r.grossCost.value, 618_726.8);
    // 25% = $154,681.70, but at most $3,500 in the claim year + 10 carry-forward years = $38,500.
    const sc = r.stateIncentives.counted[0];
    expect(sc?.byYear).toEqual(new Array(11).fill(3500));
    expect(sc?.total.value).toBe(38_500);
    expect(r.cashFlows[12]?.incentives).toBe(0);
    expect(r.cashFlows[11]?.incentives).toBe(3500);
  });
});

describe("worked example 4: California, tax-exempt owner (elective pay, no depreciation)", () => {
  const r = ok(
    run({ today: TODAY, monthlyBill: 5000, state: "CA", specificYieldKwhPerKw: 1600, ownerType: "tax-exempt" }),
  );

  it("claims the credit as elective pay and pays no tax", () => {
    // 60,000 ÷ 0.2391 = 250,941.03 kWh ÷ 1,600 = 156.838 kW × $3,000 = $470,514.43.
    close(r.systemKwDc.value, 156.838143, 4);
    close(r.grossCost.value, 470_514.43);
    // Elective pay 30% = $141,154.33; no depreciation, no income tax.
    expect(r.federal.electivePay).toBe(true);
    close(r.federal.solarCredit.value, 141_154.33);
    expect(r.depreciation.value).toBe(0);
    expect(r.cashFlows.every((row) => row.incomeTax === 0)).toBe(true);
    // 60,000 × 50% − 156.838 × 18 + 141,154.33 = $168,331.24.
    close(r.cashFlows[1]?.net ?? 0, 168_331.24);
    expect(r.notes).toContain("No depreciation: a tax-exempt owner pays no income tax.");
  });

  it("at 1 MW(ac) or more without domestic content, elective pay is 0%", () => {
    const big = ok(
      run({
        today: TODAY,
        monthlyBill: 40_000,
        state: "CA",
        specificYieldKwhPerKw: 1600,
        acKw: 1000,
        ownerType: "tax-exempt",
        prevailingWage: true,
      }),
    );
    expect(big.federal.solarCredit.value).toBe(0);
    const withContent = ok(
      run({
        today: TODAY,
        monthlyBill: 40_000,
        state: "CA",
        specificYieldKwhPerKw: 1600,
        acKw: 1000,
        ownerType: "tax-exempt",
        prevailingWage: true,
        domesticContent: true,
      }),
    );
    close(withContent.federal.solarCredit.value, withContent.grossCost.value * 0.3);
  });
});

describe("worked example 5: Utah, in service in 2028 without a 2026 construction start", () => {
  const late = ok(
    run({
      today: TODAY,
      monthlyBill: 1000,
      state: "UT",
      specificYieldKwhPerKw: 1600,
      inServiceDate: "2028-03-01",
    }),
  );
  const onTime = ok(
    run({
      today: TODAY,
      monthlyBill: 1000,
      state: "UT",
      specificYieldKwhPerKw: 1600,
      inServiceDate: "2027-10-01",
    }),
  );

  it("has no federal line and no Utah credit", () => {
    // 12,000 ÷ 0.0851 = 141,010.58 kWh ÷ 1,600 = 88.132 kW × $3,000.
    close(late.grossCost.value, 264_394.83);
    expect(late.federal.counted).toBe(false);
    expect(late.federal.solarCredit.value).toBe(0);
    expect(late.federal.reason).toMatch(/No solar credit/);
    // Utah: only systems in service before 2028-01-01.
    expect(late.stateIncentives.counted).toEqual([]);
    expect(late.stateIncentives.mayAlsoApply[0]?.reason).toBe(
      "Only systems placed in service before 2028-01-01 qualify.",
    );
    // On the full cost, × 21%.
    close(late.depreciation.value, 55_522.91);
  });

  it("in service in 2027 it gets 30% federal and 10% Utah (under the $50,000 cap)", () => {
    close(onTime.federal.solarCredit.value, 79_318.45);
    close(onTime.stateIncentives.counted[0]?.total.value ?? 0, 26_439.48);
  });

  it("Utah counts a system of 660 kW or more only with storage (S.B. 192)", () => {
    const big = (storageCost?: number) =>
      ok(
        run({
          today: TODAY,
          monthlyBill: 15_000,
          state: "UT",
          inServiceDate: "2027-06-30",
          storageCost,
          storageKw: 100,
        }),
      );
    expect(big().systemKwDc.value).toBeGreaterThanOrEqual(660);
    expect(big().stateIncentives.counted).toEqual([]);
    expect(big().stateIncentives.mayAlsoApply[0]?.reason).toBe(
      "Systems of 660 kW or more qualify only with battery storage.",
    );
    expect(big(200_000).stateIncentives.counted[0]?.capPerProject).toBe(50_000);
  });

  it("construction begun by July 4, 2026 keeps the credit four calendar years after the start year", () => {
    const started = (inServiceDate: string, constructionBeganYear = 2026) =>
      ok(
        run({
          today: TODAY,
          monthlyBill: 1000,
          state: "UT",
          specificYieldKwhPerKw: 1600,
          inServiceDate,
          constructionBeganYear,
        }),
      ).federal;
    expect(started("2030-12-31").counted).toBe(true);
    expect(started("2031-01-01").counted).toBe(false);
    // A 2025 start must be in service by the end of 2029.
    expect(started("2029-12-31", 2025).counted).toBe(true);
    expect(started("2030-06-30", 2025).counted).toBe(false);
    expect(started("2030-06-30", 2025).reason).toContain("2025 start");
    // A start after July 4, 2026 keeps nothing past 2027.
    expect(started("2028-06-30", 2027).counted).toBe(false);
  });

  it("storage keeps its credit after the solar cliff", () => {
    const withStorage = ok(
      run({
        today: TODAY,
        monthlyBill: 1000,
        state: "UT",
        specificYieldKwhPerKw: 1600,
        inServiceDate: "2029-06-01",
        storageCost: 100_000,
        storageKw: 100,
      }),
    );
    expect(withStorage.federal.solarCredit.value).toBe(0);
    close(withStorage.federal.storageCredit.value, 30_000);
  });
});

describe("other rules", () => {
  it("1 MW(ac) or more without prevailing wage earns 6%", () => {
    const r = ok(run({ today: TODAY, monthlyBill: 40_000, state: "TX", specificYieldKwhPerKw: 1500, acKw: 1200 }));
    expect(r.federal.solarRatePct).toBe(6);
    close(r.federal.solarCredit.value, r.grossCost.value * 0.06);
  });

  it("caps the size by area × W/ft² and by the maximum entered", () => {
    // 10,000 ft² × 15 W/ft² = 150 kW.
    const area = ok(
      run({
        today: TODAY,
        monthlyBill: 5000,
        state: "TX",
        specificYieldKwhPerKw: 1500,
        usableAreaFt2: 10_000,
        wattsPerFt2: 15,
      }),
    );
    close(area.systemKwDc.value, 150);
    const max = ok(run({ today: TODAY, monthlyBill: 5000, state: "TX", specificYieldKwhPerKw: 1500, maxSystemKw: 90 }));
    close(max.systemKwDc.value, 90);
  });

  it("a loan: nothing down, a level payment over the term", () => {
    const r = ok(
      run({
        today: TODAY,
        monthlyBill: 2000,
        state: "TX",
        specificYieldKwhPerKw: 1500,
        financing: { kind: "loan", ratePct: 6, termYears: 10 },
      }),
    );
    // 1.06^−10 = 0.558395; 544,217.69 × 0.06 ÷ 0.441605 = $73,941.75 a year for 10 years.
    expect(r.cashFlows[0]?.net).toBe(0);
    close(r.cashFlows[1]?.loanPayment ?? 0, 73_941.75);
    expect(r.cashFlows[11]?.loanPayment).toBe(0);
  });

  it("applies the law on the day shown: a past in-service date becomes today", () => {
    // The default deadline has passed: no federal solar line.
    const r = ok(run({ today: "2028-02-01", monthlyBill: 2000, state: "TX", specificYieldKwhPerKw: 1500 }));
    expect(r.federal.counted).toBe(false);
    const past = ok(
      run({
        today: TODAY,
        monthlyBill: 2000,
        state: "TX",
        specificYieldKwhPerKw: 1500,
        inServiceDate: "2025-01-01",
      }),
    );
    expect(past.notes).toContain("The planned in-service date is before today; 2026-11-25 is used.");
  });

  it("says what is missing rather than guess", () => {
    expect(run({ today: TODAY, monthlyBill: 2000, state: "TX" }).status).toBe("ok");
    const noYield = run({ today: TODAY, monthlyBill: 2000, state: "TX" }, { ...WORKED_DATA, specificYield: {} });
    expect(noYield.status).toBe("not-available");
    if (noYield.status === "not-available")
      expect(noYield.missing.map((m) => m.field)).toEqual(["specificYieldKwhPerKw"]);
    const noPrice = { ...WORKED_DATA, commercialPrice: {} };
    const wy = run({ today: TODAY, monthlyBill: 2000, state: "WY", specificYieldKwhPerKw: 1500 }, noPrice);
    expect(wy.status === "not-available" && wy.missing.map((m) => m.field)).toEqual(["pricePerKwh"]);
    const wyPriced = run(
      {
        today: TODAY,
        monthlyBill: 2000,
        state: "WY",
        specificYieldKwhPerKw: 1500,
        pricePerKwh: 0.1,
      },
      noPrice,
    );
    expect(wyPriced.status).toBe("ok");
  });

  it("self-consumption below 100% values exports at the export value entered", () => {
    // A bill of energy charges only (100%). 272,108.84 kWh: 60% × 0.0882 + 40% × 0.03 = $0.06492/kWh
    // → $17,665.31.
    const r = ok(
      run({
        today: TODAY,
        monthlyBill: 2000,
        state: "TX",
        specificYieldKwhPerKw: 1500,
        selfConsumptionPct: 60,
        exportValuePerKwh: 0.03,
        energySharePct: 100,
      }),
    );
    close(r.firstYearSavings.value, 17_665.31);
    close(r.savingsShareOfBillPct.value, 73.605442, 4);
  });
});

describe("worked example: each facility's own size decides its rate (fact check 2026-11-29, M2)", () => {
  const base = { today: TODAY, monthlyBill: 50_000, state: "MA", specificYieldKwhPerKw: 1300, maxSystemKw: 195 };

  it("a 2 MW battery beside 195 kW of solar gets 6%, the solar 30%", () => {
    const r = ok(run({ ...base, storageCost: 2_500_000, storageKw: 2000 }));
    // Solar 195 kW × $3.00/W; inverters 195 ÷ 1.3 = 150 kW AC, under 1 MW: 30% = $175,500.
    close(r.grossCost.value, 585_000 + 2_500_000);
    close(r.federal.solarCredit.value, 175_500);
    // Storage 2,000 kW ≥ 1 MW without prevailing wage: 6% × $2,500,000 (not 30%).
    close(r.federal.storageCredit.value, 150_000);
    expect([r.federal.solarRatePct, r.federal.storageRatePct]).toEqual([30, 6]);
    expect(r.federal.conditions.join(" ")).toContain("Storage: 6%: the battery's capacity, 2,000 kW, is 1 MW or more");
    const pwa = ok(run({ ...base, storageCost: 2_500_000, storageKw: 2000, prevailingWage: true }));
    close(pwa.federal.storageCredit.value, 750_000);
  });

  it("a battery under 1 MW gets 30% of its own cost", () => {
    const r = ok(run({ ...base, storageCost: 400_000, storageKw: 500 }));
    close(r.federal.storageCredit.value, 120_000);
    expect(r.federal.conditions.join(" ")).toContain(
      "Storage: 30% because the battery's capacity, 500 kW, is under 1 MW",
    );
  });

  it("a battery's cost without its power is refused with the reason", () => {
    const r = run({ ...base, storageCost: 400_000 });
    expect(r.status).toBe("not-available");
    expect(r.status === "not-available" ? r.missing[0]?.field : "").toBe("storageKw");
  });

  it("an array over 1 MW DC whose default inverter size is under 1 MW AC gets 30%, said to be a default", () => {
    // 144,000 ÷ $0.0882 = 1,632,653 kWh ÷ 1,513 kWh/kW = 1,079 kW DC.
    const r = ok(run({ today: TODAY, monthlyBill: 12_000, state: "TX", specificYieldKwhPerKw: 1513 }));
    close(r.systemKwDc.value, 1079.08, 1);
    // AC assumed at DC/AC 1.3: 830 kW, under 1 MW → 30%.
    close(r.systemKwAc.value, 830.06, 1);
    expect(r.federal.solarRatePct).toBe(30);
    expect(r.federal.conditions.join(" ")).toContain(
      "Solar: 30% because its inverters' output, 830 kW AC, is under 1 MW (taken as the DC size ÷ 1.3",
    );
    const dcAc = r.assumptions.find((a) => a.id === "rule.dcAcRatio");
    expect(dcAc).toMatchObject({ value: 1.3, label: expect.stringMatching(/enter yours/) });
    // The visitor's 1,000 kW inverter: ≥ 1 MW → 6%, and no "taken as" words.
    const own = ok(run({ today: TODAY, monthlyBill: 12_000, state: "TX", specificYieldKwhPerKw: 1513, acKw: 1000 }));
    expect(own.federal.solarRatePct).toBe(6);
    expect(own.federal.conditions.join(" ")).not.toContain("taken as");
  });
});

describe("worked example: bonus depreciation follows the construction start (fact check 2026-11-29, M3)", () => {
  const texas = { today: TODAY, monthlyBill: 2000, state: "TX", specificYieldKwhPerKw: 1500 };

  it("a 2024 start in service in 2027 gets no bonus: 5-year MACRS on cost less half the credit", () => {
    const r = ok(run({ ...texas, constructionBeganYear: 2024, inServiceDate: "2027-06-30" }));
    expect(r.bonusDepreciationPct).toBe(0);
    // Basis 462,585.03 (example 1) × 21% × 20%, 32%, 19.2%, 11.52%, 11.52%, 5.76%.
    const saved = [19_428.57, 31_085.71, 18_651.43, 11_190.86, 11_190.86, 5_595.43];
    for (const [i, amount] of saved.entries()) {
      close((r.cashFlows[i + 1]?.incentives ?? 0) - (i === 0 ? r.federal.solarCredit.value : 0), amount);
    }
    close(r.depreciation.value, 97_142.86);
    expect(r.assumptions.map((a) => a.id)).toEqual(expect.arrayContaining(["rule.bonusPhaseDown", "rule.macrs"]));
    expect(r.assumptions.find((a) => a.id === "rule.bonusPhaseDown")?.label).toContain("component election");
  });

  it("a start from January 20, 2025 (or none) keeps 100% in year one", () => {
    for (const began of [undefined, 2025, 2026]) {
      const r = ok(run({ ...texas, constructionBeganYear: began, inServiceDate: "2027-06-30" }));
      expect(r.bonusDepreciationPct).toBe(100);
      close((r.cashFlows[1]?.incentives ?? 0) - r.federal.solarCredit.value, 97_142.86);
    }
  });

  it("a start before January 20, 2025 in service in 2026 gets the 20% phase-down, the rest by MACRS", () => {
    const r = ok(
      run({
        ...texas,
        today: "2026-11-29",
        constructionBeganYear: 2025,
        constructionBeganBeforeBonusRestored: true,
        inServiceDate: "2026-12-31",
      }),
    );
    expect(r.bonusDepreciationPct).toBe(20);
    // Year one: 20% + 80% × 20% = 36% of 462,585.03 = 166,530.61; × 21% = 34,971.43.
    close((r.cashFlows[1]?.incentives ?? 0) - r.federal.solarCredit.value, 34_971.43);
  });
});

describe("worked example: price on the cost curve (fact check 2026-11-29, M1)", () => {
  it("nothing steps at 100 kW: 99 and 100 kW differ by the curve's slope only", () => {
    const at = (maxSystemKw: number) => {
      const r = ok(estimate({ today: TODAY, monthlyBill: 50_000, state: "TX", maxSystemKw }));
      return r.grossCost.value / (r.systemKwDc.value * 1000);
    };
    // 2,746 − 88/89 × 804 = $1,951.03/kW at 99 kW; $1,942 at 100 kW.
    close(at(99), 1.95103, 4);
    close(at(100), 1.942, 4);
    // 15 kW: 2,746 − 4/89 × 804 = $2,709.87/kW → $40,647.98.
    close(at(15) * 15_000, 40_647.98);
  });
});

describe("the headline comes from the model (fact check 2026-11-29, item 7)", () => {
  it("differs between two states for the same bill: payback and net savings follow each state's price and sun", () => {
    const at = (state: string) => ok(estimate({ today: TODAY, monthlyBill: 2500, state })).headline;
    const [texas, california] = [at("TX"), at("CA")];
    expect(texas.firstYearSavings).toBeCloseTo(15_000, 6);
    expect(california.firstYearSavings).toBeCloseTo(15_000, 6);
    expect(texas.firstYearNetSavings).not.toBeCloseTo(california.firstYearNetSavings, 0);
    expect(texas.paybackYears).not.toBeNull();
    expect(Math.abs((texas.paybackYears ?? 0) - (california.paybackYears ?? 0))).toBeGreaterThan(1);
    // The range is the cases' spread, not a flat 30–70% of the bill.
    expect(texas.savingsLow).toBeLessThan(texas.firstYearSavings);
    expect(texas.savingsHigh).toBeGreaterThan(texas.firstYearSavings);
  });

  it("says above a few MW that this page is not the tool", () => {
    const big = ok(estimate({ today: TODAY, monthlyBill: 10_000_000, state: "TX" }));
    expect(big.headline.warnings[0]).toMatch(/needs a utility interconnection study; this page is not the tool/);
    expect(ok(estimate({ today: TODAY, monthlyBill: 2500, state: "TX" })).headline.warnings).toEqual([]);
  });
});

describe("worked example: a business's finance defaults (REopt commercial) and O&M by size", () => {
  const texas = { today: TODAY, monthlyBill: 2000, state: "TX", specificYieldKwhPerKw: 1500, installedCostPerW: 3 };
  const r = ok(estimate(texas));

  it("discounts at 6.24% and raises prices 1.66% and O&M 2.5% a year, each sourced to REopt", () => {
    for (const [id, value] of [
      ["data.discountRate", 6.24],
      ["data.escalation", 1.66],
      ["data.omEscalation", 2.5],
    ] as const) {
      const row = r.assumptions.find((a) => a.id === id);
      expect(row?.value, id).toBe(value);
      expect(row?.source?.url, id).toContain("REopt.jl/blob/029db01dc17ddfc726b3fc5bb7fb72b8541cff0e");
    }
    const [, y1, y2] = r.cashFlows;
    // REopt's 100–2,000 kW class: $18/kW-yr; year 2 × 1.025.
    close(y1?.operatingCost ?? 0, 3_265.31);
    close(y2?.operatingCost ?? 0, 3_346.94);
    // 12,000 × 0.995 (output) × 1.0166 (price).
    close(y2?.energySavings ?? 0, 12_138.2);
  });

  it("O&M steps by REopt's size class: $32 under 11 kW, $25 to 100 kW", () => {
    const at = (monthlyBill: number) =>
      ok(estimate({ today: TODAY, monthlyBill, state: "TX", pricePerKwh: 0.1, specificYieldKwhPerKw: 1200 }));
    // $500 a month at $0.10 = 60,000 kWh ÷ 1,200 = 50 kW × $25.
    close(at(500).cashFlows[1]?.operatingCost ?? 0, 1_250);
    // 12,000 kWh ÷ 1,200 = 10 kW × $32.
    close(at(100).cashFlows[1]?.operatingCost ?? 0, 320);
    expect(at(500).assumptions.find((a) => a.id === "data.om")?.label).toContain("11–100 kW");
  });

  it("an inverter replacement entered is paid once, in its year; none is assumed without one", () => {
    const withInverter = ok(estimate({ ...texas, inverterCost: 20_000, inverterYear: 12 }));
    // O&M 3,265.31 × 1.025^11 = $4,284.36, plus the $20,000 inverter.
    close(withInverter.cashFlows[12]?.operatingCost ?? 0, 24_284.36);
    close(withInverter.cashFlows[13]?.operatingCost ?? 0, 3_265.306128 * 1.025 ** 12);
    expect(r.assumptions.find((a) => a.id === "rule.inverter")?.value).toBe(0);
    expect(withInverter.assumptions.find((a) => a.id === "input.inverterCost")?.value).toBe(20_000);
  });

  it("shows the NPV at a second, stricter rate: 10%, or 2 points above a higher rate entered", () => {
    const discounted = (ratePct: number, flows: readonly { net: number }[]) =>
      flows.reduce((sum, row, year) => sum + row.net / (1 + ratePct / 100) ** year, 0);
    expect(r.npvAtHigherRate.ratePct).toBe(10);
    close(r.npvAtHigherRate.npv.value, discounted(10, r.cashFlows));
    close(r.npv.value, discounted(6.24, r.cashFlows));
    const own = ok(estimate({ ...texas, discountRatePct: 12, priceEscalationPct: 3, omEscalationPct: 0 }));
    expect(own.npvAtHigherRate.ratePct).toBe(14);
    close(own.npvAtHigherRate.npv.value, discounted(14, own.cashFlows));
    // The visitor's rates replace the defaults: O&M flat, prices 3% a year.
    close(own.cashFlows[2]?.operatingCost ?? 0, 3_265.31);
    close(own.cashFlows[2]?.energySavings ?? 0, 12_000 * 0.995 * 1.03);
  });
});
