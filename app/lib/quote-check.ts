import type { IsoDate } from "./dates";
import { centsPerKwh, kwh, pct, usd0, wholeNumber, years } from "./estimate-format";
import { costPerWAt } from "./solar-model/cost";
import { estimate } from "./solar-model/model";
import type { EstimateOk, ModelData, OwnerType, SourceRef } from "./solar-model/types";

export type QuoteClaims = {
  today: IsoDate;
  state: string;
  kwDc: number;
  kwAc?: number;
  /** Dollars, solar only. */
  cost: number;
  annualKwh?: number;
  firstYearSavings?: number;
  federalCredit?: number;
  bonusPct?: number;
  paybackYears?: number;
  inServiceDate?: IsoDate;
  constructionBeganYear?: number;
  constructionBeganBeforeBonusRestored?: boolean;
  ownerType?: OwnerType;
  taxRatePct?: number;
  /** With them, exported energy can be told from energy used. */
  monthlyBill?: number;
  pricePerKwh?: number;
};

export type QuoteLineId = "price" | "production" | "credit" | "bonus" | "savings" | "payback";

export type QuoteLine = {
  id: QuoteLineId;
  label: string;
  claimed: string | null;
  modelled: string;
  verdict: "holds" | "flag" | "not-given";
  reason: string;
  source?: SourceRef;
};

export type QuoteCheck =
  | { status: "ok"; today: IsoDate; modelVersion: string; lines: readonly QuoteLine[]; flags: number }
  | { status: "not-available"; reason: string };

const PRODUCTION_TOLERANCE = 1.1;
const PRICE_TOLERANCE = 1.2;
const PAYBACK_TOLERANCE = 0.9;

/** The model is the authority on rules; a figure is flagged only beyond a stated tolerance. */
export function checkQuote(claims: QuoteClaims, data: ModelData): QuoteCheck {
  const yieldRow = data.specificYield[claims.state];
  const priceRow = data.commercialPrice[claims.state];
  const price = claims.pricePerKwh ?? priceRow?.value;
  if (!yieldRow || !price)
    return {
      status: "not-available",
      reason: "No sourced sun or price figure is held for this state: enter your price.",
    };
  const kw = claims.kwDc;
  // Just large enough for the quoted size: the model runs on the proposal's system.
  const neededBill = Math.ceil((kw * yieldRow.value * price) / 12) + 1;
  const result = estimate(
    {
      today: claims.today,
      state: claims.state,
      monthlyBill: neededBill,
      maxSystemKw: kw,
      pricePerKwh: claims.pricePerKwh,
      acKw: claims.kwAc,
      installedCostPerW: claims.cost / (kw * 1000),
      inServiceDate: claims.inServiceDate,
      constructionBeganYear: claims.constructionBeganYear,
      constructionBeganBeforeBonusRestored: claims.constructionBeganBeforeBonusRestored,
      ownerType: claims.ownerType,
      taxRatePct: claims.taxRatePct,
    },
    data,
  );
  if (result.status !== "ok") return { status: "not-available", reason: result.missing.map((m) => m.reason).join(" ") };
  const lines = [
    priceLine(claims, data),
    productionLine(claims, yieldRow.value, yieldRow.source),
    creditLine(claims, result),
    bonusLine(claims, result),
    savingsLine(claims, result, price, data),
    paybackLine(claims, result, data),
  ];
  return {
    status: "ok",
    today: result.today,
    modelVersion: result.modelVersion,
    lines,
    flags: lines.filter((line) => line.verdict === "flag").length,
  };
}

const perW = (dollars: number) => `$${dollars.toFixed(2)}/W`;

const notGiven = (id: QuoteLineId, label: string, modelled: string): QuoteLine => ({
  id,
  label,
  claimed: null,
  modelled,
  verdict: "not-given",
  reason: "",
});

