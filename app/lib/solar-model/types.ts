import type { IsoDate } from "../dates";

/** Where a published figure comes from: the specific page, its data year and our review date. */
export type SourceRef = { title: string; url: string; year: number; reviewedOn: IsoDate };

/** One sourced figure. */
export type DataRow = { value: number; unit: string; source: SourceRef; note?: string };

/** A figure for systems from `minKw` up to (not including) `maxKw` kW DC. */
export type SizeBand = DataRow & { minKw: number; maxKw: number | null; label: string };

/**
 * Installed cost by size. With both ends of the source's curve ($/W at `minKw` and at `maxKw`) a
 * size is priced on the straight line between them; `value` (the band's average) then only
 * describes the band.
 */
export type CostBand = SizeBand & { atMinKw?: number; atMaxKw?: number };

/**
 * Who owns the system: `taxable`, a C corporation (corporate income tax); `pass-through`, a
 * business whose owners pay personal income tax on its income (sole proprietor, partnership,
 * S corporation, most LLCs: some state credits apply only against personal income tax);
 * `tax-exempt` (elective pay, no depreciation).
 */
export type OwnerType = "taxable" | "pass-through" | "tax-exempt";

/** The machine-readable value of a state or utility program. */
export type IncentiveValue =
  | { kind: "percent-of-cost"; percent: number }
  | { kind: "per-watt"; dollarsPerW: number }
  | { kind: "per-kwh"; dollarsPerKwh: number; years: number }
  | { kind: "fixed"; amount: number };

export type StructuredIncentive = {
  slug: string;
  state: string;
  title: string;
  /** Null: no structured value yet, so it is only ever "may also apply". */
  value: IncentiveValue | null;
  /** Why a program with no value is not counted, when there is more to say (a tax exemption). */
  notCountedReason?: string;
  capPerYear?: number;
  capPerProject?: number;
  /** Years an amount above the yearly cap may be carried forward. */
  carryForwardYears?: number;
  minKw?: number;
  maxKw?: number;
  /** Systems of this size (kW) or more qualify only with battery storage. */
  storageRequiredFromKw?: number;
  owners: readonly OwnerType[];
  /** The program closes on this day (not counted from it on). */
  endsOn?: IsoDate | null;
  /** Only systems placed in service before this day qualify. */
  inServiceBefore?: IsoDate | null;
  unconfirmed: boolean;
  /** First come, first served under a statewide budget: the estimate also shows a case without it. */
  statewideCap?: boolean;
  conditions: string;
  source: SourceRef;
};

export type ModelData = {
  /** Average commercial price, $/kWh, by postal code. */
  commercialPrice: Readonly<Record<string, DataRow>>;
  /** kWh per kW(DC) per year, fixed roof system, by postal code. */
  specificYield: Readonly<Record<string, DataRow>>;
  /** The DC/AC ratio the yields were modelled with: the AC size assumed from a DC size. */
  dcAcRatio: DataRow;
  /** $/kWh paid for exported energy, by postal code. */
  exportValue: Readonly<Record<string, DataRow>>;
  costBands: readonly CostBand[];
  degradationPct: DataRow;
  priceEscalationPct: DataRow;
  /** Operation and maintenance, $/kW DC a year, by system size. */
  omBands: readonly SizeBand[];
  omEscalationPct: DataRow;
  discountRatePct: DataRow;
  federalTaxRatePct: DataRow;
  /** Share of a bill that is energy charges (what solar lowers), with the published range. */
  energyShareOfBillPct: DataRow & { low: number; high: number };
  stateIncentives: readonly StructuredIncentive[];
};

export type Financing =
  | { kind: "cash" }
  | { kind: "loan"; ratePct: number; termYears: number; downPaymentPct?: number };

export type EstimateInput = {
  /** The site's clock: what is current is decided on this day. */
  today: IsoDate;
  monthlyBill: number;
  state: string;
  pricePerKwh?: number;
  /** kWh per kW per year, e.g. from the visitor's own PVWatts run. */
  specificYieldKwhPerKw?: number;
  maxSystemKw?: number;
  usableAreaFt2?: number;
  wattsPerFt2?: number;
  /** Inverter (AC) size; without it, DC ÷ the yields' DC/AC ratio, said to be only that. */
  acKw?: number;
  ownerType?: OwnerType;
  taxRatePct?: number;
  /** The year construction began, if by July 4, 2026 (2024 stands for "2024 or earlier"). */
  constructionBeganYear?: number;
  /** Construction began (or the system was acquired) before January 20, 2025: the old bonus phase-down. */
  constructionBeganBeforeBonusRestored?: boolean;
  inServiceDate?: IsoDate;
  prevailingWage?: boolean;
  domesticContent?: boolean;
  financing?: Financing;
  /** Battery storage: its installed cost in dollars (no sourced storage cost is held). */
  storageCost?: number;
  /** The battery's power capacity in kW: its own size decides its credit rate. */
  storageKw?: number;
  installedCostPerW?: number;
  discountRatePct?: number;
  priceEscalationPct?: number;
  omEscalationPct?: number;
  /** A one-time inverter replacement: its cost as entered (not escalated), paid in `inverterYear`. */
  inverterCost?: number;
  inverterYear?: number;
  selfConsumptionPct?: number;
  exportValuePerKwh?: number;
  /** Share of the bill from energy (kWh) charges: the part solar can lower. */
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

/** A number on the result and the assumptions it was computed from. */
export type Figure = { value: number; unit: string; from: readonly string[] };

export type FederalLine = {
  counted: boolean;
  /** Why it is counted or not, in a sentence. */
  reason: string;
  /** Each facility's own rate (the under-1 MW test applies to each apart). */
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

/** What the result leads with: the model's own first-year savings and payback, with their range over the cases. */
export type Headline = {
  /** Year one's bill savings (energy charges lowered), as in the cash flows. */
  firstYearSavings: number;
  /** The same less upkeep and the income tax on the savings. */
  firstYearNetSavings: number;
  /** Lowest and highest first-year savings over the sensitivity cases (the 2028 case aside). */
  savingsLow: number;
  savingsHigh: number;
  paybackYears: number | null;
  /** Shortest and longest payback over the same cases; null: beyond the model's life in some case. */
  paybackLow: number | null;
  paybackHigh: number | null;
  /** Said above the figures: a project this page is not the tool for. */
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
  /** Tax saved by depreciation over the years it is taken (bonus in year one, the rest by MACRS). */
  depreciation: Figure;
  /** The first-year bonus share: 100, or the old phase-down for a start before January 20, 2025. */
  bonusDepreciationPct: number;
  stateIncentives: { counted: readonly CountedIncentive[]; mayAlsoApply: readonly MayAlsoApply[] };
  netCost: Figure;
  firstYearSavings: Figure;
  /** First-year savings at the low and high ends of the energy share of the bill. */
  firstYearSavingsRange: { low: number; high: number; from: readonly string[] };
  /** First-year savings over the annual bill, in percent. */
  savingsShareOfBillPct: Figure;
  simplePaybackYears: Figure | null;
  npv: Figure;
  /** The same cash flows at a stricter rate: a second test of the same project. */
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
