/**
 * The federal dates that decide what a new commercial solar project can still claim, under
 * Public Law 119-21 (signed July 4, 2025). One place, used by the seed, the built-in fallbacks
 * and the calculator, so they can never disagree.
 */

/**
 * Sections 48E/45Y end for wind and solar placed in service after December 31, 2027 (unless
 * construction began by July 4, 2026): from this day a new project gets no federal credit.
 */
export const SOLAR_CREDIT_EXPIRES_ON = "2028-01-01";

/** Section 30C (EV chargers) ended for property placed in service after June 30, 2026. */
export const EV_CHARGER_CREDIT_EXPIRES_ON = "2026-07-01";
