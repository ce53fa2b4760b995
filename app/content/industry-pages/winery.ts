import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "winery",
  title: "Commercial Solar for Wineries",
  subtitle:
    "Offset crush-season cooling, cellar climate control and tasting-room loads with solar sized to what your winery uses.",
  metaDescription:
    "Solar for wineries: offset glycol chilling, cellar and tasting-room loads. Federal credit needs service by Dec 31, 2027; USDA REAP limits explained.",
  intro:
    "A winery's electric bill peaks with crush and fermentation, when glycol chillers hold tank temperatures, presses and must pumps run long shifts, and cold stabilization keeps wine near freezing for days. Barrel-room climate control, bottling, irrigation pumps and the tasting room add load the rest of the year. Solar output is strong through the hot, sunny late-summer days when the chillers work hardest, so most of it can be used on site.",
  heroImageAlt:
    "Illustration of a winery production building with solar panels on its roof, stainless fermentation tanks and vineyard rows behind",
  benefits: [
    {
      icon: "snowflake",
      title: "Cheaper cooling when it matters",
      description:
        "Glycol chillers and refrigerated storage are the largest loads in most production wineries. Panels produce the most on long, hot days, when those chillers run hardest.",
    },
    {
      icon: "wine",
      title: "Tasting room and hospitality",
      description:
        "Tasting rooms, event spaces and kitchens run air-conditioning and lighting during daytime opening hours, a good match for solar production.",
    },
    {
      icon: "tractor",
      title: "Works around the vineyard",
      description:
        "Roofs on the cellar, barrel and equipment buildings usually carry the system, so no vines come out. Where roofs are too small, a modest ground array can use non-productive land.",
    },
    {
      icon: "piggy-bank",
      title: "Lower, more predictable operating cost",
      description:
        "Savings and payback depend on your rates and how your utility credits exported power; the savings calculator estimates both from your own bill.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac), which covers almost every winery, or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. Permits and interconnection take months, so the credit is not assured for a project that starts late.",
    },
    {
      title: "USDA REAP grants (rural wineries and agricultural producers only)",
      description:
        "Small businesses in rural areas and agricultural producers can apply for REAP grants of up to 25% of eligible cost from regular funds; the 50% share applied only to awards funded by the Inflation Reduction Act, and that money is running out. USDA delayed its FY2026 application windows. Since August 2025, ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Confirm the current round with your USDA state office before budgeting a grant.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For property acquired after January 19, 2025, the 2025 law made 100% bonus depreciation permanent, so a taxable business can generally deduct the system's depreciable cost in the first year (the basis is reduced by half of the credit). The same law changed how solar fits the older 5-year MACRS schedule, and not every state follows the federal bonus rule: confirm the treatment with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "In Oregon, Energy Trust of Oregon offers solar incentives to businesses served by PGE and Pacific Power, installed through one of its trade ally contractors. In California, new customers of PG&E, SCE and SDG&E are on the net billing tariff, which credits exports at hourly avoided-cost values, so sizing to on-site use matters. Elsewhere, check your state's incentive page.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Production and barrel-building roofs",
      description:
        "Large roofs over the crush pad, tank room or barrel storage carry most winery systems. The installer checks structure and roof age, and keeps panels clear of refrigeration condensers and vents.",
    },
    {
      icon: "snowflake",
      title: "Timing the glycol load to the sun",
      description:
        "Pre-chilling the glycol reservoir and running cold stabilization during midday production uses more of the solar output on site, which matters most where exports are credited at low rates.",
    },
    {
      icon: "tractor",
      title: "Small ground array on non-crop land",
      description:
        "Where roofs fall short, a ground array on a slope or corner that is not planted can fill the gap. Keep it off certified cropland and at or below 50 kW if you plan to apply for REAP, and check county zoning first.",
    },
    {
      icon: "wine",
      title: "Tasting room and parking canopies",
      description:
        "A canopy over visitor parking or a shade structure near the tasting room serves the hospitality side, where air-conditioning and lighting run through opening hours.",
    },
  ],
  example: {
    title: "Small rural estate winery with a rooftop system",
    summary:
      "An illustrative rural estate winery in California with a $3,000 monthly electric bill, driven by glycol chilling, the barrel room and the tasting room, installs 60 kW on its production-building roof. No REAP grant is counted; an award would shorten the payback.",
    state: "CA",
    monthlyBillUsd: 3000,
    systemKw: 60,
  },
  faq: [
    {
      question: "Can my winery still get a USDA REAP grant for solar?",
      answer:
        "Possibly, if it is a small business in a rural area or an agricultural producer. Grants from regular funds cover up to 25% of eligible cost; the 50% share was only for IRA-funded awards, and that money is running out. USDA delayed its FY2026 application windows, and since August 2025 ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Ask your USDA state office about the current round before you budget on a grant.",
    },
    {
      question: "Can we put solar panels in the vineyard?",
      answer:
        "It is usually the harder option. REAP excludes certified cropland, county zoning may limit ground arrays on agricultural land, and panels shade vines. Roofs, parking canopies and unplanted ground are the simpler choices for most wineries.",
    },
    {
      question: "Our biggest load is during crush. Will solar cover it?",
      answer:
        "Partly. Solar output in August through October is below its June peak but still strong in most wine regions, and chillers run hardest on hot, sunny days. What happens to surplus output in other months depends on your utility: with annual net metering it offsets later bills, while under net billing, as in California, exports earn much less, so the system is sized to on-site use.",
    },
    {
      question: "What deadline applies to the federal solar tax credit?",
      answer:
        "A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. The credit is 30% for systems under 1 MW(ac). A project that had not begun construction by July 4, 2026 (that window has closed) gets no credit if it is placed in service later, and permits and interconnection take months, so leave time before the 2027 harvest.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your winery within 24 hours, including how harvest-season cooling shapes the right system size.",
  reviewedOn: "2026-11-23",
};
