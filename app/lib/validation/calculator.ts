import { z } from "zod";
import { states } from "~/content/states";
import { type IsoDate, isIsoDate } from "../dates";
import { consultationIndustryOptions } from "../options";
import type { EstimateInput, OwnerType } from "../solar-model/types";
import { trimmedText } from "./common";
import { guideSchema } from "./guide";

export const calculatorMessages = {
  monthlyBillRequired: "Monthly energy bill is required.",
  monthlyBillNotANumber: "Monthly energy bill must be a number, like 2500.",
  monthlyBillNegative: "Monthly energy bill cannot be negative.",
  monthlyBillTooLarge: "Monthly energy bill can be at most $10,000,000; for a larger bill, talk to an advisor.",
  stateRequired: "State is required.",
} as const;

const MAX_MONTHLY_BILL = 10_000_000;

/** Spec section 9: under $500 a month shows the lower-usage notice. */
export const LOW_BILL_THRESHOLD = 500;

const stateCodes = new Set(states.map((state) => state.code));
const industryValues = new Set<string>(consultationIndustryOptions.map((option) => option.value));

export const calculatorSchema = z.object({
  monthlyBill: trimmedText
    .refine((value) => value !== "", calculatorMessages.monthlyBillRequired)
    // "$2,500" is how a bill reads; a comma elsewhere ("2,5") is not a thousands separator.
    .transform((value) => {
      const bare = value.replace(/^\$\s*/, "");
      return Number(/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare) ? bare.replaceAll(",", "") : bare);
    })
    .refine((value) => Number.isFinite(value), calculatorMessages.monthlyBillNotANumber)
    .refine((value) => !(value < 0), calculatorMessages.monthlyBillNegative)
    .refine((value) => !(value > MAX_MONTHLY_BILL), calculatorMessages.monthlyBillTooLarge),
  state: trimmedText
    .transform((value) => value.toUpperCase())
    .refine((value) => stateCodes.has(value), calculatorMessages.stateRequired),
});

export function optionalNumber(min: number, max: number, message: string) {
  return (
    trimmedText
      // "$" and "%" are what people type beside such figures; a comma is refused ("7,5" is not 75).
      .transform((value) => (value === "" ? undefined : Number(value.replace(/[$%\s]/g, ""))))
      .refine((value) => value === undefined || (Number.isFinite(value) && value >= min && value <= max), message)
  );
}

const checkbox = trimmedText.transform((value) => value === "on" || value === "yes" || value === "true");

export const isoDate = trimmedText.refine(
  (value) => value === "" || (isIsoDate(value) && value >= "2000-01-01" && value <= "2100-12-31"),
  "Enter the in-service date as a real date (YYYY-MM-DD).",
);

/** Empty keeps the sourced default; they live in the URL so a result can be shared. */
export const refineSchema = z.object({
  // Routes a lead to the right advisor; it changes no figure.
  industry: trimmedText.transform((value) => (industryValues.has(value) ? value : "")),
  price: optionalNumber(0.01, 2, "Enter a price between $0.01 and $2.00 per kWh."),
  energyShare: optionalNumber(1, 100, "Enter a share between 1% and 100%."),
  yield: optionalNumber(300, 2500, "Enter a production between 300 and 2,500 kWh per kW per year."),
  maxKw: optionalNumber(1, 100_000, "Enter a maximum size between 1 and 100,000 kW."),
  areaFt2: optionalNumber(100, 50_000_000, "Enter an area between 100 and 50,000,000 square feet."),
  wattsPerFt2: optionalNumber(1, 30, "Enter between 1 and 30 watts per square foot."),
  owner: trimmedText.transform(
    (value): OwnerType => (value === "tax-exempt" || value === "pass-through" ? value : "taxable"),
  ),
  taxRate: optionalNumber(0, 60, "Enter a tax rate between 0% and 60%."),
  // "2024" is 2024 or earlier; "2025-early" is before January 20 (the old bonus phase-down).
  began: trimmedText.transform((value) => (["2024", "2025-early", "2025", "2026"].includes(value) ? value : undefined)),
  inService: isoDate,
  pwa: checkbox,
  financing: trimmedText.transform((value) => (value === "loan" ? "loan" : "cash")),
  loanRate: optionalNumber(0, 30, "Enter a loan rate between 0% and 30%."),
  loanTerm: optionalNumber(1, 30, "Enter a loan term between 1 and 30 years."),
  acKw: optionalNumber(1, 1_000_000, "Enter an inverter size between 1 and 1,000,000 kW AC."),
  storageCost: optionalNumber(0, 100_000_000, "Enter a storage cost between $0 and $100,000,000."),
  storageKw: optionalNumber(1, 1_000_000, "Enter a battery power between 1 and 1,000,000 kW."),
  costPerW: optionalNumber(0.3, 10, "Enter an installed cost between $0.30 and $10.00 per watt."),
  discountRate: optionalNumber(0, 20, "Enter a discount rate between 0% and 20%."),
  priceRise: optionalNumber(-5, 10, "Enter a price rise between -5% and 10% a year."),
  omRise: optionalNumber(-5, 10, "Enter an O&M cost rise between -5% and 10% a year."),
  inverterCost: optionalNumber(0, 100_000_000, "Enter an inverter replacement cost between $0 and $100,000,000."),
  inverterYear: optionalNumber(1, 25, "Enter the replacement's year, from 1 to 25."),
  selfUse: optionalNumber(0, 100, "Enter a share between 0% and 100%."),
  exportValue: optionalNumber(0, 2, "Enter an export value between $0.00 and $2.00 per kWh."),
});

