import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "logistics",
  title: "Commercial Solar for Logistics & Distribution",
  subtitle:
    "Put the big flat roof of your distribution center to work against the loads that run your docks, chargers and cold zones.",
  metaDescription:
    "Solar for warehouses and distribution centers: rooftop sizing, demand charges, forklift and fleet charging, and the federal credit's 2027 deadline.",
  intro:
    "A distribution center's bill is driven by high-bay lighting, conveyors and sortation, dock doors and levelers, forklift battery chargers, any refrigerated or frozen zones, and more and more by electric trucks and yard tractors. Demand charges often make up a large part of it, set by the busiest 15 or 30 minutes of the month. A rooftop system cuts the energy you buy during the day; a battery or managed charging is what takes the edge off the peaks.",
  heroImageAlt: "Solar panels covering the flat roof of a distribution warehouse with trucks at the loading docks",
  benefits: [
    {
      icon: "warehouse",
      title: "Roof space that matches the load",
      description:
        "Large flat roofs can often hold several hundred kilowatts, enough to cover a meaningful share of the daytime use of lighting, conveyors and cold storage in a single project.",
    },
    {
      icon: "trending-down",
      title: "Lower energy charges",
      description:
        "How much of a distribution center's electric bill a system replaces depends on rates, shifts and how much of the output is used on site rather than exported; the savings calculator estimates it from your own bill.",
    },
    {
      icon: "battery",
      title: "Help with demand charges",
      description:
        "Solar alone rarely sets the monthly peak lower, because a cloud or a late shift can erase it. Pairing it with a battery or with managed forklift and fleet charging is what reliably trims demand charges.",
    },
    {
      icon: "truck",
      title: "Cheaper miles for electric fleets",
      description:
        "If you are electrifying yard tractors, vans or trucks, daytime solar and scheduled charging lower the cost per mile, and the charger plan can be designed together with the solar plan.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "Businesses that own the system can claim a 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules. A new solar project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules. Battery storage follows its own, longer schedule under the same credit, subject to the same foreign-entity rules.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "The 2025 law made 100% bonus depreciation permanent for property acquired after January 19, 2025, so the depreciable cost can generally be deducted in the first year; the basis is reduced by half of any credit claimed. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with a tax professional, and check whether your state follows the federal rules.",
    },
    {
      title: "State and utility programs",
      description:
        "State programs vary widely: some pay for the renewable energy credits a system produces (Illinois Shines, for example), others pay per kilowatt-hour or per watt (Massachusetts SMART 3.0, NY-Sun), and many offer property or sales tax relief. Check your state's incentives page on this site for what applies where your building is.",
    },
    {
      title: "Make-ready programs for fleet and forklift chargers",
      description:
        "The federal EV charger credit (Section 30C) ended for chargers placed in service after June 30, 2026, so it is not counted here. Many utilities and states instead help pay for the wiring, transformers and panels behind commercial and fleet chargers; terms and budgets differ by utility, so ask before you order equipment.",
    },
  ],
  useCases: [
    {
      icon: "warehouse",
      title: "Rooftop arrays on flat roofs",
      description:
        "Ballasted or attached racking on TPO or built-up roofs, laid out around skylights, smoke vents and rooftop units. A structural review and a roof with many years of life left come first; re-roofing before installation is often the cheaper order.",
    },
    {
      icon: "car",
      title: "Carports over employee parking",
      description:
        "Canopies over staff parking add capacity when the roof is full or cannot carry the load, and they are a natural place for workplace or van charging.",
    },
    {
      icon: "battery",
      title: "Batteries for peak shaving",
      description:
        "A battery sized to the spikes from shift changes, simultaneous forklift charging or a freezer defrost cycle can lower demand charges that solar alone leaves in place.",
    },
    {
      icon: "zap",
      title: "Managed charging for electric fleets",
      description:
        "Scheduling truck and forklift charging around solar output and off-peak rates keeps new chargers from setting a new monthly peak.",
    },
  ],
  example: {
    title: "A 500 kW rooftop system on a regional distribution center",
    summary:
      "An illustrative 200,000-square-foot distribution center in New Jersey with LED high-bays, conveyors, electric forklifts and a small cooler zone, paying $20,000 a month for power, installs 500 kW on its roof. No battery or charger program is counted.",
    state: "NJ",
    monthlyBillUsd: 20000,
    systemKw: 500,
  },
  faq: [
    {
      question: "Is there still a federal tax credit for the EV chargers we are installing for our fleet?",
      answer:
        "No. The Section 30C charger credit ended for chargers placed in service after June 30, 2026, so new chargers cannot earn it. Utility and state make-ready programs are now the main help for fleet chargers. The solar system itself can still qualify for the Section 48E credit if it is placed in service by December 31, 2027.",
    },
    {
      question: "We lease our building. Can we still go solar?",
      answer:
        "Often, yes, but the landlord has to agree. The usual routes are a roof lease or license in which you own the system, the landlord owning the system and selling you the power, or a third-party power purchase agreement where state law allows it. The lease term matters: panels last 25 years or more, so plan for what happens to the system if you move.",
    },
    {
      question: "Will solar reduce our demand charges?",
      answer:
        "Somewhat, but not reliably on its own. Demand charges are set by your single highest interval in the month, and that can fall on a cloudy afternoon or an evening shift. A battery, or charging schedules that keep forklifts and trucks from all charging at once, is what lowers demand charges predictably.",
    },
    {
      question: "How long does a warehouse solar project take?",
      answer:
        "Months, mostly for structural review, permits, utility interconnection and equipment delivery; the utility's interconnection queue often decides the date. Because a new project must be placed in service by December 31, 2027 to claim the federal credit, the interconnection application should go in early; no schedule can promise the credit.",
    },
  ],
  ctaText:
    "Send us a recent electric bill and we will show what a rooftop system, a battery or managed charging could save your facility, with the deadlines that apply.",
  reviewedOn: "2026-11-23",
};
