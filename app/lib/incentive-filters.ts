export type IncentiveType = "Federal" | "State" | "Utility";
export const incentiveTypes: readonly IncentiveType[] = ["Federal", "State", "Utility"];

export type PolicyStatus = "At Risk" | "Confirmed" | "Extended" | "Expired";
export const policyStatuses: readonly PolicyStatus[] = ["At Risk", "Confirmed", "Extended", "Expired"];

/** Spec section 9: Local is styled but not offered. */
export type PolicyLevelFilter = "Federal" | "State";
export const policyLevelFilters: readonly PolicyLevelFilter[] = ["Federal", "State"];
