export { federalDecision } from "./federal";
export { irrPct, loanPayment, npv, paybackYears } from "./finance";
export { evaluateIncentive } from "./incentives";
export { estimate, LIFETIME_YEARS, MODEL_VERSION } from "./model";
export type * from "./types";
