import type { IsoDate } from "./dates";
import type { EstimateOk } from "./solar-model/types";

/** Fixed on the day it was made: later model or data changes never rewrite what the visitor saw. */
export type EstimateSnapshot = {
  modelVersion: string;
  today: IsoDate;
  stateName: string;
  monthlyBill: number;
  query: string;
  /** As stored: a snapshot made before model 1.3.0 has no headline, before 1.4.0 no second NPV. */
  result: Omit<EstimateOk, "headline" | "npvAtHigherRate"> & Partial<Pick<EstimateOk, "headline" | "npvAtHigherRate">>;
};

export function estimateSummary(snapshot: EstimateSnapshot) {
  const r = snapshot.result;
  return {
    modelVersion: snapshot.modelVersion,
    madeOn: snapshot.today,
    state: snapshot.stateName,
    monthlyBill: snapshot.monthlyBill,
    savingsLow: Math.round(r.headline?.savingsLow ?? r.firstYearSavingsRange.low),
    savingsHigh: Math.round(r.headline?.savingsHigh ?? r.firstYearSavingsRange.high),
    systemKwDc: Math.round(r.systemKwDc.value * 10) / 10,
    grossCost: Math.round(r.grossCost.value),
    netCost: Math.round(r.netCost.value),
    paybackYears: r.simplePaybackYears ? Math.round(r.simplePaybackYears.value * 10) / 10 : null,
    npv: Math.round(r.npv.value),
    federalCredit: Math.round(r.federal.solarCredit.value + r.federal.storageCredit.value),
    calculatorPath: `/solar-calculator?${snapshot.query}`,
    industry: new URLSearchParams(snapshot.query).get("industry"),
  };
}