function priceLine(claims: QuoteClaims, data: ModelData): QuoteLine {
  const quoted = claims.cost / (claims.kwDc * 1000);
  const { perW: curve, band } = costPerWAt(data.costBands, claims.kwDc);
  const over = quoted > curve * PRICE_TOLERANCE;
  const diff = Math.round((quoted / curve - 1) * 100);
  return {
    id: "price",
    label: "Price per watt",
    claimed: perW(quoted),
    modelled: perW(curve),
    verdict: over ? "flag" : "holds",
    reason: over
      ? `${diff}% above NREL's modelled cost for ${wholeNumber(claims.kwDc)} kW (this check allows 20%): ask for the breakdown (equipment, labour, interconnection, margin).`
      : diff >= 0
        ? `Within 20% of NREL's modelled cost for this size (${diff}% above).`
        : `${-diff}% below NREL's modelled cost for this size: check what the price leaves out (interconnection, permits, monitoring).`,
    source: band?.source,
  };
}

function productionLine(claims: QuoteClaims, modelYield: number, source: SourceRef): QuoteLine {
  const modelled = `${wholeNumber(modelYield)} kWh per kW (${kwh(modelYield * claims.kwDc)})`;
  if (claims.annualKwh === undefined) return notGiven("production", "Annual production", modelled);
  const claimed = claims.annualKwh / claims.kwDc;
  const over = claimed > modelYield * PRODUCTION_TOLERANCE;
  return {
    id: "production",
    label: "Annual production",
    claimed: `${wholeNumber(claimed)} kWh per kW (${kwh(claims.annualKwh)})`,
    modelled,
    verdict: over ? "flag" : "holds",
    reason: over
      ? `${Math.round((claimed / modelYield - 1) * 100)}% above NREL PVWatts' figure for the state (this check allows 10% for a site's own sun and layout): ask for the production model (PVWatts or similar) and its losses.`
      : "Within 10% of NREL PVWatts' figure for the state (a site's own run can differ).",
    source,
  };
}

function creditLine(claims: QuoteClaims, result: EstimateOk): QuoteLine {
  const model = result.federal.solarCredit.value;
  const modelled = model > 0 ? `${usd0(model)} (${result.federal.solarRatePct}%)` : "$0 (not available)";
  if (claims.federalCredit === undefined) return notGiven("credit", "Federal tax credit", modelled);
  const over = claims.federalCredit > model * 1.01 + 1;
  const claimedPct = Math.round((claims.federalCredit / claims.cost) * 100);
  return {
    id: "credit",
    label: "Federal tax credit",
    claimed: `${usd0(claims.federalCredit)} (${claimedPct}% of the price)`,
    modelled,
    verdict: over ? "flag" : "holds",
    reason: over
      ? `More than the law gives this project: ${result.federal.reason}`
      : `The law as it stands: ${result.federal.reason}`,
    source: result.assumptions.find((a) => a.id === "rule.federal48E")?.source,
  };
}

function bonusLine(claims: QuoteClaims, result: EstimateOk): QuoteLine {
  const exempt = claims.ownerType === "tax-exempt";
  const model = exempt ? 0 : result.bonusDepreciationPct;
  const modelled = exempt ? "None (no income tax)" : `${model}% in year one`;
  if (claims.bonusPct === undefined) return notGiven("bonus", "Bonus depreciation", modelled);
  const over = claims.bonusPct > model;
  const rule = result.assumptions.find((a) => a.id === "rule.bonusPhaseDown" || a.id === "rule.bonusDepreciation");
  return {
    id: "bonus",
    label: "Bonus depreciation",
    claimed: `${pct(claims.bonusPct)} in year one`,
    modelled,
    verdict: over ? "flag" : "holds",
    reason: exempt
      ? over
        ? "A tax-exempt owner pays no income tax, so depreciation saves nothing."
        : "No depreciation for a tax-exempt owner."
      : over
        ? `100% bonus is for property acquired or begun from January 20, 2025; a start before that keeps the old phase-down (${model}% for this in-service year).`
        : "Matches the rule for this construction start and in-service year.",
    source: rule?.source,
  };
}

