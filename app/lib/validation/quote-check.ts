import { z } from "zod";
import type { IsoDate } from "../dates";
import type { QuoteClaims } from "../quote-check";
import { calculatorSchema, isoDate, optionalNumber, refineSchema } from "./calculator";
import { trimmedText } from "./common";

const quoteCheckMessages = {
  kwRequired: "Enter the system size in kW DC, from the proposal.",
  kwRange: "Enter a system size between 1 and 100,000 kW DC.",
  costRequired: "Enter the proposal's price for the solar system, in dollars.",
  costRange: "Enter a price between $1,000 and $500,000,000.",
} as const;

function requiredNumber(min: number, max: number, required: string, range: string) {
  return trimmedText
    .refine((value) => value !== "", required)
    .transform((value) => Number(value.replace(/[$,\s]/g, "")))
    .refine((value) => Number.isFinite(value) && value >= min && value <= max, range);
}

/** A GET form: the check's address can be bookmarked. */
export const quoteCheckSchema = z.object({
  state: calculatorSchema.shape.state,
  kw: requiredNumber(1, 100_000, quoteCheckMessages.kwRequired, quoteCheckMessages.kwRange),
  acKw: optionalNumber(1, 100_000, "Enter an inverter size between 1 and 100,000 kW AC."),
  cost: requiredNumber(1000, 500_000_000, quoteCheckMessages.costRequired, quoteCheckMessages.costRange),
  kwh: optionalNumber(1, 500_000_000, "Enter the annual production in kWh, as a number."),
  savings: optionalNumber(0, 100_000_000, "Enter the first-year savings in dollars, as a number."),
  credit: optionalNumber(0, 100_000_000, "Enter the federal credit in dollars, as a number."),
  bonus: optionalNumber(0, 100, "Enter the bonus depreciation between 0% and 100%."),
  payback: optionalNumber(0, 100, "Enter the payback in years, between 0 and 100."),
  inService: isoDate,
  began: refineSchema.shape.began,
  owner: refineSchema.shape.owner,
  taxRate: refineSchema.shape.taxRate,
  bill: optionalNumber(1, 10_000_000, "Enter your monthly bill between $1 and $10,000,000."),
  rate: refineSchema.shape.price,
});

export type QuoteCheckForm = z.output<typeof quoteCheckSchema>;
export const quoteCheckFields = Object.keys(quoteCheckSchema.shape) as (keyof typeof quoteCheckSchema.shape)[];
export type QuoteCheckField = (typeof quoteCheckFields)[number];

export function toQuoteClaims(form: QuoteCheckForm, today: IsoDate): QuoteClaims {
  return {
    today,
    state: form.state,
    kwDc: form.kw,
    kwAc: form.acKw,
    cost: form.cost,
    annualKwh: form.kwh,
    firstYearSavings: form.savings,
    federalCredit: form.credit,
    bonusPct: form.bonus,
    paybackYears: form.payback,
    inServiceDate: form.inService || undefined,
    constructionBeganYear: form.began ? Number(form.began.slice(0, 4)) : undefined,
    constructionBeganBeforeBonusRestored: form.began === "2025-early" || form.began === "2024",
    ownerType: form.owner,
    taxRatePct: form.owner !== "tax-exempt" ? form.taxRate : undefined,
    monthlyBill: form.bill,
    pricePerKwh: form.rate,
  };
}

export function quoteCheckQuery(fields: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const name of quoteCheckFields) {
    const raw = fields[name];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (
      (value !== "" && !(name === "owner" && value === "taxable")) ||
      name === "state" ||
      name === "kw" ||
      name === "cost"
    )
      params.set(name, value);
  }
  return params.toString();
}
