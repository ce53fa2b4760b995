import { formatLongDate } from "./dates";
import type { Assumption, FederalLine } from "./solar-model/types";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const usd2 = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** Never "-$0". */
export function usd0(value: number): string {
  const rounded = Math.round(value);
  return usd.format(rounded === 0 ? 0 : rounded);
}

/** Three significant figures from $10,000 up: no figure claims more than its inputs carry. */
export function usdRounded(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude < 10_000) return usd0(value);
  const step = 10 ** (Math.floor(Math.log10(magnitude)) - 2);
  return usd0(Math.round(value / step) * step);
}

/** Cents only when there are some. */
export function usdBill(value: number): string {
  return Number.isInteger(value) ? usd0(value) : usd2.format(value);
}

export const wholeNumber = (value: number) => whole.format(Math.round(value));
export const kwh = (value: number) => `${wholeNumber(value)} kWh`;
export const kw = (value: number) => `${oneDecimal.format(value)} kW`;
export const pct = (value: number) => `${oneDecimal.format(value)}%`;
export const years = (value: number) => `${oneDecimal.format(value)} years`;
export const centsPerKwh = (dollars: number) => `${oneDecimal.format(dollars * 100)}¢ per kWh`;

export function assumptionValue(a: Assumption): string {
  if (typeof a.value === "boolean") return a.value ? "Yes" : "No";
  if (typeof a.value === "string") return a.unit === "date" ? formatLongDate(a.value) : a.value;
  switch (a.unit) {
    case "$":
    case "$/month":
      return `${usd0(a.value)}${a.unit === "$/month" ? " a month" : ""}`;
    case "$/kWh":
      return `$${a.value.toFixed(4).replace(/0{1,2}$/, "")} per kWh`;
    case "$/W DC":
      return `$${a.value.toFixed(2)} per watt (DC)`;
    case "%/yr":
      // Rates are published to the hundredth (REopt's 6.24%): shown as published.
      return `${a.value.toLocaleString("en-US", { maximumFractionDigits: 2 })}%/yr`;
    default:
      return `${oneDecimal.format(a.value)} ${a.unit}`.trim();
  }
}

export function federalRates(federal: Pick<FederalLine, "solarRatePct" | "storageRatePct" | "storageCredit">): string {
  if (federal.storageCredit.value <= 0 || federal.solarRatePct === federal.storageRatePct)
    return `${federal.solarRatePct}%`;
  return `solar ${federal.solarRatePct}%, storage ${federal.storageRatePct}%`;
}

export function depreciationWords(bonusPct: number): string {
  return bonusPct >= 100
    ? "100% bonus depreciation in year one, at your tax rate."
    : `${bonusPct}% bonus depreciation in year one (construction began before January 20, 2025: the old phase-down), the rest over five years (MACRS), at your tax rate. Components acquired later may still get 100% by the component election: ask your tax advisor.`;
}

/** Runs of three or more shortened to their ends: "1, 3–9, 12". */
export function numberRuns(sorted: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}–${sorted[j]}` : sorted.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return parts.join(", ");
}
