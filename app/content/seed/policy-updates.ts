import type { BuiltInPolicyUpdate } from "~/lib/built-in-content";
import { withPolicySources } from "./sources";

/**
 * Built-in policy timeline, written in our own words for education rather than as tax or legal
 * advice. Each row is dated by the event it describes (`datePublished`), or by the day we wrote it
 * when it is our own status note; later developments get a new dated row. Each summary reflects
 * public sources as checked on the row's `lastReviewedAt` date; confirm details with the linked
 * agency and a qualified professional before acting on them.
 *
 * `expiresOn` is the first day the update's subject no longer applies (the day after the deadline
 * or the end of the time-limited state it describes), as "YYYY-MM-DD". From that day the site shows
 * the update as Expired whatever its `status`, so nobody has to edit the row when a deadline passes.
 * It is null when the update describes something ongoing or its statement stays true.
 */
export const policyUpdateSeed: BuiltInPolicyUpdate[] = withPolicySources([
  {
    slug: "2025-01-illinois-net-metering-supply-only",
    title: "Illinois moves new solar customers from full net metering to supply-only credits",
    summary:
      "Customers of ComEd, Ameren Illinois and MidAmerican who connect new systems from January 1, 2025 are credited for exported power at roughly the supply portion of the rate rather than the full retail rate. A one-time distributed generation rebate tied to smart inverters is meant to offset part of the difference. Systems approved under full retail net metering before the cutoff keep it.",
    status: "Confirmed",
    level: "State",
    datePublished: "2025-01-02",
    link: "https://www.ilga.gov/legislation/ilcs/fulltext.asp?DocName=022000050K16-107.5",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-01-treasury-final-rules-48e-45y",
    title: "Treasury finalizes rules for the technology-neutral clean electricity credits",
    summary:
      "In early January 2025 Treasury and the IRS issued final regulations for the Section 45Y production credit and Section 48E investment credit, which generally take over from the older Section 45 and 48 credits for projects placed in service after 2024. The rules explain which technologies qualify and how eligible costs are measured. Later legislation changed the deadlines, but these rules still shape how the credits are calculated.",
    status: "Confirmed",
    level: "Federal",
    datePublished: "2025-01-07",
    link: "https://www.federalregister.gov/documents/2025/01/15/2025-00196/section-45y-clean-electricity-production-credit-and-section-48e-clean-electricity-investment-credit",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-04-california-net-billing-tariff",
    title: "Two years on, California's net billing tariff is the standard for new solar customers",
    summary:
      "Since April 15, 2023, new interconnection applications with PG&E, Southern California Edison and SDG&E, including business customers, have been placed on the net billing tariff (often called NEM 3.0). Exports are credited at time-varying values that are usually well below retail rates, which makes on-site use and battery storage more important to project economics. Customers who applied earlier keep their legacy net metering terms for a limited period.",
    status: "Confirmed",
    level: "State",
    datePublished: "2025-04-15",
    link: "https://www.cpuc.ca.gov/industries-and-topics/electrical-energy/demand-side-management/net-energy-metering",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-06-illinois-shines-program-year",
    title: "Illinois Shines opens a new program year for distributed solar",
    summary:
      "Illinois Shines, run for the Illinois Power Agency, buys renewable energy credits from new distributed and community solar projects under long-term contracts, with capacity released in blocks each program year beginning in June. For commercial projects, the credit payment can be a meaningful share of project value alongside any federal credit. Block availability and prices change, so check the current status before budgeting.",
    status: "Confirmed",
    level: "State",
    datePublished: "2025-06-02",
    link: "https://illinoisshines.com/corrections-to-program-year-2025-26-program-guidebook-released-on-april-18-2025/",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-07-obbba-wind-solar-deadlines",
    title: "New federal law sets hard deadlines for wind and solar tax credits",
    summary:
      "Public Law 119-21, signed July 4, 2025 and often called the One Big Beautiful Bill Act, ends the Section 45Y and 48E credits for wind and solar facilities placed in service after December 31, 2027 unless construction began by July 4, 2026. Projects that started in time generally follow the IRS continuity rules, which usually allow about four calendar years to finish. Other technologies, including battery storage, keep a longer schedule.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2025-07-04",
    link: "https://www.congress.gov/bill/119th-congress/house-bill/1",
    expiresOn: "2028-01-01",
    endKind: "in-service",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-07-bonus-depreciation-permanent",
    title: "100% bonus depreciation restored and made permanent",
    summary:
      "The same July 2025 law brought back 100% first-year bonus depreciation for qualifying property acquired after January 19, 2025 and removed the scheduled phase-down. Businesses can generally deduct the full depreciable cost of a solar system in the year it is placed in service. State tax treatment varies, so ask your tax adviser how it applies to you.",
    status: "Confirmed",
    level: "Federal",
    datePublished: "2025-07-05",
    link: "https://www.law.cornell.edu/uscode/text/26/168",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-07-elective-pay-transferability-kept",
    title: "Elective pay and credit transfers remain available",
    summary:
      "The 2025 law kept elective (direct) pay for tax-exempt organizations and the option for businesses to sell eligible credits, while barring transfers to specified foreign entities. Nonprofits, churches, local governments and public hospitals can still receive eligible credits as payments, but for a facility of 1 MW or more that begins construction after 2025 the direct payment is reduced to 0% unless the project meets the domestic-content requirement or qualifies for a Treasury exception (the payment was 90% for 2024 starts and 85% for 2025 starts that missed it). Both options only help if the underlying credit still qualifies under the new deadlines.",
    status: "Confirmed",
    level: "Federal",
    datePublished: "2025-07-08",
    link: "https://www.irs.gov/credits-deductions/elective-pay-and-transferability",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-08-notice-2025-42-begin-construction",
    title: "IRS tightened the begin-construction test (Notice 2025-42, vacated June 6, 2026)",
    summary:
      "Notice 2025-42, issued August 15, 2025, removed the long-used 5% cost safe harbor for wind and most solar projects beginning construction on or after September 2, 2025; only solar facilities of 1.5 MW(ac) or less kept it. Larger projects had to show physical work of a significant nature, on site or under a binding contract off site, to count as started. On June 6, 2026 the U.S. District Court for the District of Columbia vacated the notice (Oregon Environmental Council v. IRS, No. 25-cv-4400 (CKK)); see the June 2026 entry.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2025-08-15",
    link: "https://www.irs.gov/pub/irs-drop/n-25-42.pdf",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-08-usda-reap-solar-limits",
    title: "USDA narrows REAP support for some solar projects",
    summary:
      "In August 2025 USDA announced it would stop funding solar on productive farmland and would not allow panels made by foreign adversaries in USDA-funded projects. For REAP, that means closer scrutiny of system size against on-site energy use, and ground-mounted solar over 50 kW is deprioritized or ineligible. USDA later delayed or cancelled its FY2026 application windows; see the November 2026 entry.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2025-08-18",
    link: "https://www.farms.com/ag-industry-news/usda-curbs-solar-on-prime-farmland-and-foreign-panels-435.aspx",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2025-09-massachusetts-smart-3-final",
    title: "Massachusetts SMART 3.0 regulations take full effect",
    summary:
      "The Department of Energy Resources launched SMART 3.0 under emergency regulations in June 2025 and finalized the rules, 225 CMR 28.00, in September 2025. The program pays a fixed per-kilowatt-hour incentive through the utilities, uses annual capacity with set-asides, and gives added value to canopy, landfill, brownfield and larger rooftop projects. Many larger projects must also include battery storage.",
    status: "Confirmed",
    level: "State",
    datePublished: "2025-09-12",
    link: "https://www.mass.gov/smart30",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-01-residential-clean-energy-credit-ended",
    title: "Residential clean energy credit (25D) has ended",
    summary:
      "The 30% credit that homeowners claimed for rooftop solar and batteries under Section 25D does not apply to expenditures made after December 31, 2025. It was a homeowner credit, so it never covered business-owned systems. Business owners who also installed solar at home in 2025 should confirm timing with their tax preparer.",
    status: "Expired",
    level: "Federal",
    datePublished: "2026-01-01",
    link: "https://www.irs.gov/credits-deductions/residential-clean-energy-credit",
    expiresOn: "2026-01-01",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-01-prohibited-foreign-entity-rules",
    title: "Prohibited foreign entity rules apply to new clean energy projects",
    summary:
      "Projects that begin construction after December 31, 2025 must keep the share of equipment and components sourced from prohibited foreign entities below set thresholds to claim the 48E credit, and owners themselves may not be specified or foreign-influenced entities. Interim Treasury guidance (Notice 2026-15, February 2026) explains how to calculate the ratio and lets owners rely on supplier certifications, with further rules expected. Ask suppliers early for documentation of where key components come from.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2026-01-02",
    link: "https://www.irs.gov/credits-deductions/clean-electricity-investment-credit",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-02-new-jersey-adi-incentives-held",
    title: "New Jersey keeps solar incentive levels in place while it reviews the program",
    summary:
      "In February 2026 the Board of Public Utilities said it would hold current incentive levels for its Administratively Determined Incentive program, part of the Successor Solar Incentive (SuSI) program, through the end of the energy year on May 31, 2026, while a triennial review considers the federal credit phase-out. The ADI program covers net-metered commercial projects up to 5 MW. The hold has since ended; see the November 2026 entry.",
    status: "Extended",
    level: "State",
    datePublished: "2026-02-20",
    link: "https://njcleanenergy.com/renewable-energy/programs/susi-program/adi-program",
    expiresOn: "2026-06-01",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-03-new-jersey-community-solar-expansion",
    title: "New Jersey expands community solar capacity",
    summary:
      "In March 2026 regulators approved a large expansion of the Community Solar Energy Program, with roughly 3 GW of new capacity divided among the utilities and set to stay open until subscribed or through 2029. Commercial rooftops, carports and landfills can host these projects. Incentive levels were lowered at the same time, so project economics need a fresh look.",
    status: "Extended",
    level: "State",
    datePublished: "2026-03-09",
    link: "https://njcleanenergy.com/renewable-energy/programs/solar-programs",
    expiresOn: "2030-01-01",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-06-court-vacates-notice-2025-42",
    title: "Federal court vacates the IRS begin-construction notice for wind and solar",
    summary:
      "On June 6, 2026 the U.S. District Court for the District of Columbia vacated Notice 2025-42 in its entirety and remanded it to the IRS (Oregon Environmental Council v. IRS, No. 25-cv-4400 (CKK)). If the vacatur stands, a solar project over 1.5 MW(ac) that paid or incurred at least 5% of its cost by July 4, 2026 may count as having begun construction, which would give it the four-year continuity window instead of the December 31, 2027 placed-in-service deadline. An appeal was expected; whether an appeal, a stay or new IRS guidance followed could not be confirmed as of November 23, 2026. The ruling does not reopen the July 4, 2026 date, so owners should get tax counsel before relying on it.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2026-06-06",
    link: "https://www.projectfinance.law/publications/us-court-reject-treasury-tightening-of-construction-start-rules",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-07-ev-charger-credit-30c-ended",
    title: "EV charger tax credit (30C) ends for new installations",
    summary:
      "Under the 2025 law, the Section 30C credit is not available for charging equipment placed in service after June 30, 2026. Chargers in service by that date in eligible census tracts may still qualify. State and utility make-ready programs are now the main source of help for new business chargers.",
    status: "Expired",
    level: "Federal",
    datePublished: "2026-07-01",
    link: "https://www.irs.gov/credits-deductions/alternative-fuel-vehicle-refueling-property-credit",
    expiresOn: "2026-07-01",
    endKind: "in-service",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-07-179d-deduction-ended",
    title: "Energy-efficient commercial building deduction (179D) closes to new projects",
    summary:
      "The 2025 law ends the Section 179D deduction for buildings or upgrades whose construction begins after June 30, 2026. Projects already under construction by then may still qualify if they meet the efficiency standards. Owners pairing solar with lighting, HVAC or envelope upgrades should confirm which parts of a project still count.",
    status: "Expired",
    level: "Federal",
    datePublished: "2026-07-01",
    link: "https://www.irs.gov/credits-deductions/energy-efficient-commercial-buildings-deduction",
    expiresOn: "2026-07-01",
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-07-solar-begin-construction-window-closed",
    title: "Begin-construction window for solar credits has closed",
    summary:
      "July 4, 2026 was the last day for wind and solar projects to begin construction and avoid the end-2027 placed-in-service deadline, so a new project can claim the 48E credit only if it is placed in service by December 31, 2027. The June 6, 2026 court ruling that vacated Notice 2025-42 can change which projects count as having begun construction, because it may restore the 5% cost safe harbor for projects over 1.5 MW(ac); whether the ruling was appealed or stayed could not be confirmed as of November 23, 2026. Owners of such projects should get tax counsel before abandoning or rescheduling them. Keep records proving your construction start date and schedule interconnection early.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2026-07-06",
    link: "https://www.irs.gov/credits-deductions/clean-electricity-investment-credit",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-10-ny-sun-commercial-incentives",
    title: "NY-Sun commercial incentives: check the current megawatt block",
    summary:
      "NYSERDA's NY-Sun program has paid per-watt incentives for small commercial and larger commercial and industrial solar through megawatt blocks that differ by region. Rates step down as each block fills, and some regions or sectors may already be fully subscribed, so the timing of an application affects the incentive. Check NYSERDA's block dashboards before budgeting.",
    status: "Confirmed",
    level: "State",
    datePublished: "2026-10-15",
    link: "https://www.nyserda.ny.gov/All-Programs/Programs/NY-Sun/Project-Developers/Commercial-Industrial-MW-Block",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-11-new-jersey-adi-hold-ended",
    title: "New Jersey's hold on ADI solar incentive levels has ended",
    summary:
      "The Board of Public Utilities held incentive values for the Administratively Determined Incentive (ADI) program, which covers net-metered commercial projects up to 5 MW, only through May 31, 2026. The values for energy year 2027, which began June 1, 2026, could not be confirmed as of November 23, 2026. Check the BPU and the New Jersey Clean Energy Program for current values before budgeting a project.",
    status: "At Risk",
    level: "State",
    datePublished: "2026-11-23",
    link: "https://njcleanenergy.com/renewable-energy/programs/susi-program/adi-program",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-11-usda-reap-funding-and-limits",
    title: "USDA REAP: smaller grant share, uncertain funding and tighter solar rules",
    summary:
      "REAP grants paid from base Farm Bill funds are capped at 25% of eligible project cost; the 50% share applied only to awards funded by the Inflation Reduction Act, and that money is running out. USDA delayed or cancelled its fiscal year 2026 application windows. Under the August 2025 USDA memo, REAP is limited to small projects: ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded, and panels from foreign adversaries are barred. Check USDA Rural Development for open application windows before counting on a grant.",
    status: "At Risk",
    level: "Federal",
    datePublished: "2026-11-23",
    link: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "2026-11-california-sgip-authorization-lapsed",
    title: "California's Self-Generation Incentive Program authorization has lapsed",
    summary:
      "State law authorized administration of the Self-Generation Incentive Program (SGIP), which has paid incentives for behind-the-meter battery storage, only until January 1, 2026, and ratepayer collections for the program ended in 2024. SB 453 (2025), which would have extended it to 2028, was moved to the inactive file on September 9, 2025. Whether any SGIP budget remains open could not be confirmed as of November 23, 2026, so check with the program administrators before counting on an incentive.",
    status: "At Risk",
    level: "State",
    datePublished: "2026-11-23",
    link: "https://www.cpuc.ca.gov/sgip/",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
]);
