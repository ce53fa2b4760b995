/**
 * Tax depreciation of the system (five-year property): bonus depreciation in the first year, the
 * rest over 5-year MACRS with the half-year convention (IRS Publication 946, Table A-1).
 */
const MACRS_5_YEAR_PCT = [20, 32, 19.2, 11.52, 11.52, 5.76] as const;

/** Property acquired (self-built: construction begun) from this day gets 100% bonus (P.L. 119-21). */
export const BONUS_RESTORED_FROM = "2025-01-20";

/** The TCJA phase-down kept for property acquired before January 20, 2025, by year placed in service. */
const PHASE_DOWN_PCT: Readonly<Record<number, number>> = { 2022: 100, 2023: 80, 2024: 60, 2025: 40, 2026: 20 };

export function bonusPct(args: { startedBeforeRestoration: boolean; inServiceYear: number }): number {
  if (!args.startedBeforeRestoration) return 100;
  return PHASE_DOWN_PCT[args.inServiceYear] ?? (args.inServiceYear < 2022 ? 100 : 0);
}

/** Deductions by year (year 1 first): the bonus share at once, the rest by the MACRS table. */
export function depreciationByYear(basis: number, bonus: number): number[] {
  // At 100% the whole basis at once: basis × 100 ÷ 100 can differ from basis in the last bit.
  const bonusPart = bonus >= 100 ? basis : (basis * bonus) / 100;
  const rest = Math.max(0, basis - bonusPart);
  return MACRS_5_YEAR_PCT.map((pct, i) => (i === 0 ? bonusPart : 0) + (rest * pct) / 100);
}