function savingsLine(claims: QuoteClaims, result: EstimateOk, price: number, data: ModelData): QuoteLine {
  const production = claims.annualKwh ?? result.firstYearProductionKwh.value;
  const share = data.energyShareOfBillPct;
  const use = claims.monthlyBill === undefined ? Number.POSITIVE_INFINITY : (claims.monthlyBill * 12) / price;
  const used = Math.min(production, use);
  const exported = production - used;
  // A kWh used on site saves at most the energy part of the price (NREL's high end); exports $0.
  const ceiling = used * price * (share.high / 100);
  const modelled = `${usd0(result.firstYearSavings.value)} (at most ${usd0(ceiling)})`;
  if (claims.firstYearSavings === undefined) return notGiven("savings", "First-year savings", modelled);
  const over = claims.firstYearSavings > ceiling * 1.02;
  const retailAll = claims.firstYearSavings >= production * price * 0.98;
  return {
    id: "savings",
    label: "First-year savings",
    claimed: usd0(claims.firstYearSavings),
    modelled,
    verdict: over ? "flag" : "holds",
    reason: !over
      ? `Below what ${kwh(used)} used on site can save at ${share.high}% of ${centsPerKwh(price)} (the energy part of a bill).`
      : exported > 0
        ? `Counts the ${kwh(exported)} sent to the grid (beyond your use) as if they saved the retail price: exports usually earn far less. Ask for the export rate.`
        : retailAll
          ? `Values every kWh at the full average price (${centsPerKwh(price)}), which includes demand and fixed charges solar rarely lowers; NREL: demand charges are ${share.low}–${share.high}% of many bills.`
          : `More than the energy part of the bill (${share.high}% of ${centsPerKwh(price)} at most) can save: ask how each kWh is valued.`,
    source: share.source,
  };
}

function paybackLine(claims: QuoteClaims, result: EstimateOk, data: ModelData): QuoteLine {
  const model = result.simplePaybackYears?.value ?? null;
  const modelled = model === null ? "Over 25 years" : years(model);
  if (claims.paybackYears === undefined) return notGiven("payback", "Payback", modelled);
  // The proposal's own savings, with the credit and depreciation that apply, less upkeep and tax.
  const savings = claims.firstYearSavings ?? result.firstYearSavings.value;
  const upkeep = result.cashFlows[1]?.operatingCost ?? 0;
  const taxRate = claims.ownerType === "tax-exempt" ? 0 : (claims.taxRatePct ?? data.federalTaxRatePct.value) / 100;
  const netCost = result.netCost.value;
  const beforeTax = savings - upkeep;
  const afterTax = beforeTax * (1 - taxRate);
  const honest = afterTax > 0 ? netCost / afterTax : Number.POSITIVE_INFINITY;
  const over = claims.paybackYears < honest * PAYBACK_TOLERANCE;
  const ignoresTax =
    taxRate > 0 && beforeTax > 0 && Math.abs(claims.paybackYears - netCost / beforeTax) <= 0.1 * honest;
  const honestWords = Number.isFinite(honest) ? years(honest) : "never";
  return {
    id: "payback",
    label: "Payback",
    claimed: years(claims.paybackYears),
    modelled,
    verdict: over ? "flag" : "holds",
    reason: !over
      ? `At the proposal's savings, after upkeep and income tax, the net cost pays back in ${honestWords}.`
      : ignoresTax
        ? `Ignores the income tax on the savings: at the proposal's own savings, after upkeep and ${pct(taxRate * 100)} tax, the net cost (${usd0(netCost)}) pays back in ${honestWords}.`
        : `At the proposal's own savings, after upkeep and income tax, the net cost (${usd0(netCost)}) pays back in ${honestWords}.`,
    source: result.assumptions.find((a) => a.id === "data.om")?.source,
  };
}

export type QuoteCheckSnapshot = {
  modelVersion: string;
  today: IsoDate;
  stateName: string;
  query: string;
  flags: number;
  lines: readonly QuoteLine[];
};

export function quoteCheckText(snapshot: QuoteCheckSnapshot, siteUrl: string): string {
  const flagged = snapshot.lines.filter((line) => line.verdict === "flag");
  return [
    `${snapshot.flags} of the proposal's lines flagged (${snapshot.stateName}, ${snapshot.today})`,
    ...flagged.map((line) => `${line.label}: ${line.claimed} vs ${line.modelled}. ${line.reason}`),
    `${siteUrl}/check-my-quote?${snapshot.query}`,
  ].join("\n");
}
