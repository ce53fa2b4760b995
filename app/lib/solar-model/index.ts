export { irrPct, npv, paybackYears } from "./finance";
export { estimate, LIFETIME_YEARS, MODEL_VERSION } from "./model";
export type * from "./types";
