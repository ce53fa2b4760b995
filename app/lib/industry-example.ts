import type { IndustryExample } from "~/content/industry-pages/types";
import { SOLAR_DATA } from "~/content/solar-data";
import { findState } from "~/content/states";
import { formatLongDate, type IsoDate, isoDateIn } from "./dates";
import { estimate, LIFETIME_YEARS } from "./solar-model";
import { costPerWAt } from "./solar-model/cost";
import { SOLAR_IN_SERVICE_DEADLINE } from "./solar-model/federal";
import type { CostBand, DataRow, ModelData, OwnerType, SourceRef } from "./solar-model/types";

// Computed with the calculator's model from its sourced figures: only the inputs are typed by hand.

export type ExampleFigures = {
  title: string;
  summary: string;
  systemKw: number;
  annualBillUsd: number;
  /** To the $100. */
  annualSavingsUsd: number;
  /** Less the federal credit only when the model counts it, to the $100. */
  netCostUsd: number;
};

export type ComputedExample = ExampleFigures & {
  today: IsoDate;
  state: string;
  stateName: string;
  monthlyBillUsd: number;
  ownerType: OwnerType;
  price: DataRow;
  yieldRow: DataRow;
  costBand: CostBand;
  energyShare: ModelData["energyShareOfBillPct"];
  /** Below `systemKw` when the bill is too small. */
  modelSystemKw: number;
  annualUseKwh: number;
  firstYearKwh: number;
  /** To the $100. */
  savingsRangeUsd: { low: number; high: number };
  grossCostUsd: number;
  costPerW: number;
  federal: { counted: boolean; ratePct: number; creditUsd: number; electivePay: boolean };
  /** Null: not within the model's 25 years. */
  modelPaybackYears: number | null;
};

/** `app/lib` cannot read the server's clock; the date matters only around the credit's deadline. */
const SITE_ZONE = "America/New_York";

export function exampleToday(): IsoDate {
  return isoDateIn(SITE_ZONE);
}

/** To the $100: state averages and modelled cost carry no more. */
export function roundUsd(value: number): number {
  return Math.round(value / 100) * 100;
}

/** Three significant figures. */
function roundKwh(value: number): number {
  if (value <= 0) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / step) * step;
}

const whole = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 0 });
const dollars = (value: number) => `$${whole(value)}`;
const cents = (dollarsPerKwh: number) =>
  (Math.round(dollarsPerKwh * 10_000) / 100).toLocaleString("en-US", { maximumFractionDigits: 2 });

function bandWords(band: CostBand): string {
  return band.maxKw === null ? `${whole(band.minKw)} kW and up` : `${whole(band.minKw)}–${whole(band.maxKw)} kW`;
}

function priceWords(source: SourceRef): string {
  return /\bEIA\b/.test(source.title)
    ? `the EIA's ${source.year} average commercial price`
    : `the ${source.year} average commercial price (${source.title})`;
}

export function computeExample(
  example: IndustryExample,
  today: IsoDate,
  data: ModelData = SOLAR_DATA,
): ComputedExample {
  const state = example.state.toUpperCase();
  const stateName = findState(state)?.name;
  const price = data.commercialPrice[state];
  const yieldRow = data.specificYield[state];
  if (!stateName || !price || !yieldRow) throw new Error(`No sourced price and yield for the example's state ${state}`);
  const ownerType = example.ownerType ?? "taxable";
  const result = estimate(
    { today, monthlyBill: example.monthlyBillUsd, state, maxSystemKw: example.systemKw, ownerType },
    data,
  );
  if (result.status !== "ok")
    throw new Error(`The model has no estimate for ${state}: ${JSON.stringify(result.missing)}`);

  const modelSystemKw = result.systemKwDc.value;
  const { band: costBand } = costPerWAt(data.costBands, modelSystemKw);
  if (!costBand) throw new Error(`No cost band prices ${modelSystemKw} kW`);
  const grossCost = result.grossCost.value;
  const credit = result.federal.solarCredit.value;
  const annualBillUsd = Math.round(example.monthlyBillUsd * 100) * 0.12;
  const computed = {
    today,
    state,
    stateName,
    monthlyBillUsd: example.monthlyBillUsd,
    ownerType,
    price,
    yieldRow,
    costBand,
    energyShare: data.energyShareOfBillPct,
    modelSystemKw,
    annualUseKwh: result.annualUseKwh.value,
    firstYearKwh: result.firstYearProductionKwh.value,
    savingsRangeUsd: {
      low: roundUsd(result.firstYearSavingsRange.low),
      high: roundUsd(result.firstYearSavingsRange.high),
    },
    grossCostUsd: roundUsd(grossCost),
    costPerW: modelSystemKw > 0 ? grossCost / (modelSystemKw * 1000) : 0,
    federal: {
      counted: result.federal.counted,
      ratePct: result.federal.solarRatePct,
      creditUsd: credit,
      electivePay: result.federal.electivePay,
    },
    modelPaybackYears: result.simplePaybackYears?.value ?? null,
    title: example.title,
    systemKw: modelSystemKw,
    annualBillUsd: Math.round(annualBillUsd * 100) / 100,
    annualSavingsUsd: roundUsd(result.firstYearSavings.value),
    // After the federal credit only: the model's own net cost also takes off depreciation and state programs.
    netCostUsd: roundUsd(grossCost - credit),
  };
  return { ...computed, summary: `${example.summary.trim()} ${exampleWorking(computed)}` };
}

