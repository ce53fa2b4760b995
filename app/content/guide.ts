/**
 * The free guide "Top 10 Hidden Solar Incentives by Industry", rendered to PDF by
 * app/server/guide/guide-pdf.server.ts.
 */
export const guide = {
  title: "Top 10 Hidden Solar Incentives by Industry",
  subtitle: "Programs business owners most often miss, and what to check before you sign anything",
  reviewed: "November 23, 2026",
  keyDates: {
    title: "The dates that decide what you can still claim",
    lines: [
      "Federal solar credit (Section 48E): the window to begin construction closed on July 4, 2026. A new project must be placed in service by December 31, 2027.",
      "The full 30% needs prevailing wage and apprenticeship for systems of 1 MW (AC) or more (otherwise 6%), and projects beginning construction after 2025 must pass the prohibited-foreign-entity (FEOC) rules.",
      "On June 6, 2026 a federal court vacated IRS Notice 2025-42 (begin-construction rules for projects over 1.5 MW); whether it was appealed could not be confirmed as of November 23, 2026. Ask a tax professional if your project paid costs before July 4, 2026.",
      "Permits and interconnection usually take months: plan backwards from December 31, 2027.",
    ],
  },
  fileName: "top-10-hidden-solar-incentives-by-industry.pdf",
  items: [
    {
      industry: "Farms & Agriculture",
      title: "USDA REAP grants and guaranteed loans",
      text: "REAP grants cover up to 25% of eligible cost for agricultural producers and rural small businesses from regular funds; the 50% share applied only to Inflation Reduction Act-funded awards, which are running out. USDA delayed its FY2026 application windows, and since August 2025 it limits solar to small projects: ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Check the current round with your USDA state office before you commit to a purchase.",
    },
    {
      industry: "Nonprofits, churches, public hospitals",
      title: 'Elective pay ("direct pay") of clean energy credits',
      text: "Tax-exempt organisations cannot use a tax credit, but under elective pay they can receive its value as a payment from the IRS. Registration with the IRS comes before the return that claims it. For systems of 1 MW or more that begin construction after 2025, the payment is 0% unless the domestic-content requirement (or a Treasury exception) is met, and the solar deadline applies: in service by December 31, 2027.",
    },
    {
      industry: "Warehouses, manufacturing, logistics",
      title: "Bonus depreciation on top of the credit",
      text: "Qualifying equipment may be eligible for 100% bonus depreciation in the year it is placed in service, in addition to the investment credit. The depreciable basis is reduced by half of the credit claimed: ask your tax professional to model both.",
    },
    {
      industry: "Projects in former coal or energy areas",
      title: "Energy community bonus credit",
      text: "Projects located in a qualifying energy community can earn a bonus on the federal credit. Eligibility is mapped by census tract and statistical area, and the bonus ends with the base credit: a new solar project must be placed in service by December 31, 2027.",
    },
    {
      industry: "Businesses buying American-made equipment",
      title: "Domestic content bonus credit",
      text: "Using enough US-made steel, iron and manufactured components can add a bonus to the credit. Installers must document content percentages; ask for them in writing before you sign.",
    },
    {
      industry: "Car washes, dealerships, logistics",
      title: "EV chargers: state and utility programs (the federal 30C credit has ended)",
      text: "The federal EV charger credit (Section 30C) ended for chargers placed in service after June 30, 2026, so no new charger can earn it. Some states and utilities still pay make-ready or charger rebates: ask your utility before you plan chargers alongside solar.",
    },
    {
      industry: "All industries, by state",
      title: "Property and sales tax exemptions",
      text: "Many states exempt solar equipment from sales tax or keep it out of property tax assessments. These exemptions are rarely in an installer's quote but change the payback year.",
    },
    {
      industry: "All industries, by state",
      title: "Renewable energy certificates (SRECs/RECs)",
      text: "In several states the certificates your system earns can be sold for years, adding income beyond the bill savings (for example Illinois Shines, Maryland SRECs, New Jersey's SuSI program).",
    },
    {
      industry: "Grocery, cold storage, hospitals",
      title: "Utility storage and demand-charge incentives",
      text: "Businesses with high demand charges can combine solar with batteries; some states and utilities pay incentives for storage (for example Connecticut's Energy Storage Solutions and Massachusetts' ConnectedSolutions). California's SGIP was authorized only until January 1, 2026, and whether any budget remains open could not be confirmed as of November 23, 2026. Ask for a demand-charge analysis, not only an energy one.",
    },
    {
      industry: "Retail, offices, senior housing",
      title: "Utility rebates and net metering rules",
      text: "Local utility programs, performance payments and net metering or net billing tariffs decide how much each exported kilowatt-hour is worth. They differ by utility, so the same system can pay back years apart.",
    },
  ],
  disclaimers: [
    "Educational information only: not legal, tax or financial advice. Consult a qualified tax professional before acting.",
    "Programs, rates and laws change; confirm current terms with the administering agency or utility.",
    "Commercial Solar Advisors is a marketplace paid by partners for qualified introductions; the guide is free and creates no obligation.",
  ],
} as const;
