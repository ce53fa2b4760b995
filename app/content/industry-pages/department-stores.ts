import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "department-stores",
  title: "Commercial Solar for Department Stores",
  subtitle: "Long opening hours and large sales floors to cool: solar cuts the daytime energy behind both.",
  metaDescription:
    "Solar for department stores: cut HVAC and lighting costs with rooftop and parking canopy systems, manage demand charges, and plan for the 2027 credit deadline.",
  intro:
    "A department store's bill is driven by cooling large, open sales floors for 10 to 12 hours a day, display and general lighting, escalators and elevators, and stockroom and office loads. Cooling peaks on summer afternoons, which usually sets the demand charge too. A roof or parking canopy system covers much of the daytime energy; controls and a battery address the peaks.",
  heroImageAlt: "Department store building with solar panels on its wide roof and canopies over the parking lot",
  benefits: [
    {
      icon: "fan",
      title: "Offset the cooling load",
      description:
        "Sales-floor HVAC works hardest on sunny afternoons, when panels produce the most, so most of the output is used in the store.",
    },
    {
      icon: "trending-down",
      title: "Lower operating costs per square foot",
      description:
        "How much of a store's electric bill a system replaces depends on rates, roof area and how much of the output is used on site; the savings calculator estimates it from your own bill.",
    },
    {
      icon: "building",
      title: "Roofs and lots at scale",
      description:
        "Wide, flat roofs and large parking fields leave room for hundreds of kilowatts, and a design for one store can often be repeated across a group of stores.",
    },
    {
      icon: "clock",
      title: "Predictable energy budgets",
      description:
        "Energy from a system you own has no fuel cost, so a share of the store's power no longer moves with utility rate increases.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "The system owner can claim a 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules. A new solar project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "The 2025 law made 100% bonus depreciation permanent for property acquired after January 19, 2025; the depreciable basis is reduced by half of any credit claimed. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with a tax professional, and check whether your state follows the federal rules.",
    },
    {
      title: "Credit transfers",
      description:
        "A retailer that cannot use the whole credit against its own taxes can sell eligible credits to an unrelated buyer for cash, usually at a discount. The credit must still qualify, including the December 31, 2027 placed-in-service deadline.",
    },
    {
      title: "State programs and utility rebates",
      description:
        "State incentives, export rules and property tax treatment differ by state, and many utilities offer rebates for lighting, HVAC controls and demand response. Check your state's incentives page on this site and your utility's business programs.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Rooftop systems",
      description:
        "Flat roofs laid out around rooftop units, skylights and smoke vents, after a structural review and a check of how many years the roof membrane has left.",
    },
    {
      icon: "car",
      title: "Parking canopies",
      description:
        "Canopies shade shoppers' cars and add capacity when the roof is limited. At a mall, the parking field is often governed by an agreement with the mall owner and other anchors, so consent comes first.",
    },
    {
      icon: "battery",
      title: "Batteries for peak demand",
      description:
        "A battery that discharges during the afternoon cooling peak can lower demand charges that solar alone leaves in place.",
    },
    {
      icon: "lightbulb",
      title: "Efficiency before sizing",
      description:
        "LED display lighting and HVAC controls reduce the load first, so the solar system covers a larger share of what remains.",
    },
  ],
  example: {
    title: "A 450 kW rooftop system for a two-level store",
    summary:
      "An illustrative 120,000-square-foot, two-level store in Illinois paying $30,000 a month for power installs 450 kW on its roof. Parking canopies would add room for panels at a higher cost per watt than the roof prices used here.",
    state: "IL",
    monthlyBillUsd: 30000,
    systemKw: 450,
  },
  faq: [
    {
      question: "Our store anchors a mall. Can we build solar canopies in the parking lot?",
      answer:
        "Possibly, but most mall parking fields are governed by a reciprocal easement agreement or similar contract among the mall owner and the anchors, which often limits structures in the lot. Review it and get the needed consents before design; the roof you control is usually the simpler first step.",
    },
    {
      question: "Will solar lower our demand charges?",
      answer:
        "Partly. Demand charges are set by the highest interval of the month, which can fall on a cloudy afternoon or in the evening. Solar mainly cuts energy charges; HVAC pre-cooling controls and a battery are what lower demand charges predictably.",
    },
    {
      question: "Should we buy the system, lease it or sign a power purchase agreement?",
      answer:
        "Buying gives you the federal credit and depreciation and usually the lowest lifetime cost if you can use the tax benefits. A lease or a power purchase agreement, where state law allows, moves the credit and upkeep to a third party in exchange for a payment or a power price; compare the offers over the full term.",
    },
    {
      question: "Is there still time to claim the federal credit?",
      answer:
        "For a new project, only if it is placed in service by December 31, 2027. Design, permits, utility interconnection and equipment delivery usually take months, so starting soon matters, and no schedule can promise the credit. The rate is 30% only for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules.",
    },
  ],
  ctaText:
    "Send us a recent electric bill and we will show what your roof and parking could produce, what it could save, and what you can still claim.",
  reviewedOn: "2026-11-23",
};
