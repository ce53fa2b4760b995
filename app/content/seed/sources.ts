import type { BuiltInIncentive, BuiltInPolicyUpdate } from "~/lib/built-in-content";
import { type ContentSource, SOURCES_MAX } from "~/lib/content-schemas/sources";
import { guideSources } from "../buyers-guide";
import { COST_BANDS, ENERGY_SHARE_OF_BILL_PCT } from "../solar-data/parameters";
import { COMMERCIAL_PRICES } from "../solar-data/prices";
import { SPECIFIC_YIELDS } from "../solar-data/yields";

/**
 * A record's first source is the page its card links to; calculator terms and other statements add
 * theirs (fact check 2026-11-25, buyer's guide research 2026-11-26, docs/buyers-guide-sources.md).
 */
const PUBLIC_LAW_119_21 = "https://www.govinfo.gov/content/pkg/PLAW-119publ21/html/PLAW-119publ21.htm";

const factCheck = {
  // The enrolled text as the Government Publishing Office publishes it (congress.gov refuses scripts).
  law30C: { url: PUBLIC_LAW_119_21, keyTerm: "70504" },
  law25D: { url: PUBLIC_LAW_119_21, keyTerm: "70506" },
  law179D: { url: PUBLIC_LAW_119_21, keyTerm: "70507" },
  law168: { url: PUBLIC_LAW_119_21, keyTerm: "70509" },
  reapDelay: { url: "https://biodieselmagazine.com/articles/usda-delays-fy-2026-reap-application-period" },
  reapLimits: {
    url: "https://www.farms.com/ag-industry-news/usda-curbs-solar-on-prime-farmland-and-foreign-panels-435.aspx",
  },
  costRecovery: {
    url: "https://www.irs.gov/credits-deductions/cost-recovery-for-qualified-clean-energy-facilities-property-and-technology",
  },
  illinoisShines2024: { url: "https://illinoisshines.com/welcome-to-illinois-shines-program-year-2024-25/" },
  sgipExtension: { url: "https://eecoordinator.info/legislative-database/sb-453/" },
} as const;

const source = (page: { url: string; keyTerm?: string }, supports: string): ContentSource => ({
  url: page.url,
  supports,
  ...(page.keyTerm ? { keyTerm: page.keyTerm } : {}),
});

const inServiceDeadline = source(
  guideSources.law,
  "Public Law 119-21 §§70512–70513: a solar facility whose construction began after July 4, 2026 earns the credit only if placed in service by December 31, 2027.",
);

const incentiveExtraSources: Record<string, readonly ContentSource[]> = {
  "in-iurc-excess-distributed-generation": [
    {
      url: "https://codes.findlaw.com/in/title-6-taxation/in-code-sect-6-1-1-12-26-1/",
      supports:
        "IC 6-1.1-12-26.1(f): the solar property tax deduction applies only to assessment dates before January 1, 2025.",
      keyTerm: "6-1.1-12-26.1",
    },
  ],
  "wa-solar-sales-tax-exemption": [
    {
      url: "https://app.leg.wa.gov/RCW/default.aspx?cite=82.08.962",
      supports: "RCW 82.08.962 expires January 1, 2030: the exemption runs through December 31, 2029.",
      keyTerm: "82.08.962",
    },
  ],
  "nm-solar-market-development-tax-credit": [
    {
      url: "https://the-journal.com/articles/solar-market-development-tax-credit-application-cap-met",
      supports: "The 2023 statewide cap was reached by February 7: applications after that were not accepted.",
    },
    {
      url: "https://www.emnrd.nm.gov/ecmd/tax-incentives/solar-market-development-tax-credit-smdtc/",
      supports: "The 2024 tax law (HB 252) raised the annual statewide cap to $30 million per tax year.",
      keyTerm: "$30 million",
    },
    {
      url: "https://www.srca.nm.gov/parts/title03/03.003.0014.html",
      supports: "3.3.14.8 NMAC: the credit may be claimed for taxable years prior to January 1, 2032.",
      keyTerm: "2032",
    },
  ],
  "clean-electricity-investment-credit": [
    source(
      guideSources.usc48E,
      "The 6% base rate, the 30% rate for systems under 1 MW (AC) or meeting the wage and apprenticeship rules (§48E(a)).",
    ),
    inServiceDeadline,
    source(guideSources.vacatur, "The June 6, 2026 court decision vacating IRS Notice 2025-42."),
  ],
  "bonus-depreciation": [
    source(guideSources.usc168, "100% bonus depreciation for property acquired after January 19, 2025 (§168(k))."),
    source(guideSources.usc50, "The depreciable basis is reduced by half of an investment credit (§50(c))."),
  ],
  "usda-reap": [
    source(factCheck.reapDelay, "USDA delayed the FY2026 REAP application windows."),
    source(
      factCheck.reapLimits,
      "The August 2025 limits: large ground-mounted systems, certified cropland and foreign-adversary panels.",
    ),
  ],
  "energy-storage-investment-credit": [
    source(
      guideSources.usc45Y,
      "Energy storage's phase-down by the year construction begins: full credit through 2033 starts, 75% for 2034, 50% for 2035 (§48E(e), which applies §45Y(d)'s schedule).",
    ),
    source(guideSources.husch, "Storage's prohibited-foreign-entity cost shares: 55% for 2026 starts, 60% for 2027."),
  ],
  "macrs-energy-property": [
    source(factCheck.costRecovery, "The IRS's description of the 5-year recovery class for §48E and §45Y property."),
    source(
      factCheck.law168,
      "Public Law 119-21 §70509 strikes the 5-year class for §48E and §45Y property whose construction begins after December 31, 2024 (the IRS page above still says 5-year); which class applies instead, advisers read differently.",
    ),
  ],
  "energy-community-bonus": [
    source(guideSources.usc48E, "The energy community increase of the credit rate (§48E(a)(3))."),
    inServiceDeadline,
  ],
  "domestic-content-bonus": [
    source(
      guideSources.domesticContent,
      "For elective pay on facilities of 1 MW or more, the domestic-content rule decides the payment (0% for starts after 2025 without it).",
    ),
    source(guideSources.appa, "The Treasury exceptions: a cost increase over 25% and non-availability."),
    inServiceDeadline,
  ],
  "low-income-communities-bonus": [
    source(guideSources.usc48E, "The bonus of 10 or 20 percentage points for facilities under 5 MW (AC) (§48E(h))."),
    inServiceDeadline,
  ],
  "ev-charger-credit-30c": [
    source(factCheck.law30C, "Public Law 119-21 §70504 ends §30C for property placed in service after June 30, 2026."),
  ],
  "elective-pay-and-transferability": [
    source(
      guideSources.usc6417,
      "Elective payment of applicable credits for tax-exempt and government entities (§6417).",
    ),
    source(
      guideSources.domesticContent,
      "The elective-pay reduction to 90%, 85% and then 0% without domestic content.",
    ),
  ],
};

