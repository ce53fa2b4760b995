import type { DataRow } from "~/lib/solar-model/types";

/**
 * Average revenue per kWh sold to commercial customers, by state, 2023 (EIA Electric Power Annual,
 * released October 17, 2024). It includes demand and fixed charges, so it is an upper bound on
 * what a kWh of solar saves. Wyoming's row was cut from the stored copy of that page: its figure is
 * EIA's 2022 average as reprinted in a state report's table (older, and labelled so).
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
  AL: eia(13.16), // Alabama
  AK: eia(20.87), // Alaska
  AZ: eia(11.79), // Arizona
  AR: eia(10.34), // Arkansas
  CA: eia(23.91), // California
  CO: eia(11.64), // Colorado
  CT: eia(19.99), // Connecticut
  DE: eia(11.83), // Delaware
  FL: eia(11.95), // Florida
  GA: eia(10.7), // Georgia
  HI: eia(39.03), // Hawaii
  ID: eia(8.78), // Idaho
  IL: eia(11.24), // Illinois
  IN: eia(12.55), // Indiana
  IA: eia(10.33), // Iowa
  KS: eia(10.85), // Kansas
  KY: eia(11.38), // Kentucky
  LA: eia(10.45), // Louisiana
  ME: eia(17.88), // Maine
  MD: eia(12.77), // Maryland
  MA: eia(19.62), // Massachusetts
  MI: eia(13.4), // Michigan
  MN: eia(12.39), // Minnesota
  MS: eia(12.37), // Mississippi
  MO: eia(10.14), // Missouri
  MT: eia(12.11), // Montana
  NE: eia(8.76), // Nebraska
  NV: eia(11.91), // Nevada
  NH: eia(20.4), // New Hampshire
  NJ: eia(14.0), // New Jersey
  NM: eia(10.68), // New Mexico
  NY: eia(18.01), // New York
  NC: eia(9.67), // North Carolina
  ND: eia(7.38), // North Dakota
  OH: eia(10.75), // Ohio
  OK: eia(9.34), // Oklahoma
  OR: eia(9.92), // Oregon
  PA: eia(11.26), // Pennsylvania
  RI: eia(17.68), // Rhode Island
  SC: eia(10.39), // South Carolina
  SD: eia(10.16), // South Dakota
  TN: eia(11.8), // Tennessee
  TX: eia(8.82), // Texas
  UT: eia(8.51), // Utah
  VT: eia(18.0), // Vermont
  VA: eia(8.95), // Virginia
  WA: eia(9.92), // Washington
  WV: eia(11.03), // West Virginia
  WI: eia(12.76), // Wisconsin
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
