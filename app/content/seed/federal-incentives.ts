import type { NewIncentive } from "~/server/db/schema";

/**
 * Built-in federal incentives, written for education rather than as tax or legal advice.
 * Each row was checked against the public record on its `lastReviewed` date (2026-11-01);
 * rules, deadlines and funding can change afterwards, so the site asks readers to confirm
 * details with the administering agency and a qualified tax professional.
 * `priority` sets display order: the first three rows appear on the home page.
 */
export const federalIncentiveSeed: NewIncentive[] = [
  {
    slug: "clean-electricity-investment-credit",
    title: "Clean Electricity Investment Tax Credit (Section 48E)",
    description:
      "The main federal tax credit for commercial solar: a 6% base credit that rises to 30% of eligible project cost when prevailing wage and apprenticeship rules are met, or when the system is under 1 MW (AC). Under the July 2025 law (Public Law 119-21), wind and solar projects generally must be placed in service by December 31, 2027 unless construction began by July 4, 2026, and projects starting construction after 2025 must also pass new prohibited-foreign-entity tests. Battery storage is not subject to that wind and solar deadline.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/businesses",
    status: "At Risk",
    priority: 10,
    lastReviewed: "2026-11-01",
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
    lastReviewed: "2026-11-01",
  },
  {
    slug: "usda-reap",
    title: "USDA Rural Energy for America Program (REAP)",
    description:
      "REAP offers grants that, under current program rules, can cover up to 50% of eligible project costs for agricultural producers and rural small businesses, along with guaranteed loans that can finance much of the remainder. Funding rounds, deadlines and available money vary by year and by USDA state office. Since August 2025 USDA has also narrowed support for larger ground-mounted solar, projects on productive farmland and panels made by foreign adversaries, so confirm eligibility early.",
    type: "Federal",
    state: null,
    link: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
    status: null,
    priority: 30,
    lastReviewed: "2026-11-01",
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
    lastReviewed: "2026-11-01",
  },
  {
    slug: "energy-community-bonus",
    title: "Energy Community Bonus Credit",
    description:
      "Projects located in a qualifying energy community, such as a brownfield site or an area tied to closed coal mines or plants or with historically high fossil-fuel employment, can add up to 10 percentage points to the investment credit. The bonus is part of Section 48E, so it follows the base credit's begin-construction and placed-in-service deadlines. Location maps are published by the federal government and updated periodically.",
    type: "Federal",
    state: null,
    link: "https://energycommunities.gov",
    status: "At Risk",
    priority: 50,
    lastReviewed: "2026-11-01",
  },
  {
    slug: "domestic-content-bonus",
    title: "Domestic Content Bonus Credit",
    description:
      "Projects that use U.S.-made structural steel and iron and meet a rising threshold for U.S.-manufactured components can add up to 10 percentage points to the investment credit. Documenting compliance takes supplier certifications, so plan for it when choosing equipment. Like the other bonuses, it follows the base credit's deadlines for wind and solar.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/businesses",
    status: "At Risk",
    priority: 60,
    lastReviewed: "2026-11-01",
  },
  {
    slug: "low-income-communities-bonus",
    title: "Low-Income Communities Bonus Credit (Section 48E(h))",
    description:
      "Smaller solar projects (5 MW AC or less) in low-income communities, on Indian land, or serving qualifying affordable housing or low-income customers can apply for an allocation that adds 10 or 20 percentage points to the investment credit. Capacity is limited and awarded through an application process, and the bonus remains tied to the base credit's wind and solar deadlines. Check whether an application round is open before counting on it.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/businesses",
    status: "At Risk",
    priority: 70,
    lastReviewed: "2026-11-01",
  },
  {
    slug: "ev-charger-credit-30c",
    title: "EV Charger Credit (Section 30C) - Ended Mid-2026",
    description:
      "The Alternative Fuel Vehicle Refueling Property Credit covered up to 30% of the cost of commercial EV chargers in eligible low-income or non-urban census tracts, capped at $100,000 per item. The 2025 law ends the credit for property placed in service after June 30, 2026, so it now matters mainly for chargers already in service by that date. Businesses planning new chargers should look to state and utility programs instead.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/businesses",
    status: "At Risk",
    priority: 80,
    lastReviewed: "2026-11-01",
  },
  {
    slug: "elective-pay-and-transferability",
    title: "Elective Pay (Direct Pay) and Credit Transferability",
    description:
      "Tax-exempt organizations such as nonprofits, churches, schools, local governments and public hospitals can use elective pay to receive eligible clean energy credits as a payment from the IRS, provided they register the project and file on time. Taxable businesses without enough tax liability can instead sell eligible credits to an unrelated buyer for cash. Both options still depend on the underlying credit qualifying, including its deadlines.",
    type: "Federal",
    state: null,
    link: "https://www.irs.gov/credits-deductions/elective-pay-and-transferability",
    status: null,
    priority: 90,
    lastReviewed: "2026-11-01",
  },
];