const policyExtraSources: Record<string, readonly ContentSource[]> = {
  "2025-07-obbba-wind-solar-deadlines": [
    inServiceDeadline,
    source(guideSources.ey, "The beginning-of-construction rules the IRS set for wind and solar in 2025."),
  ],
  "2025-07-bonus-depreciation-permanent": [
    source(guideSources.notice202611, "IRS Notice 2026-11: interim guidance on the restored 100% deduction."),
  ],
  "2025-07-elective-pay-transferability-kept": [
    source(guideSources.usc6417, "Elective pay stays in the Code (§6417) after the 2025 law."),
  ],
  "2025-08-notice-2025-42-begin-construction": [
    source(guideSources.nixon, "What Notice 2025-42 changed: the physical-work test for projects over 1.5 MW."),
    source(guideSources.vacatur, "The court vacated the notice on June 6, 2026."),
  ],
  "2026-01-residential-clean-energy-credit-ended": [
    source(factCheck.law25D, "Public Law 119-21 §70506: §25D ends for expenditures made after December 31, 2025."),
  ],
  "2026-01-prohibited-foreign-entity-rules": [
    source(guideSources.usc7701, "The statutory definitions of prohibited foreign entity and material assistance."),
    source(
      guideSources.notice202615,
      "IRS Notice 2026-15: the material assistance cost ratio and supplier certifications.",
    ),
  ],
  "2026-06-court-vacates-notice-2025-42": [
    source(
      guideSources.continuity2025,
      "The four-year continuity safe harbor for projects that began construction in time.",
    ),
  ],
  "2026-07-ev-charger-credit-30c-ended": [
    source(factCheck.law30C, "Public Law 119-21 §70504: §30C ends for property placed in service after June 30, 2026."),
  ],
  "2026-07-179d-deduction-ended": [
    source(
      factCheck.law179D,
      "Public Law 119-21 §70507: §179D ends for property whose construction begins after June 30, 2026.",
    ),
  ],
  "2026-07-solar-begin-construction-window-closed": [inServiceDeadline],
  "2025-06-illinois-shines-program-year": [
    source(factCheck.illinoisShines2024, "Program years open in June: the 2024-25 year opened on June 3, 2024."),
  ],
  "2026-11-california-sgip-authorization-lapsed": [
    source(
      factCheck.sgipExtension,
      "SB 453 as amended in March 2025, which would have extended SGIP to 2028 (the version that passed the Senate no longer did).",
    ),
  ],
};

const deadlineSources = [
  inServiceDeadline,
  source(guideSources.ey, "The July 4, 2026 beginning-of-construction cut-off for wind and solar."),
];

