/**
 * Spec section 9, the savings formula, exactly:
 *   annual bill = monthly × 12; cost basis = annual × 8; federal = 30% of basis;
 *   state = 15% of basis only when the state has incentives; total annual savings = 70% of annual;
 *   percentage = total ÷ annual, rounded; the bar is capped at 100%.
 * The displayed total deliberately does not equal federal + state.
 */
export const LOW_BILL_THRESHOLD = 500;

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
};

export function calculateSavings(input: {
  monthlyBill: number;
  state: string;
  stateName: string;
  hasStateIncentives: boolean;
}): CalculatorResult {
  const annualBill = input.monthlyBill * 12;
  const costBasis = annualBill * 8;
  const federalSavings = costBasis * 0.3;
  const stateSavings = input.hasStateIncentives ? costBasis * 0.15 : 0;
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
    hasStateIncentives: input.hasStateIncentives,
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Money in US dollars with no decimals (spec section 9). */
export function formatUsd(value: number): string {
  return usd.format(Math.round(value));
}
