import type { IsoDate } from "../dates";
import type { IncentiveValue, OwnerType, StructuredIncentive } from "./types";

export type IncentiveContext = {
  today: IsoDate;
  state: string;
  ownerType: OwnerType;
  systemKw: number;
  hasStorage: boolean;
  solarCost: number;
  inServiceDate: IsoDate;
  productionByYear: readonly number[];
};

export type IncentiveOutcome = { counted: true; byYear: number[]; total: number } | { counted: false; reason: string };

function exclusion(program: StructuredIncentive, ctx: IncentiveContext): string | null {
  if (!program.value) return program.notCountedReason ?? "Its terms are not recorded in a form the estimate can count.";
  if (program.unconfirmed) return "Its current value or funding could not be confirmed.";
  if (program.endsOn && ctx.today >= program.endsOn) return `It closed on ${program.endsOn}.`;
  if (program.inServiceBefore && ctx.inServiceDate >= program.inServiceBefore)
    return `Only systems placed in service before ${program.inServiceBefore} qualify.`;
  if (!program.owners.includes(ctx.ownerType)) {
    if (ctx.ownerType === "tax-exempt") return "It is not open to tax-exempt owners.";
    if (ctx.ownerType === "taxable" && program.owners.includes("pass-through"))
      return "It is claimed against personal income tax: a C corporation cannot claim it (choose the pass-through owner if your owners file personal income tax).";
    return "It is not open to this owner.";
  }
  if (program.minKw !== undefined && ctx.systemKw < program.minKw)
    return `Systems must be ${program.minKw} kW or more.`;
  if (program.maxKw !== undefined && ctx.systemKw > program.maxKw)
    return `Systems must be ${program.maxKw} kW or less.`;
  if (program.storageRequiredFromKw !== undefined && ctx.systemKw >= program.storageRequiredFromKw && !ctx.hasStorage)
    return `Systems of ${program.storageRequiredFromKw} kW or more qualify only with battery storage.`;
  return null;
}

function uncappedTotal(value: IncentiveValue, ctx: IncentiveContext): number {
  switch (value.kind) {
    case "percent-of-cost":
      return (ctx.solarCost * value.percent) / 100;
    case "per-watt":
      return ctx.systemKw * 1000 * value.dollarsPerW;
    case "fixed":
      return value.amount;
    case "per-kwh":
      return ctx.productionByYear.slice(0, value.years).reduce((sum, kwh) => sum + kwh * value.dollarsPerKwh, 0);
  }
}

/** Index 0 = year 1. A yearly cap spreads a lump over the claim and carry-forward years; the rest is lost. */
export function evaluateIncentive(program: StructuredIncentive, ctx: IncentiveContext): IncentiveOutcome {
  const reason = exclusion(program, ctx);
  if (reason !== null || !program.value) return { counted: false, reason: reason ?? "" };
  const value = program.value;
  const capYear = program.capPerYear ?? Number.POSITIVE_INFINITY;
  let remaining = Math.min(uncappedTotal(value, ctx), program.capPerProject ?? Number.POSITIVE_INFINITY);
  const byYear: number[] = [];
  if (value.kind === "per-kwh") {
    for (let y = 0; y < value.years && y < ctx.productionByYear.length; y++) {
      const amount = Math.min((ctx.productionByYear[y] ?? 0) * value.dollarsPerKwh, capYear, remaining);
      byYear.push(amount);
      remaining -= amount;
    }
  } else {
    const years = 1 + (program.capPerYear !== undefined ? (program.carryForwardYears ?? 0) : 0);
    for (let y = 0; y < years; y++) {
      const amount = Math.min(capYear, remaining);
      byYear.push(amount);
      remaining -= amount;
    }
  }
  return { counted: true, byYear, total: byYear.reduce((a, b) => a + b, 0) };
}
