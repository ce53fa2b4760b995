import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "grocery-stores",
  title: "Commercial Solar for Grocery Stores",
  subtitle: "Refrigeration runs hardest on hot afternoons, the same hours your panels produce the most.",
  metaDescription:
    "Solar for grocery stores: offset refrigeration and HVAC loads, use parking canopies, trim demand charges with batteries, and meet the 2027 credit deadline.",
  intro:
    "Refrigeration is usually the largest part of a grocery store's bill: rack compressors, condensers, display cases, walk-in coolers and freezers, running around the clock and hardest on hot afternoons. HVAC, lighting, bakery ovens and the deli add to it, often with demand charges set by a summer peak. Solar covers much of the daytime energy, and a battery or efficiency upgrades take on the peaks and the night.",
  heroImageAlt: "Grocery store with solar panels on the roof and a solar canopy over the customer parking lot",
  benefits: [
    {
      icon: "snowflake",
      title: "Output that matches refrigeration",
      description:
        "Compressors and condensers work hardest in the heat of the day, so nearly all of a well-sized system's output is used in the store rather than exported.",
    },
    {
      icon: "trending-down",
      title: "A steady cut in energy costs",
      description:
        "How much of a store's electric bill a system replaces depends on rates, roof and parking space, and how much of the load is at night; the savings calculator estimates it from your own bill.",
    },
    {
      icon: "battery",
      title: "Room to add storage",
      description:
        "A battery can shave the afternoon peaks that set demand charges and, with the right controls, help ride through short outages before product is at risk.",
    },
    {
      icon: "lightbulb",
      title: "Pairs with efficiency work",
      description:
        "Doors on open cases, EC fan motors, LED case lighting and floating head pressure controls shrink the load first, so a smaller system covers a larger share.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "The system owner can claim a 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules. A new solar project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules. Battery storage follows its own, longer schedule under the same credit.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "The 2025 law made 100% bonus depreciation permanent for property acquired after January 19, 2025; the depreciable basis is reduced by half of any credit claimed. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with a tax professional, and check whether your state follows the federal rules.",
    },
    {
      title: "Credit transfers for stores with little tax liability",
      description:
        "A business that cannot use the whole credit against its own taxes can sell eligible credits to an unrelated buyer for cash, usually at a discount. The credit itself must still qualify, including the December 31, 2027 placed-in-service deadline.",
    },
    {
      title: "State programs and utility rebates",
      description:
        "Some states pay extra for canopy and larger rooftop projects (Massachusetts SMART 3.0, for example), and many utilities offer rebates for refrigeration and lighting upgrades. Check your state's incentives page on this site and your utility's business programs.",
    },
  ],
  useCases: [
    {
      icon: "store",
      title: "Rooftop arrays around the equipment",
      description:
        "Grocery roofs carry condensers, rooftop units and exhaust fans, so layouts keep service clearances and avoid shading; the clear roof that remains decides the system's size.",
    },
    {
      icon: "car",
      title: "Parking canopies",
      description:
        "Canopies over customer parking add capacity where the roof is full, shade shoppers and their groceries, and can host customer chargers through a utility make-ready program.",
    },
    {
      icon: "battery",
      title: "Batteries for demand charges",
      description:
        "A battery that discharges during the late-afternoon peak can lower the demand charge that solar alone leaves in place, and can support refrigeration controls in short outages.",
    },
    {
      icon: "snowflake",
      title: "Refrigeration upgrades first",
      description:
        "Sizing the system after efficiency work avoids paying for panels to power waste, and the utility rebates often help fund both.",
    },
  ],
  example: {
    title: "A 300 kW rooftop system for a 45,000-square-foot store",
    summary:
      "An illustrative single supermarket in California paying $21,000 a month for power, mostly for refrigeration, lighting and HVAC, installs 300 kW on its roof. A parking canopy would add room for panels at a higher cost per watt than the roof prices used here.",
    state: "CA",
    monthlyBillUsd: 21000,
    systemKw: 300,
  },
  faq: [
    {
      question: "Will solar keep our coolers and freezers running in a power outage?",
      answer:
        "Not on its own. Grid-tied inverters shut down when the grid goes down, for line workers' safety. Keeping refrigeration running takes a generator or a battery with islanding controls sized to the refrigeration load, which is a separate design decision from the solar system.",
    },
    {
      question: "Our roof is full of condensers and rooftop units. Is there room for solar?",
      answer:
        "Usually some, after service clearances and fire setbacks, and parking canopies can add more. A site survey shows what fits; many stores combine a partial roof array with a canopy.",
    },
    {
      question: "How much do solar panels reduce demand charges?",
      answer:
        "Less than most owners expect. Demand charges are set by the highest interval of the month, which can come on a cloudy day or after sunset. Solar mainly cuts energy charges; a battery with peak-shaving controls is what lowers demand charges predictably.",
    },
    {
      question: "We lease our store. Who would own the system?",
      answer:
        "It depends on the lease. You can own the system with the landlord's consent to use the roof and parking, the landlord can own it and sell you the power, or a third party can own it under a power purchase agreement where state law allows. Whoever owns it claims the federal credit.",
    },
  ],
  ctaText:
    "Send us a recent bill with interval data if you have it, and we will size a system to your refrigeration load and show what a battery would add.",
  reviewedOn: "2026-11-23",
};
