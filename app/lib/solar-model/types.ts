import type { IsoDate } from "../dates";

export type SourceRef = { title: string; url: string; year: number; reviewedOn: IsoDate };

export type DataRow = { value: number; unit: string; source: SourceRef; note?: string };

/** From `minKw` up to (excluding) `maxKw`, kW DC. */
export type SizeBand = DataRow & { minKw: number; maxKw: number | null; label: string };

/** With both ends of the curve, a size is priced on the line between them; `value` only describes. */
export type CostBand = SizeBand & { atMinKw?: number; atMaxKw?: number };

/**
 * `taxable`: a C corporation. `pass-through`: owners pay personal income tax (some state credits
 * apply only against it). `tax-exempt`: elective pay, no depreciation.
 */
export type OwnerType = "taxable" | "pass-through" | "tax-exempt";

export type IncentiveValue =
  | { kind: "percent-of-cost"; percent: number }
  | { kind: "per-watt"; dollarsPerW: number }
  | { kind: "per-kwh"; dollarsPerKwh: number; years: number }
  | { kind: "fixed"; amount: number };

export type StructuredIncentive = {
  slug: string;
  state: string;
  title: string;
  /** Null: no structured value, so only ever "may also apply". */
  value: IncentiveValue | null;
  notCountedReason?: string;
  capPerYear?: number;
  capPerProject?: number;
  carryForwardYears?: number;
  minKw?: number;
  maxKw?: number;
  /** kW; at or above it, only with battery storage. */
  storageRequiredFromKw?: number;
  owners: readonly OwnerType[];
  endsOn?: IsoDate | null;
  inServiceBefore?: IsoDate | null;
  unconfirmed: boolean;
  /** First come, first served under a statewide budget: the estimate also shows a case without it. */
  statewideCap?: boolean;
  conditions: string;
  source: SourceRef;
};

export type ModelData = {
  /** $/kWh, by postal code. */
  commercialPrice: Readonly<Record<string, DataRow>>;
  /** kWh per kW DC a year, fixed roof, by postal code. */
  specificYield: Readonly<Record<string, DataRow>>;
  /** The yields' DC/AC ratio: the AC size assumed from a DC size. */
  dcAcRatio: DataRow;
  /** $/kWh, by postal code. */
  exportValue: Readonly<Record<string, DataRow>>;
  costBands: readonly CostBand[];
  degradationPct: DataRow;
  priceEscalationPct: DataRow;
  /** $/kW DC a year, by system size. */
  omBands: readonly SizeBand[];
  omEscalationPct: DataRow;
  discountRatePct: DataRow;
  federalTaxRatePct: DataRow;
  /** Share of a bill that solar lowers, with the published range. */
  energyShareOfBillPct: DataRow & { low: number; high: number };
  stateIncentives: readonly StructuredIncentive[];
};

export type Financing =
  | { kind: "cash" }
  | { kind: "loan"; ratePct: number; termYears: number; downPaymentPct?: number };

export type EstimateInput = {
  today: IsoDate;
  monthlyBill: number;
  state: string;
  pricePerKwh?: number;
  /** e.g. from the visitor's PVWatts run. */
  specificYieldKwhPerKw?: number;
  maxSystemKw?: number;
  usableAreaFt2?: number;
  wattsPerFt2?: number;
  /** Without it: DC ÷ the yields' DC/AC ratio, said to be assumed. */
  acKw?: number;
  ownerType?: OwnerType;
  taxRatePct?: number;
  /** The year construction began, if by July 4, 2026 (2024 stands for "2024 or earlier"). */
  constructionBeganYear?: number;
  constructionBeganBeforeBonusRestored?: boolean;
  inServiceDate?: IsoDate;
  prevailingWage?: boolean;
  domesticContent?: boolean;
  financing?: Financing;
  /** Dollars; no sourced storage cost is held. */
  storageCost?: number;
  /** kW; its own size decides its credit rate. */
  storageKw?: number;
  installedCostPerW?: number;
  discountRatePct?: number;
  priceEscalationPct?: number;
  omEscalationPct?: number;
  /** As entered (not escalated), paid in `inverterYear`. */
  inverterCost?: number;
  inverterYear?: number;
  selfConsumptionPct?: number;
  exportValuePerKwh?: number;
  energySharePct?: number;
};

