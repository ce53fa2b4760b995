import type { CostBand, DataRow } from "~/lib/solar-model/types";

const REVIEWED = "2026-11-25";

/**
 * Installed cost. The stored source gives two non-residential medians (2018 data: $3.0/W small,
 * $2.4/W large) but not the size boundary between them, so the higher one is used for every size
 * (never understates cost). Old data: the visitor's quote should replace it.
 */
export const COST_BANDS: readonly (CostBand & { key: string })[] = [
  {
    key: "all",
    label: "small non-residential median, 2018",
    minKw: 0,
    maxKw: null,
    value: 3.0,
    unit: "$/W DC",
    note: "Same source: large non-residential median $2.4/W; band boundary not stated in the stored copy.",
    source: {
      title: "Berkeley Lab, Tracking the Sun (2019 edition): national median installed prices in 2018",
      url: "https://emp.lbl.gov/tracking-the-sun/",
      year: 2018,
      reviewedOn: REVIEWED,
    },
  },
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

export const PRICE_ESCALATION_PCT: DataRow = {
  value: 2.2,
  unit: "%/yr",
  note: "The cost-increase factor 1.022 Google's Solar API uses for US locations; not a forecast.",
  source: {
    title: "Google Maps Platform Solar API: calculate solar costs and savings (US only) — costIncreaseFactor",
    url: "https://developers.google.com/maps/documentation/solar/calculate-costs-us",
    year: 2025,
    reviewedOn: REVIEWED,
  },
};

export const DISCOUNT_RATE_PCT: DataRow = {
  value: 4,
  unit: "%/yr",
  note: "The discount rate 1.04 Google's Solar API uses for US locations; enter your own cost of capital.",
  source: {
    title: "Google Maps Platform Solar API: calculate solar costs and savings (US only) — discountRate",
    url: "https://developers.google.com/maps/documentation/solar/calculate-costs-us",
    year: 2025,
    reviewedOn: REVIEWED,
  },
};

export const OM_PER_KW_YEAR: DataRow = {
  value: 18,
  unit: "$/kW DC-yr",
  note: "Commercial PV fixed O&M based on 2018 pricing; NREL's range $0–40/kW-yr.",
  source: {
    title: "NREL Annual Technology Baseline 2020, Commercial PV: operation and maintenance costs",
    url: "https://atb.nrel.gov/electricity/2020/index.php?t=sd&s=om",
    year: 2018,
    reviewedOn: REVIEWED,
  },
};

/** Federal corporate rate only: state income tax is the visitor's to add. */
export const FEDERAL_TAX_RATE_PCT: DataRow = {
  value: 21,
  unit: "%",
  note: "26 U.S.C. §11(b); not found in the stored search sources, taken from the statute.",
  source: {
    title: "26 U.S. Code §11 — Tax imposed (corporations)",
    url: "https://www.law.cornell.edu/uscode/text/26/11",
    year: 2018,
    reviewedOn: REVIEWED,
  },
};

/**
 * Solar lowers the energy (kWh) part of a bill, not demand or fixed charges. NREL: demand charges
 * are "anywhere from 30% to 70%" of a commercial bill in many cases; the middle is the default and
 * both ends are shown as the range.
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
