import type { BuiltInIncentive } from "~/lib/built-in-content";
import { EV_CHARGER_CREDIT_EXPIRES_ON, SOLAR_CREDIT_EXPIRES_ON } from "../federal-deadlines";
import { withIncentiveSources } from "./sources";

/**
 * Built-in federal incentives, written for education rather than as tax or legal advice.
 * Each row carries the day it was last checked against its source (`lastReviewedAt`) and, where
 * the law sets one, the first day it no longer applies to a new solar project (`expiresOn`):
 * the site shows it Expired from that day without anyone editing it. Rules and funding can
 * change afterwards, so the site asks readers to confirm details with the administering agency
 * and a qualified tax professional. `priority` sets display order: the first three rows appear
 * on the home page.
 */
export const federalIncentiveSeed: BuiltInIncentive[] = withIncentiveSources([
  {
    slug: "clean-electricity-investment-credit",
    title: "Clean Electricity Investment Tax Credit (Section 48E)",
    description:
      "The main federal tax credit for commercial solar: a 6% base credit that rises to 30% of eligible cost for systems under 1 MW (AC) or that meet prevailing wage and apprenticeship rules. Under Public Law 119-21, solar projects that did not begin construction by July 4, 2026 (that window has closed) must be placed in service by December 31, 2027, and projects beginning construction after 2025 must also pass the prohibited-foreign-entity tests. On June 6, 2026 a federal court vacated IRS Notice 2025-42, which can change which larger projects count as having begun construction; whether that ruling was appealed could not be confirmed as of November 23, 2026.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/clean-electricity-investment-credit",
    status: null,
    priority: 10,
    expiresOn: SOLAR_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    moneyValue: "6% base credit, 30% of eligible cost when the wage and size rules are met",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "bonus-depreciation",
    title: "100% Bonus Depreciation",
    description:
      "The 2025 law made 100% bonus depreciation permanent for qualifying property acquired after January 19, 2025, so a business can generally deduct the full depreciable cost of a solar system in the year it is placed in service. When an investment credit is claimed, the depreciable basis is normally reduced by half of the credit amount. States do not all follow the federal rule, so check how your state treats it.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/publications/p946",
    status: null,
    priority: 20,
    expiresOn: null,
    moneyValue: "Deduct 100% of the depreciable cost in the first year",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "usda-reap",
    title: "USDA Rural Energy for America Program (REAP)",
    description:
      "REAP grants for agricultural producers and rural small businesses cover up to 25% of eligible project cost from regular Farm Bill funds; the 50% share applied only to awards funded by the Inflation Reduction Act, and that money is running out. USDA delayed its FY2026 application windows, and since August 2025 it limits REAP solar to small projects: ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Guaranteed loans can finance more of the cost; confirm the current round with your USDA state office before budgeting a grant.",
    type: "Federal",
    state: null,
    link: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
    status: "At Risk",
    priority: 30,
    expiresOn: null,
    moneyValue: "Grants up to 25% of eligible cost (50% only for IRA-funded awards)",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "energy-storage-investment-credit",
    title: "Battery Storage Investment Credit (Section 48E)",
    description:
      "Battery storage keeps the clean electricity investment credit long after solar loses it: the December 31, 2027 in-service deadline for wind and solar does not apply to energy storage, even at a solar site, and the credit stays at its full rate for storage whose construction begins by December 31, 2033 (75% for 2034 starts, 50% for 2035, none from 2036). Like solar, it is 6% of eligible cost, or 30% for systems under 1 MW (AC) or that meet the prevailing wage and apprenticeship rules. Storage whose construction begins after 2025 must pass the prohibited-foreign-entity test at a higher share than solar: at least 55% of its manufactured-product cost from suppliers that are not prohibited foreign entities for 2026 starts, 60% for 2027.",
    type: "Federal",
    state: null,
    link: "https://www.law.cornell.edu/uscode/text/26/48E",
    status: null,
    priority: 35,
    expiresOn: null,
    moneyValue: "6% base credit, 30% of eligible cost when the wage and size rules are met",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-26",
  },
  {
    slug: "macrs-energy-property",
    title: "Accelerated Cost Recovery (MACRS) for Solar Equipment",
    description:
      "Solar equipment has long been depreciated over a short 5-year MACRS schedule, which matters for any cost not written off through bonus depreciation and in states that do not follow the federal bonus rules. The 2025 law changed how clean-electricity property is classified, and tax advisers read that change differently, so the recovery period can depend on when construction began. Confirm the schedule for your project with a tax professional before relying on it.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/publications/p946",
    status: null,
    priority: 40,
    expiresOn: null,
    moneyValue: "Depreciation over a short recovery period (period depends on the 2025 law)",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "energy-community-bonus",
    title: "Energy Community Bonus Credit",
    description:
      "Projects located in a qualifying energy community, such as a brownfield site, an area tied to closed coal mines or plants, or a statistical area with high fossil-fuel employment and unemployment at or above the national average, can add up to 10 percentage points to the investment credit. The bonus is part of Section 48E, so for solar it ends with the base credit: a new project must be placed in service by December 31, 2027. Location maps are published by the federal government and updated periodically.",
    type: "Federal",
    state: null,
    link: "https://energycommunities.gov/energy-community-tax-credit-bonus-faqs/",
    status: null,
    priority: 50,
    expiresOn: SOLAR_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    moneyValue: "Up to 10 more percentage points of credit",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "domestic-content-bonus",
    title: "Domestic Content Bonus Credit",
    description:
      "Projects that use U.S.-made structural steel and iron and meet a rising threshold for U.S.-manufactured components can add up to 10 percentage points to the investment credit. For tax-exempt organizations using elective pay on systems of 1 MW or more that begin construction after 2025, meeting the domestic-content rule is a condition of being paid at all, unless a Treasury exception (a cost increase over 25%, or non-availability) applies. It follows the base credit's solar deadline (placed in service by December 31, 2027); documenting compliance takes supplier certifications, so plan for it when choosing equipment.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/domestic-content-bonus-credit",
    status: null,
    priority: 60,
    expiresOn: SOLAR_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    moneyValue: "Up to 10 more percentage points of credit",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "low-income-communities-bonus",
    title: "Low-Income Communities Bonus Credit (Section 48E(h))",
    description:
      "Solar projects with a maximum net output of less than 5 MW (AC) in low-income communities, on Indian land, or serving qualifying affordable housing or low-income customers can apply for an allocation that adds 10 or 20 percentage points to the investment credit. Capacity is limited and awarded through an application process, and the bonus ends with the base credit's solar deadline (placed in service by December 31, 2027). Whether a 2026 application round opened could not be confirmed as of November 23, 2026; check before counting on it.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/clean-electricity-low-income-communities-bonus-credit-amount-program",
    status: "At Risk",
    priority: 70,
    expiresOn: SOLAR_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    moneyValue: "10 or 20 more percentage points of credit, by allocation",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "ev-charger-credit-30c",
    title: "EV Charger Credit (Section 30C)",
    description:
      "The Alternative Fuel Vehicle Refueling Property Credit covered up to 30% of the cost of commercial EV chargers in eligible low-income or non-urban census tracts, capped at $100,000 per item. The 2025 law ended it for property placed in service after June 30, 2026, so no new charger can earn it; it matters only for chargers already in service by that date. Businesses planning new chargers should look to state and utility programs instead.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/alternative-fuel-vehicle-refueling-property-credit",
    status: null,
    priority: 80,
    expiresOn: EV_CHARGER_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    moneyValue: "Up to 30% of charger cost, capped at $100,000 per item",
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
  {
    slug: "elective-pay-and-transferability",
    title: "Elective Pay (Direct Pay) and Credit Transferability",
    description:
      "Tax-exempt organizations such as nonprofits, churches, schools, local governments and public hospitals can use elective pay to receive eligible clean energy credits as a payment from the IRS, after registering the project and filing on time. For facilities of 1 MW or more that begin construction after 2025, the payment is reduced to 0% unless the domestic-content requirement or a Treasury exception is met (it was 90% for 2024 starts and 85% for 2025 starts). Taxable businesses without enough tax liability can instead sell eligible credits to an unrelated buyer for cash; both options depend on the underlying credit and its deadlines.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/elective-pay-and-transferability",
    status: null,
    priority: 90,
    expiresOn: null,
    moneyValue: null,
    calculatorTerms: [],
    lastReviewedAt: "2026-11-23",
  },
]);
