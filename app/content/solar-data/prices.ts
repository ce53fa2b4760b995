import type { DataRow } from "~/lib/solar-model/types";

/**
 * EIA Electric Power Annual 2023 (released Oct 17, 2024), commercial average revenue per kWh:
 * includes demand and fixed charges, so an upper bound on savings. Wyoming: EIA's 2022 figure via a
 * state report.
 */
const SOURCE = {
  title: "EIA Electric Power Annual (data for 2023): average revenue per kilowatthour by state and sector",
  url: "https://www.eia.gov/electricity/annual/secrev-map.php",
  year: 2023,
  reviewedOn: "2026-11-25",
} as const;

function eia(centsPerKwh: number): DataRow {
  return {
    value: Math.round(centsPerKwh * 100) / 10000,
    unit: "$/kWh",
    source: SOURCE,
    note: `${centsPerKwh} cents/kWh`,
  };
}

export const COMMERCIAL_PRICES: Readonly<Record<string, DataRow>> = {
  AL: eia(13.16),
  AK: eia(20.87),
  AZ: eia(11.79),
  AR: eia(10.34),
  CA: eia(23.91),
  CO: eia(11.64),
  CT: eia(19.99),
  DE: eia(11.83),
  FL: eia(11.95),
  GA: eia(10.7),
  HI: eia(39.03),
  ID: eia(8.78),
  IL: eia(11.24),
  IN: eia(12.55),
  IA: eia(10.33),
  KS: eia(10.85),
  KY: eia(11.38),
  LA: eia(10.45),
  ME: eia(17.88),
  MD: eia(12.77),
  MA: eia(19.62),
  MI: eia(13.4),
  MN: eia(12.39),
  MS: eia(12.37),
  MO: eia(10.14),
  MT: eia(12.11),
  NE: eia(8.76),
  NV: eia(11.91),
  NH: eia(20.4),
  NJ: eia(14.0),
  NM: eia(10.68),
  NY: eia(18.01),
  NC: eia(9.67),
  ND: eia(7.38),
  OH: eia(10.75),
  OK: eia(9.34),
  OR: eia(9.92),
  PA: eia(11.26),
  RI: eia(17.68),
  SC: eia(10.39),
  SD: eia(10.16),
  TN: eia(11.8),
  TX: eia(8.82),
  UT: eia(8.51),
  VT: eia(18.0),
  VA: eia(8.95),
  WA: eia(9.92),
  WV: eia(11.03),
  WI: eia(12.76),
  WY: {
    value: 0.0955,
    unit: "$/kWh",
    note: "9.55 cents/kWh in 2022 (EIA data reprinted in the report's Table 43); the 2023 figure was not in the stored EIA page.",
    source: {
      title:
        "Washington Research Council, 2024 Competitiveness Redbook, p. 50: Table 43, average retail price per kWh for commercial customers (U.S. Department of Energy data, 2022)",
      url: "https://viewer.joomag.com/2024-competitiveness-redbook/0069657001706313618/p50",
      year: 2022,
      reviewedOn: "2026-11-26",
    },
  },
};
