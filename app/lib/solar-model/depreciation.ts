// Five-year property: bonus in year one, the rest by 5-year MACRS, half-year convention
// (IRS Publication 946, Table A-1).
const MACRS_5_YEAR_PCT = [20, 32, 19.2, 11.52, 11.52, 5.76] as const;

/** 100% bonus for property acquired (self-built: construction begun) from this day (P.L. 119-21). */
export const BONUS_RESTORED_FROM = "2025-01-20";

/** TCJA phase-down for property acquired before 2025-01-20, by year placed in service. */
const PHASE_DOWN_PCT: Readonly<Record<number, number>> = { 2022: 100, 2023: 80, 2024: 60, 2025: 40, 2026: 20 };

export function bonusPct(args: { startedBeforeRestoration: boolean; inServiceYear: number }): number {
  if (!args.startedBeforeRestoration) return 100;
  return PHASE_DOWN_PCT[args.inServiceYear] ?? (args.inServiceYear < 2022 ? 100 : 0);
}

export function depreciationByYear(basis: number, bonus: number): number[] {
  // At 100% the whole basis at once: basis × 100 ÷ 100 can differ from basis in the last bit.
  const bonusPart = bonus >= 100 ? basis : (basis * bonus) / 100;
  const rest = Math.max(0, basis - bonusPart);
  return MACRS_5_YEAR_PCT.map((pct, i) => (i === 0 ? bonusPart : 0) + (rest * pct) / 100);
}
