import type { StructuredIncentive } from "~/lib/solar-model/types";

const REVIEWED = "2026-11-25";

/**
 * Structured values for the state programs the fact check (2026-11-25, E4) verified. Until the
 * incentive records carry a structured value in the database, the model counts only these.
 */
export const STRUCTURED_STATE_INCENTIVES: readonly StructuredIncentive[] = [
  {
    slug: "nm-solar-market-development-tax-credit",
    state: "NM",
    title: "New Mexico New Solar Market Development Tax Credit",
    value: { kind: "percent-of-cost", percent: 10 },
    capPerYear: 6000,
    owners: ["taxable"],
    endsOn: null,
    unconfirmed: false,
    conditions:
      "10% of cost, up to $6,000 per taxpayer per year; personal income tax (sole proprietors, pass-through owners, farms); statewide annual cap; EMNRD certification.",
    source: {
      title: "KRWG: bill reinstating New Mexico solar tax credit passes, heads to governor",
      url: "https://www.krwg.org/post/bill-reinstating-new-mexico-solar-tax-credit-passes-heads-governor-signature",
      year: 2020,
      reviewedOn: REVIEWED,
    },
  },
  {
    slug: "sc-solar-energy-tax-credit",
    state: "SC",
    title: "South Carolina Solar Energy Tax Credit",
    value: { kind: "percent-of-cost", percent: 25 },
    capPerYear: 3500,
    carryForwardYears: 10,
    owners: ["taxable"],
    endsOn: null,
    unconfirmed: false,
    conditions:
      "25% of cost; each year at most $3,500 per facility or half the tax liability, whichever is less; the excess carries forward up to 10 years.",
    source: {
      title: "S.C. Code §12-6-3587 (Justia, 2021)",
      url: "https://law.justia.com/codes/south-carolina/2021/title-12/chapter-6/section-12-6-3587/",
      year: 2021,
      reviewedOn: REVIEWED,
    },
  },
  {
    slug: "ut-renewable-energy-systems-tax-credit",
    state: "UT",
    title: "Utah Commercial Renewable Energy Systems Tax Credit",
    value: { kind: "percent-of-cost", percent: 10 },
    capPerProject: 50000,
    storageRequiredFromKw: 660,
    owners: ["taxable"],
    inServiceBefore: "2028-01-01",
    endsOn: null,
    unconfirmed: false,
    conditions:
      "10% of eligible cost up to $50,000 (larger systems may take a production credit instead); placed in service before January 1, 2028; 660 kW or more must include storage (S.B. 192).",
    source: {
      title: "Utah H.B. 264 (2025), enrolled",
      url: "https://le.utah.gov/Session/2025/bills/enrolled/HB0264.xml",
      year: 2025,
      reviewedOn: REVIEWED,
    },
  },
];
