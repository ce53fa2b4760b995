import { SOLAR_DATA } from "~/content/solar-data";
import { formatLongDate } from "../dates";
import { bandAt, costPerWAt } from "./cost";
import { BONUS_RESTORED_FROM, bonusPct, depreciationByYear } from "./depreciation";
import { FEDERAL_SOURCES, federalDecision, LAST_CONSTRUCTION_START_YEAR, SOLAR_IN_SERVICE_DEADLINE } from "./federal";
import { irrPct, loanPayment, npv, paybackYears } from "./finance";
import { evaluateIncentive } from "./incentives";
import type {
  Assumption,
  CaseSummary,
  CashFlowRow,
  CountedIncentive,
  DataRow,
  EstimateInput,
  EstimateResult,
  Figure,
  Financing,
  Headline,
  MayAlsoApply,
  MissingItem,
  ModelData,
  OwnerType,
  SourceRef,
} from "./types";

/** Bump on any formula or default change: stored estimates name their version. */
export const MODEL_VERSION = "solar-model/1.4.0";
export const LIFETIME_YEARS = 25;
/** kW DC; above it the result says this is not the tool for the project. */
const LARGE_PROJECT_KW = 5000;

/** A stricter hurdle: 10%, or 2 points above a higher rate. */
function higherRate(ratePct: number): number {
  return Math.max(10, ratePct + 2);
}

const INVERTER_SOURCE: SourceRef = {
  title:
    "NREL Annual Technology Baseline 2020, Commercial PV: operation and maintenance costs (include component failure)",
  url: "https://atb-archive.nrel.gov/electricity/2020/index.php?s=om&t=sd",
  year: 2020,
  reviewedOn: "2026-11-29",
};

const MODEL_CHOICE_SOURCE: SourceRef = {
  title: "Google Maps Platform Solar API: calculate solar costs and savings (US) — sizing never exceeds annual use",
  url: "https://developers.google.com/maps/documentation/solar/calculate-costs-us",
  year: 2025,
  reviewedOn: "2026-11-25",
};

type Params = {
  annualBill: number;
  price: number;
  yieldKwhPerKw: number;
  maxKw: number;
  acKwInput: number | null;
  dcAcRatio: number;
  acKwAssumed: string;
  storageKw: number;
  bonusPhaseDown: boolean;
  /** Null: the sourced band for the size. */
  costOverride: number | null;
  costMultiplier: number;
  /** Leaves out the state programs a statewide budget may run out of (a case of its own). */
  skipCappedPrograms?: boolean;
  /** Scales energy value only: the system stays sized on the entered price. */
  priceMultiplier: number;
  storageCost: number;
  ownerType: OwnerType;
  taxRate: number;
  constructionBeganYear: number | null;
  inServiceDate: string;
  prevailingWage: boolean;
  domesticContent: boolean;
  financing: Financing;
  discountRatePct: number;
  selfShare: number;
  /** Share of the average price that is energy charges: what a self-used kWh saves. */
  energyShare: number;
  exportValue: number;
  degradation: number;
  escalation: number;
  omEscalation: number;
  /** One-time inverter replacement (0: none) and its year. */
  inverterCost: number;
  inverterYear: number;
  today: string;
  state: string;
  data: ModelData;
};

type Core = ReturnType<typeof runCore>;

