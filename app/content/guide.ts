/**
 * The free guide "Top 10 Hidden Solar Incentives by Industry": educational content, reviewed on
 * `reviewed`. Rendered to PDF by app/server/guide/guide-pdf.server.ts.
 */
export const guide = {
  title: "Top 10 Hidden Solar Incentives by Industry",
  subtitle: "Programs business owners most often miss, and what to check before you sign anything",
  reviewed: "November 2026",
  fileName: "top-10-hidden-solar-incentives-by-industry.pdf",
  items: [
    {
      industry: "Farms & Agriculture",
      title: "USDA REAP grants and guaranteed loans",
      text: "The Rural Energy for America Program can fund a large share of a solar project for agricultural producers and rural small businesses, on top of the federal tax credit. Applications follow USDA deadlines and funding rounds, and the project must not start before approval.",
    },
    {
      industry: "Nonprofits, churches, public hospitals",
      title: 'Elective pay ("direct pay") of clean energy credits',
      text: "Tax-exempt organisations cannot use a tax credit, but under elective pay they can receive its value as a payment from the IRS. Registration with the IRS comes before the return that claims it.",
    },
    {
      industry: "Warehouses, manufacturing, logistics",
      title: "Bonus depreciation on top of the credit",
      text: "Qualifying equipment may be eligible for 100% bonus depreciation in the year it is placed in service, in addition to the investment credit. The depreciable basis is reduced by half of the credit claimed: ask your tax professional to model both.",
    },
    {
      industry: "Projects in former coal or energy areas",
      title: "Energy community bonus credit",
      text: "Projects located in a qualifying energy community can earn a bonus on the federal credit. Eligibility is mapped by census tract and statistical area, and follows the base credit's 2025 deadlines.",
    },
    {
      industry: "Businesses buying American-made equipment",
      title: "Domestic content bonus credit",
      text: "Using enough US-made steel, iron and manufactured components can add a bonus to the credit. Installers must document content percentages; ask for them in writing before you sign.",
    },
    {
      industry: "Car washes, dealerships, logistics",
      title: "EV charger credit (30C), while it lasts",
      text: "Chargers placed in service in eligible census tracts could earn a federal credit; the 2025 law ends it for property placed in service after June 30, 2026. Check timing before counting on it.",
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
      text: "Businesses with high demand charges can combine solar with batteries; some utilities and states pay incentives for storage (California's SGIP is one). Ask for a demand-charge analysis, not only an energy one.",
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