type AssumptionOrigin = "input" | "data" | "rule" | "model-choice";

export type Assumption = {
  id: string;
  label: string;
  value: number | string | boolean;
  unit: string;
  origin: AssumptionOrigin;
  source?: SourceRef;
  note?: string;
};

export type Figure = { value: number; unit: string; from: readonly string[] };

export type FederalLine = {
  counted: boolean;
  reason: string;
  solarRatePct: number;
  storageRatePct: number;
  solarCredit: Figure;
  storageCredit: Figure;
  electivePay: boolean;
  conditions: readonly string[];
};

export type CountedIncentive = {
  slug: string;
  title: string;
  total: Figure;
  byYear: readonly number[];
  capPerYear: number | null;
  capPerProject: number | null;
  endsOn: IsoDate | null;
  conditions: string;
  source: SourceRef;
};

export type MayAlsoApply = { slug: string; title: string; reason: string; source: SourceRef };

export type CashFlowRow = {
  year: number;
  productionKwh: number;
  energySavings: number;
  operatingCost: number;
  incomeTax: number;
  incentives: number;
  loanPayment: number;
  net: number;
  cumulative: number;
};

export type CaseSummary = {
  id:
    | "base"
    | "price-minus-20"
    | "price-plus-20"
    | "cost-minus-20"
    | "cost-plus-20"
    | "half-exported"
    | "energy-share-low"
    | "energy-share-high"
    | "in-service-2028"
    | "without-capped-programs";
  label: string;
  npv: number;
  irrPct: number | null;
  paybackYears: number | null;
  firstYearSavings: number;
  federalCredit: number;
};

export type MissingItem = { field: string; reason: string };

export type Headline = {
  firstYearSavings: number;
  /** The same less upkeep and the income tax on the savings. */
  firstYearNetSavings: number;
  /** Over the sensitivity cases, the 2028 case aside. */
  savingsLow: number;
  savingsHigh: number;
  paybackYears: number | null;
  /** Null: beyond the model's life in some case. */
  paybackLow: number | null;
  paybackHigh: number | null;
  warnings: readonly string[];
};

export type EstimateOk = {
  status: "ok";
  modelVersion: string;
  today: IsoDate;
  state: string;
  annualUseKwh: Figure;
  systemKwDc: Figure;
  systemKwAc: Figure;
  firstYearProductionKwh: Figure;
  grossCost: Figure;
  federal: FederalLine;
  depreciation: Figure;
  bonusDepreciationPct: number;
  stateIncentives: { counted: readonly CountedIncentive[]; mayAlsoApply: readonly MayAlsoApply[] };
  netCost: Figure;
  firstYearSavings: Figure;
  /** At the low and high ends of the energy share of the bill. */
  firstYearSavingsRange: { low: number; high: number; from: readonly string[] };
  savingsShareOfBillPct: Figure;
  simplePaybackYears: Figure | null;
  npv: Figure;
  npvAtHigherRate: { ratePct: number; npv: Figure };
  irrPct: Figure | null;
  lifetimeCostPerKwh: Figure;
  cashFlows: readonly CashFlowRow[];
  cashFlowsFrom: readonly string[];
  headline: Headline;
  cliff2027: { federalCreditLost: Figure; npvDifference: Figure; note: string };
  sensitivity: readonly CaseSummary[];
  assumptions: readonly Assumption[];
  notes: readonly string[];
};

type EstimateNotAvailable = {
  status: "not-available";
  modelVersion: string;
  missing: readonly MissingItem[];
  assumptions: readonly Assumption[];
};

export type EstimateResult = EstimateOk | EstimateNotAvailable;
