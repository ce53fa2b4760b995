/**
 * The date the suite's server lives on (CLOCK_TODAY): the day the content was last fact-checked.
 * Statuses and the calculator follow the date, so a pinned day keeps tests meaning the same as
 * programs end; tests/e2e/dated-status.spec.ts moves it to either side of a deadline.
 */
export const E2E_TODAY = "2026-11-23";