function runCore(p: Params) {
  const annualUseKwh = p.annualBill / p.price;
  // Sized to the year's use, never above it (exports earn less than retail), then capped.
  const systemKw = Math.max(0, Math.min(annualUseKwh / p.yieldKwhPerKw, p.maxKw));
  const acKw = p.acKwInput ?? systemKw / p.dcAcRatio;
  const firstYearKwh = systemKw * p.yieldKwhPerKw;
  const { band, perW: curvePerW } = costPerWAt(p.data.costBands, systemKw);
  const omBand = bandAt(p.data.omBands, systemKw);
  const costPerW = (p.costOverride ?? curvePerW) * p.costMultiplier;
  const solarCost = systemKw * 1000 * costPerW;
  const grossCost = solarCost + p.storageCost;

  const fed = federalDecision({
    inServiceDate: p.inServiceDate,
    constructionBeganYear: p.constructionBeganYear,
    acKw,
    acKwAssumed: p.acKwInput === null ? p.acKwAssumed : undefined,
    storageKw: p.storageCost > 0 ? p.storageKw : 0,
    prevailingWage: p.prevailingWage,
    ownerType: p.ownerType,
    domesticContent: p.domesticContent,
  });
  const exempt = p.ownerType === "tax-exempt";
  const solarShare = exempt ? fed.solarElectivePayShare : 1;
  const storageShare = exempt ? fed.storageElectivePayShare : 1;
  const solarCredit = fed.solarEligible ? (solarCost * fed.solarRatePct * solarShare) / 100 : 0;
  const storageCredit = fed.storageEligible ? (p.storageCost * fed.storageRatePct * storageShare) / 100 : 0;
  const federalCredit = solarCredit + storageCredit;
  // On cost less half the credit; none without income tax.
  const depreciationBasis = exempt ? 0 : grossCost - federalCredit / 2;
  const bonus = bonusPct({
    startedBeforeRestoration: p.bonusPhaseDown,
    inServiceYear: Number(p.inServiceDate.slice(0, 4)),
  });
  const depreciationSaved = depreciationByYear(depreciationBasis, bonus).map((amount) => amount * p.taxRate);
  const depreciation = depreciationSaved.reduce((a, b) => a + b, 0);

  const productionByYear: number[] = [];
  let kept = 1;
  for (let y = 1; y <= LIFETIME_YEARS; y++) {
    productionByYear.push(firstYearKwh * kept);
    kept *= 1 - p.degradation;
  }

  const counted: CountedIncentive[] = [];
  const mayAlsoApply: MayAlsoApply[] = [];
  const stateByYear = new Array<number>(LIFETIME_YEARS).fill(0);
  for (const program of p.data.stateIncentives) {
    if (program.state !== p.state || (p.skipCappedPrograms && program.statewideCap)) continue;
    const outcome = evaluateIncentive(program, {
      today: p.today,
      state: p.state,
      ownerType: p.ownerType,
      systemKw,
      hasStorage: p.storageCost > 0,
      solarCost,
      inServiceDate: p.inServiceDate,
      productionByYear,
    });
    if (!outcome.counted) {
      mayAlsoApply.push({ slug: program.slug, title: program.title, reason: outcome.reason, source: program.source });
      continue;
    }
    outcome.byYear.forEach((amount, i) => {
      stateByYear[i] = (stateByYear[i] ?? 0) + amount;
    });
    counted.push({
      slug: program.slug,
      title: program.title,
      total: { value: outcome.total, unit: "$", from: [`data.incentive.${program.slug}`, "derived.grossCost"] },
      byYear: outcome.byYear,
      capPerYear: program.capPerYear ?? null,
      capPerProject: program.capPerProject ?? null,
      endsOn: program.endsOn ?? null,
      conditions: program.conditions,
      source: program.source,
    });
  }
  const stateTotal = stateByYear.reduce((a, b) => a + b, 0);

  const financing = p.financing;
  const down = financing.kind === "loan" ? (grossCost * (financing.downPaymentPct ?? 0)) / 100 : grossCost;
  const payment = financing.kind === "loan" ? loanPayment(grossCost - down, financing.ratePct, financing.termYears) : 0;
  const term = financing.kind === "loan" ? financing.termYears : 0;

  const rows: CashFlowRow[] = [
    {
      year: 0,
      productionKwh: 0,
      energySavings: 0,
      operatingCost: 0,
      incomeTax: 0,
      incentives: 0,
      loanPayment: 0,
      net: 0 - down,
      cumulative: 0 - down,
    },
  ];
  let cumulative = 0 - down;
  let pvCosts = grossCost;
  let pvIncentives = 0;
  let pvKwh = 0;
  const r = p.discountRatePct / 100;
  let grow = 1;
  let omGrow = 1;
  let d = 1;
  for (let y = 1; y <= LIFETIME_YEARS; y++) {
    const kwh = productionByYear[y - 1] ?? 0;
    if (y > 1) {
      grow *= 1 + p.escalation;
      omGrow *= 1 + p.omEscalation;
    }
    d *= 1 + r;
    const energySavings =
      kwh * (p.selfShare * p.price * p.energyShare * p.priceMultiplier + (1 - p.selfShare) * p.exportValue) * grow;
    const operatingCost = systemKw * (omBand?.value ?? 0) * omGrow + (y === p.inverterYear ? p.inverterCost : 0);
    // Savings raise taxable income and O&M lowers it; loan interest is not deducted (conservative).
    const incomeTax = p.ownerType !== "tax-exempt" ? (energySavings - operatingCost) * p.taxRate : 0;
    const incentives = (y === 1 ? federalCredit : 0) + (depreciationSaved[y - 1] ?? 0) + (stateByYear[y - 1] ?? 0);
    const loan = y <= term ? payment : 0;
    const net = energySavings - operatingCost - incomeTax + incentives - loan;
    cumulative += net;
    rows.push({
      year: y,
      productionKwh: kwh,
      energySavings,
      operatingCost,
      incomeTax,
      incentives,
      loanPayment: loan,
      net,
      cumulative,
    });
    pvCosts += operatingCost / d;
    pvIncentives += incentives / d;
    pvKwh += kwh / d;
  }
  const flows = rows.map((row) => row.net);
  const firstYearSavings = rows[1]?.energySavings ?? 0;
  return {
    band,
    omBand,
    costPerW,
    annualUseKwh,
    systemKw,
    acKw,
    firstYearKwh,
    solarCost,
    grossCost,
    fed,
    solarCredit,
    storageCredit,
    federalCredit,
    depreciation,
    bonus,
    counted,
    mayAlsoApply,
    stateTotal,
    netCost: grossCost - federalCredit - depreciation - stateTotal,
    firstYearSavings,
    rows,
    npv: npv(p.discountRatePct, flows),
    npvAtHigherRate: npv(higherRate(p.discountRatePct), flows),
    irr: irrPct(flows),
    // Before financing: with a loan, year one's credits would otherwise "pay back" the purchase.
    payback: paybackYears(rows.map((row) => (row.year === 0 ? -grossCost : row.net + row.loanPayment))),
    costPerKwh: pvKwh > 0 ? Math.max(0, (pvCosts - pvIncentives) / pvKwh) : 0,
  };
}