export const blockSources = {
  site_banner: deadlineSources,
  policy_watch_alert: [
    source(guideSources.law, "The cut was made by Public Law 119-21, signed July 4, 2025 (§§70512–70513)."),
    ...deadlineSources.slice(1),
  ],
  policy_watch_cta: deadlineSources,
  incentive_cuts_banner: [
    ...deadlineSources,
    source(
      guideSources.usc48E,
      "The 30% rate needs a system under 1 MW (AC) or the prevailing wage and apprenticeship rules (§48E(a)).",
    ),
  ],
  homepage_hero: [
    source(
      { url: "https://www.eia.gov/consumption/commercial/data/2012/c&e/cfm/c14.php" },
      "Electricity use per building by activity (EIA CBECS 2012, table C14): inpatient health care, food sales and food service buildings use several times the average building's.",
    ),
    source(
      { url: "https://www.eia.gov/electricity/annual/secrev-map.php" },
      "Commercial electricity prices by state, which decide whether a system's savings repay its cost.",
    ),
  ],
  how_it_works_intro: [
    source(
      {
        url: "https://prairiestatewire.com/stories/673803885-illinois-steps-up-clean-energy-support-with-3-new-policies-or-incentives-in-2024",
      },
      "The number of clean energy policies and incentives differs widely by state (DSIRE counts for 2024).",
    ),
  ],
} satisfies Record<string, readonly ContentSource[]>;

const firstSource = (rows: Readonly<Record<string, { source: { url: string; year: number } }>>) =>
  Object.values(rows)[0]?.source ?? { url: "", year: 0 };

/**
 * An industry page's sources: the credit, the calculator figures of its example, and the pages
 * behind the topics its text raises.
 */
export function industrySources(pageText: string): ContentSource[] {
  const price = firstSource(COMMERCIAL_PRICES);
  const yields = firstSource(SPECIFIC_YIELDS);
  const cost = COST_BANDS[0]?.source ?? { url: "", year: 0 };
  const reap = source(
    {
      url: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
      keyTerm: "Rural Energy for America",
    },
    "REAP grants and loans for agricultural producers and rural small businesses.",
  );
  const topics: [RegExp, ContentSource][] = [
    [/REAP/, reap],
    [
      /\bbatter(?:y|ies)\b|energy storage/i,
      source(
        guideSources.usc45Y,
        "Storage keeps the full credit for construction begun before 2034 (§48E(e), which applies §45Y(d)'s schedule).",
      ),
    ],
    [
      /30C|charger/,
      source(
        factCheck.law30C,
        "The EV charger credit (§30C) ended for property placed in service after June 30, 2026.",
      ),
    ],
    [
      /elective pay/i,
      source(guideSources.electivePayPage, "Tax-exempt owners can receive the credit as a payment (elective pay)."),
    ],
  ];
  return merged([
    source(guideSources.usc48E, "The credit's 6% and 30% rates and the under-1 MW (AC) rule (§48E(a))."),
    inServiceDeadline,
    source(price, `Commercial electricity prices by state behind the worked example (EIA, ${price.year}).`),
    source(yields, `Yearly output per kW by state behind the worked example (NREL, ${yields.year}).`),
    source(cost, `Installed cost per watt by system size behind the worked example (${cost.year}).`),
    source(
      ENERGY_SHARE_OF_BILL_PCT.source,
      "Demand charges are 30–70% of many commercial bills, so the worked example counts half the bill as energy solar can reduce (NREL survey).",
    ),
    ...topics.filter(([pattern]) => pattern.test(pageText)).map(([, entry]) => entry),
  ]);
}

function merged(sources: readonly ContentSource[]): ContentSource[] {
  const byUrl = new Map<string, ContentSource>();
  for (const entry of sources) {
    const seen = byUrl.get(entry.url);
    if (!seen) byUrl.set(entry.url, { ...entry });
    else if (!seen.supports.includes(entry.supports))
      seen.supports = `${seen.supports} ${entry.supports}`.slice(0, 300);
  }
  return [...byUrl.values()].slice(0, SOURCES_MAX);
}

type IncentiveDraft = Omit<BuiltInIncentive, "sources">;
type PolicyDraft = Omit<BuiltInPolicyUpdate, "sources">;

function officialSupports(row: IncentiveDraft): string {
  const offer = row.moneyValue ? `what it offers (${row.moneyValue})` : "the rule as the card describes it";
  return `Who qualifies and ${offer}.`.slice(0, 300);
}

export function withIncentiveSources(rows: readonly IncentiveDraft[]): BuiltInIncentive[] {
  return rows.map((row) => ({
    ...row,
    sources: merged([
      { url: row.link, supports: officialSupports(row) },
      ...(row.calculatorTerms ?? []).map((terms) => ({
        url: terms.sourceUrl,
        supports: "The rate and limits the savings calculator counts for this program.",
      })),
      ...(incentiveExtraSources[row.slug] ?? []),
    ]),
  }));
}

export function withPolicySources(rows: readonly PolicyDraft[]): BuiltInPolicyUpdate[] {
  return rows.map((row) => ({
    ...row,
    sources: merged([
      { url: row.link, supports: `What this update reports: ${row.title}.` },
      ...(policyExtraSources[row.slug] ?? []),
    ]),
  }));
}