function exampleWorking(c: Omit<ComputedExample, "summary">): string {
  const share = c.energyShare;
  const taxExempt = c.ownerType === "tax-exempt";
  const deadline = formatLongDate(SOLAR_IN_SERVICE_DEADLINE);
  const cost = `At NREL's modelled ${c.costBand.source.year} cost for a roof system of this size (its ${bandWords(c.costBand)} cost curve), ${dollars(Math.round(c.costPerW * 1000))} per kW (quotes often run higher), it costs about ${dollars(c.grossCostUsd)}`;
  const where = share.value * 2 === share.low + share.high ? "the middle of" : "within";
  // The calculator's rate: without an inverter size, AC is DC ÷ the production source's ratio.
  const size =
    c.federal.ratePct === 30
      ? "a system under 1 MW(ac)"
      : "a system of 1 MW(ac) or more without prevailing wage and apprenticeship";
  const paidAs = taxExempt ? ", paid to a tax-exempt owner as an elective payment," : "";
  const counts = taxExempt
    ? "upkeep and rising prices"
    : "upkeep, tax on the savings, rising prices and bonus depreciation";
  const payback =
    c.modelPaybackYears === null
      ? `finds no payback within ${LIFETIME_YEARS} years`
      : `puts it at ${(Math.round(c.modelPaybackYears * 10) / 10).toLocaleString("en-US")} years`;
  return [
    `Worked out by the site's savings calculator: at ${priceWords(c.price.source)} for ${c.stateName}, ${cents(c.price.value)} cents per kWh, the ${dollars(c.annualBillUsd)} yearly bill buys about ${whole(roundKwh(c.annualUseKwh))} kWh; NREL's PVWatts yield for a commercial roof there, ${whole(c.yieldRow.value)} kWh per kW, gives about ${whole(roundKwh(c.firstYearKwh))} kWh in the first year, all counted as used on site (an upper bound).`,
    `Solar lowers energy charges, not demand or fixed charges, so ${share.value}% of the price is counted (${where} NREL's ${share.low}–${share.high}% range for the demand-charge share of a bill): about ${dollars(c.annualSavingsUsd)} saved in the first year, ${dollars(c.savingsRangeUsd.low)} to ${dollars(c.savingsRangeUsd.high)} across that range.`,
    c.federal.counted
      ? `${cost}, or ${dollars(c.netCostUsd)} after the ${c.federal.ratePct}% federal credit${paidAs} for ${size} placed in service by ${deadline}; placed in service later, without construction begun by July 4, 2026, it would get no credit.`
      : `${cost}, with no federal credit: a solar system placed in service after ${deadline} gets none unless its construction began by July 4, 2026.`,
    taxExempt
      ? "No state or utility incentive is counted."
      : "No bonus depreciation, state or utility incentive is counted.",
    `Payback here is net cost ÷ first-year savings; with the same bill, state and a ${whole(c.systemKw)} kW maximum size, the calculator, which also counts ${counts}, ${payback}.`,
  ].join(" ");
}
