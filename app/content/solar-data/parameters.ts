import type { CostBand, DataRow, SizeBand } from "~/lib/solar-model/types";

const REVIEWED = "2026-11-25";

/**
 * NREL REopt's roof-mount cost curve (ATB 2025, 2025 dollars), linear between each class's end
 * sizes as REopt does. Modelled, not market, costs: quotes often run higher (the +20% case). Below
 * 3 kW and above 10 MW the end prices hold.
 */
const REOPT = {
  title: "NREL REopt PV defaults by size class (roof mount, based on NREL ATB 2025): installed cost per kW",
  url: "https://github.com/NatLabRockies/REopt.jl/blob/a9d42b2f6771eb9f0fc1fcfe6c4cdc14d9015d2c/data/pv/pv_defaults.json",
  year: 2025,
  reviewedOn: "2026-11-29",
} as const;

function reoptBand(
  key: string,
  label: string,
  [minKw, maxKw]: [number, number | null],
  [atMin, atMax, average]: [number, number, number],
  note: string,
) {
  const ends = maxKw === null || atMin === atMax ? {} : { atMinKw: atMin / 1000, atMaxKw: atMax / 1000 };
  return { key, label, minKw, maxKw, value: average / 1000, ...ends, unit: "$/W DC", note, source: REOPT };
}

export const COST_BANDS: readonly (CostBand & { key: string })[] = [
  reoptBand("micro", "under 3 kW", [0, 3], [5954, 5954, 5954], "REopt's curve starts at 3 kW: its 3 kW price."),
  reoptBand(
    "tiny",
    "3–11 kW (ATB 2025)",
    [3, 11],
    [5954, 2746, 3239],
    "REopt class 1: $5,954/kW at 3 kW to $2,746/kW at 11 kW (average $3,239/kW).",
  ),
  reoptBand(
    "small",
    "11–100 kW (ATB 2025)",
    [11, 100],
    [2746, 1942, 2344],
    "REopt small commercial: $2,746/kW at 11 kW to $1,942/kW at 100 kW (average $2,344/kW).",
  ),
  reoptBand(
    "large",
    "100–2,000 kW (ATB 2025)",
    [100, 2000],
    [1942, 1613, 1772],
    "REopt large commercial: $1,942/kW at 100 kW to $1,613/kW at 2,000 kW (average $1,772/kW).",
  ),
  reoptBand(
    "industrial",
    "2,000–10,000 kW (ATB 2025)",
    [2000, 10_000],
    [1613, 1480, 1546],
    "REopt industrial: $1,613/kW at 2,000 kW to $1,480/kW at 10,000 kW (average $1,546/kW).",
  ),
  reoptBand(
    "largest",
    "10,000 kW and up",
    [10_000, null],
    [1480, 1480, 1480],
    "REopt's roof curve ends at 10 MW: its 10 MW price.",
  ),
];

export const DEGRADATION_PCT: DataRow = {
  value: 0.5,
  unit: "%/yr",
  note: "Median of nearly 2,000 measured rates.",
  source: {
    title: "Jordan & Kurtz (NREL), Photovoltaic Degradation Rates — an Analytical Review, Prog. Photovolt. 21:12",
    url: "https://onlinelibrary.wiley.com/doi/10.1002/pip.1182/abstract",
    year: 2011,
    reviewedOn: REVIEWED,
  },
};

/** REopt's commercial/industrial financial defaults, nominal rates. */
const REOPT_FINANCE = {
  title: "NREL REopt commercial/industrial defaults: Financial",
  url: "https://github.com/NREL/REopt.jl/blob/029db01dc17ddfc726b3fc5bb7fb72b8541cff0e/data/sector_dependent_defaults.json#L134-L147",
  year: 2026,
  reviewedOn: "2026-11-29",
} as const;

export const PRICE_ESCALATION_PCT: DataRow = {
  value: 1.66,
  unit: "%/yr",
  note: "Electricity cost escalation 0.0166; not a forecast for your utility.",
  source: REOPT_FINANCE,
};

export const DISCOUNT_RATE_PCT: DataRow = {
  value: 6.24,
  unit: "%/yr",
  note: "Discount rate 0.0624; enter your own cost of capital.",
  source: REOPT_FINANCE,
};

export const OM_ESCALATION_PCT: DataRow = {
  value: 2.5,
  unit: "%/yr",
  note: "O&M cost escalation 0.025.",
  source: REOPT_FINANCE,
};

/** O&M steps per REopt size class (ATB 2025, 2025 dollars). */
const omBand = (key: string, label: string, [minKw, maxKw]: [number, number | null], value: number, note: string) => ({
  key,
  label,
  minKw,
  maxKw,
  value,
  unit: "$/kW DC-yr",
  note,
  source: REOPT,
});

export const OM_BANDS: readonly (SizeBand & { key: string })[] = [
  omBand("small", "under 11 kW", [0, 11], 32, "REopt class 1 (3–11 kW); smaller systems the same."),
  omBand("commercial", "11–100 kW", [11, 100], 25, "REopt small commercial (11–100 kW)."),
  omBand("large", "100–2,000 kW", [100, 2000], 18, "REopt large commercial (100–2,000 kW)."),
  omBand("industrial", "2,000 kW and up", [2000, null], 19, "REopt industrial (2–10 MW) and utility (10–100 MW)."),
];

/** Federal corporate rate only: state income tax is the visitor's to add. */
export const FEDERAL_TAX_RATE_PCT: DataRow = {
  value: 21,
  unit: "%",
  note: "26 U.S.C. §11(b).",
  source: {
    title: "26 U.S. Code §11 — Tax imposed (corporations)",
    url: "https://www.law.cornell.edu/uscode/text/26/11",
    year: 2018,
    reviewedOn: REVIEWED,
  },
};

/**
 * Solar lowers the energy part of a bill, not demand or fixed charges. NREL: demand charges are
 * "anywhere from 30% to 70%" of a commercial bill; default is the middle.
 */
export const ENERGY_SHARE_OF_BILL_PCT: DataRow & { low: number; high: number } = {
  value: 50,
  low: 30,
  high: 70,
  unit: "% of the bill",
  note: "The middle of NREL's range (demand charges 30–70% of a bill); read yours from your bill's energy and demand lines.",
  source: {
    title:
      "NREL, Identifying Potential Markets for Behind-the-Meter Battery Energy Storage: A Survey of U.S. Demand Charges",
    url: "https://www.nrel.gov/solar/demand-charge-battery-storage.html",
    year: 2017,
    reviewedOn: "2026-11-26",
  },
};
