import { z } from "zod";
import { states } from "~/content/states";
import { trimmedText } from "./common";

export const calculatorMessages = {
  monthlyBillRequired: "Monthly energy bill is required.",
  monthlyBillInvalid: "Monthly energy bill must be a number of 0 or more.",
  stateRequired: "State is required.",
} as const;

const stateCodes = new Set(states.map((state) => state.code));

/** Spec section 5: monthlyBill required, numeric, minimum 0; state required (a two-letter code). */
export const calculatorSchema = z.object({
  monthlyBill: trimmedText
    .refine((value) => value !== "", calculatorMessages.monthlyBillRequired)
    .transform((value) => Number(value))
    .refine(
      (value) => Number.isFinite(value) && value >= 0 && value <= 10_000_000,
      calculatorMessages.monthlyBillInvalid,
    ),
  state: trimmedText
    .transform((value) => value.toUpperCase())
    .refine((value) => stateCodes.has(value), calculatorMessages.stateRequired),
});

export type CalculatorInput = z.output<typeof calculatorSchema>;
export const calculatorFields = ["monthlyBill", "state"] as const;