function summary(id: CaseSummary["id"], label: string, core: Core): CaseSummary {
  return {
    id,
    label,
    npv: core.npv,
    irrPct: core.irr,
    paybackYears: core.payback,
    firstYearSavings: core.firstYearSavings,
    federalCredit: core.federalCredit,
  };
}

const fig = (value: number, unit: string, ...from: string[]): Figure => ({ value, unit, from });

function headlineOf(core: Core, cases: readonly CaseSummary[], warnings: string[]): Headline {
  const weighed = cases.filter((c) => c.id !== "in-service-2028");
  const savings = weighed.map((c) => c.firstYearSavings);
  const paybacks = weighed.map((c) => c.paybackYears);
  const year1 = core.rows[1];
  const known = paybacks.filter((n): n is number => n !== null);
  return {
    firstYearSavings: core.firstYearSavings,
    firstYearNetSavings: year1 ? year1.energySavings - year1.operatingCost - year1.incomeTax : 0,
    savingsLow: Math.min(...savings),
    savingsHigh: Math.max(...savings),
    paybackYears: core.payback,
    paybackLow: known.length ? Math.min(...known) : null,
    paybackHigh: known.length === paybacks.length && known.length ? Math.max(...known) : null,
    warnings,
  };
}

export function estimate(input: EstimateInput, data: ModelData = SOLAR_DATA): EstimateResult {
  const assumptions: Assumption[] = [];
  const missing: MissingItem[] = [];
  const add = (a: Assumption) => {
    assumptions.push(a);
    return a.id;
  };
  const fromInput = (id: string, label: string, value: number | string | boolean, unit: string) =>
    add({ id: `input.${id}`, label, value, unit, origin: "input" });
  const fromRow = (id: string, label: string, row: { value: number; unit: string; source: SourceRef; note?: string }) =>
    add({
      id: `data.${id}`,
      label,
      value: row.value,
      unit: row.unit,
      origin: "data",
      source: row.source,
      note: row.note,
    });

  const state = input.state.toUpperCase();
  fromInput("monthlyBill", "Monthly electricity bill", input.monthlyBill, "$/month");
  fromInput("state", "State", state, "");
  if (!(input.monthlyBill >= 0) || !Number.isFinite(input.monthlyBill))
    missing.push({ field: "monthlyBill", reason: "The monthly bill must be a number of 0 or more." });

  let priceId: string;
  let price: number;
  const priceRow = data.commercialPrice[state];
  if (input.pricePerKwh !== undefined && input.pricePerKwh > 0) {
    price = input.pricePerKwh;
    priceId = fromInput("pricePerKwh", "Electricity price", price, "$/kWh");
  } else if (priceRow) {
    price = priceRow.value;
    priceId = fromRow(`price.${state}`, "Average commercial electricity price", priceRow);
  } else {
    price = 0;
    priceId = "";
    missing.push({
      field: "pricePerKwh",
      reason: `No sourced average commercial price is held for ${state}: enter your price per kWh (your bill's total ÷ its kWh).`,
    });
  }

  let yieldId: string;
  let yieldKwhPerKw: number;
  const yieldRow = data.specificYield[state];
  if (input.specificYieldKwhPerKw !== undefined && input.specificYieldKwhPerKw > 0) {
    yieldKwhPerKw = input.specificYieldKwhPerKw;
    yieldId = fromInput("specificYield", "Production per kW (your figure)", yieldKwhPerKw, "kWh/kW/yr");
  } else if (yieldRow) {
    yieldKwhPerKw = yieldRow.value;
    yieldId = fromRow(`yield.${state}`, "Production per kW, fixed roof system", yieldRow);
  } else {
    yieldKwhPerKw = 0;
    yieldId = "";
    missing.push({
      field: "specificYieldKwhPerKw",
      reason: `No sourced production per kW for ${state}; enter kWh per kW per year (e.g. from NREL PVWatts).`,
    });
  }
  if (missing.length > 0) return { status: "not-available", modelVersion: MODEL_VERSION, missing, assumptions };

  const notes: string[] = [];
  const sizingId = add({
    id: "rule.sizing",
    label: "System sized to the year's use, never above it",
    value: 100,
    unit: "% of annual use",
    origin: "model-choice",
    source: MODEL_CHOICE_SOURCE,
  });
  const capIds: string[] = [];
  let maxKw = Number.POSITIVE_INFINITY;
  if (input.maxSystemKw !== undefined && input.maxSystemKw > 0) {
    maxKw = input.maxSystemKw;
    capIds.push(fromInput("maxSystemKw", "Maximum system size", maxKw, "kW DC"));
  }
  if (input.usableAreaFt2 !== undefined && input.usableAreaFt2 > 0) {
    if (input.wattsPerFt2 !== undefined && input.wattsPerFt2 > 0) {
      maxKw = Math.min(maxKw, (input.usableAreaFt2 * input.wattsPerFt2) / 1000);
      capIds.push(fromInput("usableAreaFt2", "Usable roof or land area", input.usableAreaFt2, "ft²"));
      capIds.push(fromInput("wattsPerFt2", "Watts per square foot used", input.wattsPerFt2, "W/ft²"));
    } else {
      notes.push("The area limit was not applied: it needs the watts per square foot your layout achieves.");
    }
  }

  const costOverride =
    input.installedCostPerW !== undefined && input.installedCostPerW > 0 ? input.installedCostPerW : null;
  let costId = "data.cost";
  if (costOverride !== null) costId = fromInput("installedCostPerW", "Installed cost", costOverride, "$/W DC");
  else if (!data.costBands.some((b) => b.minKw === 0)) {
    return {
      status: "not-available",
      modelVersion: MODEL_VERSION,
      missing: [{ field: "installedCostPerW", reason: "No sourced installed cost; enter a $/W figure." }],
      assumptions,
    };
  }

  const ownerType = input.ownerType ?? "taxable";
  const OWNER_WORDS: Record<OwnerType, string> = {
    taxable: "Taxable business (C corporation)",
    "pass-through": "Taxable business whose owners pay personal income tax",
    "tax-exempt": "Tax-exempt (elective pay)",
  };
  const ownerId = fromInput("ownerType", "Owner", OWNER_WORDS[ownerType], "");
  let taxRate = 0;
  let taxId = "";
  if (ownerType !== "tax-exempt") {
    if (input.taxRatePct !== undefined && input.taxRatePct >= 0) {
      taxRate = input.taxRatePct / 100;
      taxId = fromInput("taxRatePct", "Federal + state income-tax rate", input.taxRatePct, "%");
    } else {
      taxRate = data.federalTaxRatePct.value / 100;
      // No published rate fits every owner who pays personal income tax: the corporate rate stands in, named so.
      const label =
        ownerType === "pass-through"
          ? "Income-tax rate (the federal corporate rate as a stand-in: enter your owners' rate)"
          : "Income-tax rate (federal corporate only)";
      taxId = fromRow("taxRate", label, data.federalTaxRatePct);
    }
  }

  const year = input.constructionBeganYear;
  const constructionBeganYear =
    year !== undefined && Number.isInteger(year) && year <= LAST_CONSTRUCTION_START_YEAR ? year : null;
  const beganId = fromInput(
    "constructionBegan",
    "Construction began by July 4, 2026",
    constructionBeganYear === null ? "no" : `in ${constructionBeganYear}`,
    "",
  );
  let inServiceId: string;
  // A planned date cannot lie in the past: the law is applied as it stands on `today`.
  const planned = input.inServiceDate ?? SOLAR_IN_SERVICE_DEADLINE;
  let inServiceDate = planned;
  if (planned < input.today) {
    inServiceDate = input.today;
    if (input.inServiceDate) notes.push(`The planned in-service date is before today; ${input.today} is used.`);
  }
  if (input.inServiceDate) inServiceId = fromInput("inServiceDate", "Planned in-service date", inServiceDate, "date");
  else
    inServiceId = add({
      id: "rule.inServiceDate",
      label: "Planned in-service date (assumed: the deadline; see the 2027 cliff line)",
      value: inServiceDate,
      unit: "date",
      origin: "model-choice",
    });
  const prevailingWage = input.prevailingWage ?? false;
  const pwId = fromInput("prevailingWage", "Prevailing wage and apprenticeship met", prevailingWage, "");
  const acKwInput = input.acKw !== undefined && input.acKw > 0 ? input.acKw : null;
  const dcAcRatio = data.dcAcRatio.value;
  const acId =
    acKwInput !== null
      ? fromInput("acKw", "Inverter (AC) size", acKwInput, "kW AC")
      : add({
          // The ratio is the production figures' own (their source, above): not linked twice.
          id: "rule.dcAcRatio",
          label: "Inverter (AC) size assumed: DC ÷ the production figures' DC/AC ratio (enter yours)",
          value: dcAcRatio,
          unit: "DC/AC",
          origin: "model-choice",
        });
  const fedRuleId = add({
    id: "rule.federal48E",
    label:
      "§48E: in service by Dec 31, 2027 or construction begun by July 4, 2026; 30% for solar under 1 MW(ac) or with PWA, else 6%",
    value: "P.L. 119-21",
    unit: "",
    origin: "rule",
    source: FEDERAL_SOURCES.deadline,
  });
  const sizeRuleId = add({
    id: "rule.sizeTest",
    label: "Under-1 MW test: solar by its AC output, storage by its capacity",
    value: "§48E(a)(2)",
    unit: "",
    origin: "rule",
    source: FEDERAL_SOURCES.sizeTest,
  });
  const domesticContent = input.domesticContent ?? false;
  const electiveId =
    ownerType === "tax-exempt"
      ? add({
          id: "rule.electivePay",
          label: "Elective pay for tax-exempt owners (0% at 1 MW+ without domestic content)",
          value: domesticContent ? "domestic content met" : "domestic content not met",
          unit: "",
          origin: "rule",
          source: FEDERAL_SOURCES.electivePay,
        })
      : "";
  const storageCost =
    input.storageCost !== undefined && input.storageCost >= 0.01 ? Math.round(input.storageCost * 100) / 100 : 0;
  const storageKw = input.storageKw !== undefined && input.storageKw > 0 ? input.storageKw : 0;
  if (storageCost > 0 && storageKw === 0)
    return {
      status: "not-available",
      modelVersion: MODEL_VERSION,
      missing: [
        {
          field: "storageKw",
          reason:
            "Enter the battery's power in kW (from its quote): its own size decides its credit rate, 30% under 1 MW, else 6% without prevailing wage.",
        },
      ],
      assumptions,
    };
  const storageId =
    storageCost > 0
      ? [
          fromInput("storageCost", "Battery storage cost", storageCost, "$"),
          fromInput("storageKw", "Battery power capacity", storageKw, "kW"),
          add({
            id: "rule.storage48E",
            label: "Storage keeps §48E for construction begun before 2034",
            value: "before 2034",
            unit: "",
            origin: "rule",
            source: FEDERAL_SOURCES.storage,
          }),
        ]
      : [];
  const bonusPhaseDown =
    constructionBeganYear !== null &&
    (constructionBeganYear <= 2024 ||
      (constructionBeganYear === 2025 && input.constructionBeganBeforeBonusRestored === true));
  const bonusIds =
    ownerType === "tax-exempt"
      ? []
      : [
          bonusPhaseDown
            ? add({
                id: "rule.bonusPhaseDown",
                label: `Construction began before ${formatLongDate(BONUS_RESTORED_FROM)}: the old bonus phase-down by the year in service (20% in 2026, 0% from 2027), on cost less half the credit; components acquired later may still get 100% by the component election`,
                value: "phase-down",
                unit: "",
                origin: "rule",
                source: FEDERAL_SOURCES.bonusPhaseDown,
              })
            : add({
                id: "rule.bonusDepreciation",
                label: `100% bonus depreciation in year 1 (acquired or begun from ${formatLongDate(BONUS_RESTORED_FROM)}) on cost less half the credit`,
                value: 100,
                unit: "%",
                origin: "rule",
                source: FEDERAL_SOURCES.bonusRestored,
              }),
          ...(bonusPhaseDown
            ? [
                add({
                  id: "rule.macrs",
                  // Advisers read the 2025 law's change to the recovery class differently (some: 20 years).
                  label:
                    "The rest over 5-year MACRS, half-year convention (the 2025 law may lengthen it: ask your tax advisor)",
                  value: "20 / 32 / 19.2 / 11.52 / 11.52 / 5.76",
                  unit: "% a year",
                  origin: "rule",
                  source: FEDERAL_SOURCES.macrs,
                }),
              ]
            : []),
        ];

  const financing: Financing = input.financing ?? { kind: "cash" };
  const finIds =
    financing.kind === "loan"
      ? [
          fromInput("loanRatePct", "Loan rate", financing.ratePct, "%"),
          fromInput("loanTermYears", "Loan term", financing.termYears, "years"),
          fromInput("downPaymentPct", "Down payment", financing.downPaymentPct ?? 0, "%"),
        ]
      : [fromInput("financing", "Paid in cash", "cash", "")];

  const chosen = (value: number | undefined, inputId: string, dataId: string, label: string, row: DataRow) =>
    value !== undefined && Number.isFinite(value)
      ? { value, id: fromInput(inputId, label, value, row.unit) }
      : { value: row.value, id: fromRow(dataId, label, row) };
  const discount = chosen(
    input.discountRatePct,
    "discountRatePct",
    "discountRate",
    "Discount rate",
    data.discountRatePct,
  );
  const discountRatePct = discount.value;
  const discountId = discount.id;

  let selfShare = 1;
  let selfId: string;
  if (input.selfConsumptionPct !== undefined && input.selfConsumptionPct >= 0 && input.selfConsumptionPct <= 100) {
    selfShare = input.selfConsumptionPct / 100;
    selfId = fromInput("selfConsumptionPct", "Share of production used on site", input.selfConsumptionPct, "%");
  } else {
    selfId = add({
      id: "rule.selfConsumption",
      label: "Share of production used on site (no sourced figure: enter yours; exports earn less)",
      value: 100,
      unit: "%",
      origin: "model-choice",
    });
  }
  let exportValue = 0;
  let exportId: string;
  const exportRow = data.exportValue[state];
  if (input.exportValuePerKwh !== undefined && input.exportValuePerKwh >= 0) {
    exportValue = input.exportValuePerKwh;
    exportId = fromInput("exportValuePerKwh", "Value of exported energy", exportValue, "$/kWh");
  } else if (exportRow) {
    exportValue = exportRow.value;
    exportId = fromRow(`export.${state}`, "Value of exported energy", exportRow);
  } else {
    exportId = add({
      id: "rule.exportValue",
      label: "Value of exported energy (no sourced figure for this state: counted as $0)",
      value: 0,
      unit: "$/kWh",
      origin: "model-choice",
    });
  }
  const shareRow = data.energyShareOfBillPct;
  let energySharePct = shareRow.value;
  let shareId: string;
  if (input.energySharePct !== undefined && input.energySharePct > 0 && input.energySharePct <= 100) {
    energySharePct = input.energySharePct;
    shareId = fromInput("energySharePct", "Share of the bill from energy (kWh) charges", energySharePct, "%");
  } else shareId = fromRow("energyShare", "Share of the bill from energy (kWh) charges", shareRow);
  const degId = fromRow("degradation", "Output loss per year", data.degradationPct);
  const esc = chosen(
    input.priceEscalationPct,
    "priceEscalationPct",
    "escalation",
    "Electricity price rise per year",
    data.priceEscalationPct,
  );
  const omEsc = chosen(
    input.omEscalationPct,
    "omEscalationPct",
    "omEscalation",
    "O&M cost rise per year",
    data.omEscalationPct,
  );
  const inverterCost = input.inverterCost !== undefined && input.inverterCost > 0 ? input.inverterCost : 0;
  const inverterYear = input.inverterYear ?? 0;
  const inverterEntered = inverterCost > 0 && inverterYear >= 1 && inverterYear <= LIFETIME_YEARS;
  const inverterIds = inverterEntered
    ? [
        fromInput("inverterCost", "Inverter replacement", inverterCost, "$"),
        fromInput("inverterYear", "Inverter replacement paid in year", inverterYear, ""),
      ]
    : [
        add({
          id: "rule.inverter",
          label: "Inverter replacement beyond O&M (which counts component failures; REopt adds none): enter yours",
          value: 0,
          unit: "$",
          origin: "model-choice",
          source: INVERTER_SOURCE,
        }),
      ];

  const base: Params = {
    // Money is kept to the cent: sub-cent inputs would only produce noise.
    annualBill: Math.round(input.monthlyBill * 100) * 0.12,
    price,
    yieldKwhPerKw,
    maxKw,
    acKwInput,
    dcAcRatio,
    acKwAssumed: `taken as the DC size ÷ ${dcAcRatio}, the production source's ratio: enter your inverter size`,
    storageKw,
    bonusPhaseDown,
    costOverride,
    costMultiplier: 1,
    priceMultiplier: 1,
    storageCost,
    ownerType,
    taxRate,
    constructionBeganYear,
    inServiceDate,
    prevailingWage,
    domesticContent,
    financing,
    discountRatePct,
    selfShare,
    energyShare: energySharePct / 100,
    exportValue,
    degradation: data.degradationPct.value / 100,
    escalation: esc.value / 100,
    omEscalation: omEsc.value / 100,
    inverterCost: inverterEntered ? inverterCost : 0,
    inverterYear,
    today: input.today,
    state,
    data,
  };
  const core = runCore(base);
  if (costOverride === null && core.band)
    add({
      id: "data.cost",
      label: `Installed cost at ${Math.round(core.systemKw).toLocaleString("en-US")} kW on NREL's modelled cost curve (${core.band.label})`,
      value: Math.round(core.costPerW * 1000) / 1000,
      unit: "$/W DC",
      origin: "data",
      source: core.band.source,
      note: core.band.note,
    });
  if (core.omBand)
    add({
      id: "data.om",
      label: `Operation and maintenance at ${Math.round(core.systemKw).toLocaleString("en-US")} kW (${core.omBand.label})`,
      value: core.omBand.value,
      unit: core.omBand.unit,
      origin: "data",
      source: core.omBand.source,
      note: core.omBand.note,
    });
  // Entered: no range; else the published range's two ends.
  const entered = shareId.startsWith("input.");
  const shareLow = runCore({ ...base, energyShare: (entered ? energySharePct : shareRow.low) / 100 });
  const shareHigh = runCore({ ...base, energyShare: (entered ? energySharePct : shareRow.high) / 100 });
  const after2027 = runCore({ ...base, inServiceDate: "2028-06-30", constructionBeganYear: null });
  const sensitivity: CaseSummary[] = [
    summary("base", "As entered", core),
    summary("price-minus-20", "Electricity price 20% lower", runCore({ ...base, priceMultiplier: 0.8 })),
    summary("price-plus-20", "Electricity price 20% higher", runCore({ ...base, priceMultiplier: 1.2 })),
    summary("cost-minus-20", "Installed cost 20% lower", runCore({ ...base, costMultiplier: 0.8 })),
    summary("cost-plus-20", "Installed cost 20% higher", runCore({ ...base, costMultiplier: 1.2 })),
    summary(
      "half-exported",
      "What if half the output is exported (at the export value shown)",
      runCore({ ...base, selfShare: Math.min(selfShare, 0.5) }),
    ),
    summary("energy-share-low", `Energy charges ${entered ? energySharePct : shareRow.low}% of the bill`, shareLow),
    summary("energy-share-high", `Energy charges ${entered ? energySharePct : shareRow.high}% of the bill`, shareHigh),
    summary("in-service-2028", "Same system in service in 2028, no 2026 construction start", after2027),
  ];
  const capped = core.counted.filter((c) => data.stateIncentives.find((p) => p.slug === c.slug)?.statewideCap);
  if (capped.length)
    sensitivity.push(
      summary(
        "without-capped-programs",
        `Without ${capped.map((c) => c.title).join(" and ")} (a statewide cap can run out)`,
        runCore({ ...base, skipCappedPrograms: true }),
      ),
    );

  const useIds = ["input.monthlyBill", priceId];
  const sizeIds = [...useIds, yieldId, sizingId, ...capIds];
  const costIds = [...sizeIds, costId, ...storageId];
  const fedIds = [...costIds, fedRuleId, sizeRuleId, inServiceId, beganId, pwId, acId, ownerId, electiveId].filter(
    Boolean,
  );
  const taxIds = [...fedIds, taxId, ...bonusIds].filter(Boolean);
  const flowIds = [
    ...taxIds,
    degId,
    esc.id,
    "data.om",
    omEsc.id,
    ...inverterIds,
    selfId,
    shareId,
    exportId,
    ...finIds,
    discountId,
  ].filter(Boolean);
  const stateIds = core.counted.map((c) => `data.incentive.${c.slug}`);
  for (const c of core.counted) {
    const program = data.stateIncentives.find((p) => p.slug === c.slug);
    if (program)
      add({
        id: `data.incentive.${c.slug}`,
        label: c.title,
        value: program.conditions,
        unit: "",
        origin: "data",
        source: program.source,
      });
  }
  // Above a few MW the interconnection study, not this arithmetic, decides what can be built.
  const warnings =
    core.systemKw > LARGE_PROJECT_KW
      ? [
          `A project this size (${Math.round(core.systemKw).toLocaleString("en-US")} kW) needs a utility interconnection study; this page is not the tool: talk to an advisor.`,
        ]
      : [];
  if (ownerType === "tax-exempt") notes.push("No depreciation: a tax-exempt owner pays no income tax.");
  if (storageCost > 0)
    notes.push("Storage savings (demand charges, backup) are not counted: no sourced figure is held.");
  notes.push(
    "Solar lowers the energy (kWh) charges on a bill, not demand or fixed charges: savings count only the energy share of the average price.",
  );
  if (input.selfConsumptionPct === undefined)
    notes.push(
      "Savings are an upper bound: every kWh is assumed used on site at the average price. Exports earn less; see the half-exported case.",
    );

  const cliffLost = core.federalCredit - after2027.federalCredit;
  return {
    status: "ok",
    modelVersion: MODEL_VERSION,
    today: input.today,
    state,
    annualUseKwh: fig(core.annualUseKwh, "kWh/yr", ...useIds),
    systemKwDc: fig(core.systemKw, "kW DC", ...sizeIds),
    systemKwAc: fig(core.acKw, "kW AC", ...sizeIds, acId),
    firstYearProductionKwh: fig(core.firstYearKwh, "kWh", ...sizeIds),
    grossCost: fig(core.grossCost, "$", ...costIds),
    federal: {
      counted: core.federalCredit > 0,
      reason: core.fed.reason,
      solarRatePct: core.fed.solarRatePct,
      storageRatePct: core.fed.storageRatePct,
      solarCredit: fig(core.solarCredit, "$", ...fedIds),
      storageCredit: fig(core.storageCredit, "$", ...fedIds),
      electivePay: ownerType === "tax-exempt",
      conditions: core.fed.conditions,
    },
    depreciation: fig(core.depreciation, "$", ...taxIds),
    bonusDepreciationPct: ownerType === "tax-exempt" ? 0 : core.bonus,
    stateIncentives: { counted: core.counted, mayAlsoApply: core.mayAlsoApply },
    netCost: fig(core.netCost, "$", ...taxIds, ...stateIds),
    firstYearSavings: fig(core.firstYearSavings, "$", ...sizeIds, selfId, shareId, exportId),
    firstYearSavingsRange: {
      low: shareLow.firstYearSavings,
      high: shareHigh.firstYearSavings,
      from: [...sizeIds, selfId, shareId, exportId],
    },
    savingsShareOfBillPct: fig(
      base.annualBill > 0 ? (core.firstYearSavings / base.annualBill) * 100 : 0,
      "%",
      ...sizeIds,
      selfId,
      shareId,
      exportId,
    ),
    simplePaybackYears: core.payback === null ? null : fig(core.payback, "years", ...flowIds, ...stateIds),
    npv: fig(core.npv, "$", ...flowIds, ...stateIds),
    npvAtHigherRate: {
      ratePct: higherRate(discountRatePct),
      npv: fig(core.npvAtHigherRate, "$", ...flowIds.filter((id) => id !== discountId), ...stateIds),
    },
    irrPct: core.irr === null ? null : fig(core.irr, "%", ...flowIds, ...stateIds),
    lifetimeCostPerKwh: fig(core.costPerKwh, "$/kWh", ...flowIds, ...stateIds),
    cashFlows: core.rows,
    cashFlowsFrom: [...flowIds, ...stateIds],
    headline: headlineOf(core, sensitivity, warnings),
    cliff2027: {
      federalCreditLost: fig(cliffLost, "$", ...fedIds),
      npvDifference: fig(core.npv - after2027.npv, "$", ...flowIds, ...stateIds),
      note:
        storageCost > 0
          ? "In service in 2028 without a 2026 construction start: the solar credit is lost; storage keeps its credit."
          : "In service in 2028 without a 2026 construction start: no federal solar credit.",
    },
    sensitivity,
    assumptions,
    notes,
  };
}
