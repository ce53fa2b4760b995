import { SOLAR_CREDIT_EXPIRES_ON } from "~/content/federal-deadlines";
import { endDateLabel, hasExpired, incentiveStatus } from "./content-status";
import type { IsoDate } from "./dates";

/**
 * Spec section 9, the savings formula, kept:
 *   annual bill = monthly × 12; cost basis = annual × 8; federal = 30% of basis;
 *   state = 15% of basis only when the state has incentives; total annual savings = 70% of annual;
 *   percentage = total ÷ annual, rounded; the bar is capped at 100%.
 * The displayed total deliberately does not equal federal + state.
 * Made honest (issue 7): the state line counts only the state's programs that have a money value
 * and have not expired (a state of net-metering rules alone gets none), and the federal line
 * disappears once the solar credit's placed-in-service deadline has passed.
 */
export const LOW_BILL_THRESHOLD = 500;

/** A state program the state line is based on: named on the result, so the reader can check it. */
export type CountedProgram = { title: string; moneyValue: string; endLabel?: string | null };

export type CalculatorResult = {
  monthlyBill: number;
  state: string;
  stateName: string;
  annualBill: number;
  costBasis: number;
  federalSavings: number;
  stateSavings: number;
  totalAnnualSavings: number;
  savingsPercentage: number;
  barPercentage: number;
  isLowBill: boolean;
  hasStateIncentives: boolean;
  /** False from the day the federal solar credit ends for new projects: no federal line then. */
  federalCreditAvailable: boolean;
  statePrograms: CountedProgram[];
};

type ProgramRow = { title: string; moneyValue?: string | null; status?: string | null; expiresOn?: string | null };

/** The state's programs the state line may count: a money value, and not expired on `today`. */
export function countedStatePrograms(rows: readonly ProgramRow[], today: IsoDate): CountedProgram[] {
  return rows.flatMap((row) =>
    row.moneyValue && incentiveStatus(row, today) !== "Expired"
      ? [{ title: row.title, moneyValue: row.moneyValue, endLabel: endDateLabel(row.expiresOn, today) }]
      : [],
  );
}

export function federalSolarCreditAvailable(today: IsoDate): boolean {
  return !hasExpired(SOLAR_CREDIT_EXPIRES_ON, today);
}

export function calculateSavings(input: {
  monthlyBill: number;
  state: string;
  stateName: string;
  statePrograms: readonly CountedProgram[];
  federalCreditAvailable: boolean;
}): CalculatorResult {
  const annualBill = input.monthlyBill * 12;
  const costBasis = annualBill * 8;
  const hasStateIncentives = input.statePrograms.length > 0;
  const federalSavings = input.federalCreditAvailable ? costBasis * 0.3 : 0;
  const stateSavings = hasStateIncentives ? costBasis * 0.15 : 0;
  const totalAnnualSavings = annualBill * 0.7;
  const savingsPercentage = annualBill > 0 ? Math.round((totalAnnualSavings / annualBill) * 100) : 0;
  return {
    monthlyBill: input.monthlyBill,
    state: input.state,
    stateName: input.stateName,
    annualBill,
    costBasis,
    federalSavings,
    stateSavings,
    totalAnnualSavings,
    savingsPercentage,
    barPercentage: Math.min(100, Math.max(0, savingsPercentage)),
    isLowBill: input.monthlyBill < LOW_BILL_THRESHOLD,
    hasStateIncentives,
    federalCreditAvailable: input.federalCreditAvailable,
    statePrograms: [...input.statePrograms],
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Money in US dollars with no decimals (spec section 9). */
export function formatUsd(value: number): string {
  return usd.format(Math.round(value));
}