export const estimateSchema = calculatorSchema.merge(refineSchema).superRefine((form, context) => {
  // A battery's credit rate depends on its own power (under 1 MW: 30%); none is assumed.
  if ((form.storageCost ?? 0) > 0 && form.storageKw === undefined)
    context.addIssue({
      code: "custom",
      path: ["storageKw"],
      message: "Enter the battery's power in kW (from its quote): its own size decides its credit rate.",
    });
  if ((form.inverterCost ?? 0) > 0 && form.inverterYear === undefined)
    context.addIssue({ code: "custom", path: ["inverterYear"], message: "Enter the year the inverter is replaced." });
  // No default loan rate or term is sourced: a loan needs the visitor's own.
  if (form.financing !== "loan") return;
  if (form.loanRate === undefined)
    context.addIssue({ code: "custom", path: ["loanRate"], message: "Enter the loan's interest rate." });
  if (form.loanTerm === undefined)
    context.addIssue({ code: "custom", path: ["loanTerm"], message: "Enter the loan's term in years." });
});

export type EstimateFormInput = z.output<typeof estimateSchema>;
export const calculatorFields = ["monthlyBill", "state"] as const;
export const refineFields = Object.keys(refineSchema.shape) as (keyof typeof refineSchema.shape)[];
export type EstimateField = (typeof calculatorFields)[number] | (typeof refineFields)[number];

export function toEstimateInput(form: EstimateFormInput, today: IsoDate): EstimateInput {
  return {
    today,
    monthlyBill: form.monthlyBill,
    state: form.state,
    pricePerKwh: form.price,
    energySharePct: form.energyShare,
    specificYieldKwhPerKw: form.yield,
    maxSystemKw: form.maxKw,
    usableAreaFt2: form.areaFt2,
    wattsPerFt2: form.wattsPerFt2,
    ownerType: form.owner,
    taxRatePct: form.owner !== "tax-exempt" ? form.taxRate : undefined,
    constructionBeganYear: form.began ? Number(form.began.slice(0, 4)) : undefined,
    constructionBeganBeforeBonusRestored: form.began === "2025-early" || form.began === "2024",
    acKw: form.acKw,
    storageKw: form.storageKw,
    inServiceDate: form.inService || undefined,
    prevailingWage: form.pwa,
    financing:
      form.financing === "loan"
        ? { kind: "loan", ratePct: form.loanRate ?? 0, termYears: Math.round(form.loanTerm ?? 1) }
        : { kind: "cash" },
    storageCost: form.storageCost,
    installedCostPerW: form.costPerW,
    discountRatePct: form.discountRate,
    priceEscalationPct: form.priceRise,
    omEscalationPct: form.omRise,
    inverterCost: form.inverterCost,
    inverterYear: form.inverterYear === undefined ? undefined : Math.round(form.inverterYear),
    selfConsumptionPct: form.selfUse,
    exportValuePerKwh: form.exportValue,
  };
}

export function hasRefinement(values: Readonly<Record<string, string>>): boolean {
  return refineFields.some((name) => (values[name] ?? "") !== "" && !(name === "owner" && values[name] === "taxable"));
}

export const estimateRequestSchema = guideSchema.pick({ name: true, email: true });
export const estimateRequestFields = ["name", "email"] as const;

const DEFAULT_VALUES: Readonly<Record<string, string>> = { owner: "taxable", financing: "cash" };

/** Without empty or default values; the two required fields stay so their messages show. */
export function calculatorQuery(fields: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const name of calculatorFields) {
    const raw = fields[name];
    params.set(name, typeof raw === "string" ? raw.trim() : "");
  }
  for (const name of refineFields) {
    const raw = fields[name];
    const value = typeof raw === "string" ? raw.trim() : "";
    if (value !== "" && DEFAULT_VALUES[name] !== value) params.set(name, value);
  }
  return params.toString();
}
