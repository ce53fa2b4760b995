/**
 * Federal dates under Public Law 119-21 (signed July 4, 2025); one place so the seed, fallbacks and
 * calculator never disagree.
 */

/**
 * 48E/45Y end for wind and solar placed in service after Dec 31, 2027 (unless construction began by
 * July 4, 2026).
 */
export const SOLAR_CREDIT_EXPIRES_ON = "2028-01-01";

/** 30C ended for property placed in service after June 30, 2026. */
export const EV_CHARGER_CREDIT_EXPIRES_ON = "2026-07-01";
