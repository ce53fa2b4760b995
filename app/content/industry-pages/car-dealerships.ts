import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "car-dealerships",
  title: "Commercial Solar for Car Dealerships",
  subtitle:
    "Rooftop and canopy solar for showrooms, service departments and lots, sized to the power your store actually uses.",
  metaDescription:
    "Dealership solar for showroom HVAC, service bays and EV charging: the federal credit's end-2027 deadline and state charger programs.",
  intro:
    "A dealership pays for power in three places: a glass-walled showroom that needs heavy air conditioning and bright lighting, a service department full of lifts, air compressors and bay heaters, and lot lighting and EV chargers for inventory and customers. Solar on the service building and canopies over the lot produce most during business hours, when those loads run. Chargers add sharp demand peaks, so batteries and charger load management matter as much as the panels.",
  heroImageAlt: "Illustration of solar canopies shading rows of cars in front of a dealership showroom",
  benefits: [
    {
      icon: "car",
      title: "Canopies that shade the lot",
      description:
        "Solar canopies over customer, service-drive or display parking produce power from space you already use and keep vehicles and customers out of the sun and rain.",
    },
    {
      icon: "trending-down",
      title: "Lower daytime bills",
      description:
        "Showroom cooling and service-bay equipment run during daylight, so a system sized to the store's use replaces power bought at daytime rates; the savings calculator estimates how much of the bill from your own figures.",
    },
    {
      icon: "zap",
      title: "Room for EV charging",
      description:
        "Level 2 and DC fast chargers for inventory, demos and customers raise both energy use and demand charges. Solar offsets daytime charging energy, and a battery can reduce the peaks fast chargers set.",
    },
    {
      icon: "lightbulb",
      title: "Efficiency you can see",
      description:
        "Panels on the front line show shoppers comparing EVs and hybrids that the store makes some of its own power, and pairing solar with LED lot lighting cuts load further.",
    },
  ],
  incentives: [
    {
      title: "Federal investment tax credit (Section 48E)",
      description:
        "A 6% base credit, rising to 30% of eligible cost for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules. The window to qualify by beginning construction closed on July 4, 2026, so a new roof or canopy system must be placed in service by December 31, 2027, and its equipment must pass the prohibited-foreign-entity rules that apply to projects beginning construction after 2025. The credit covers the solar system, not EV chargers.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "Permanent for qualifying property acquired after January 19, 2025: a dealership can generally deduct the depreciable cost of the system in the year it is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "State and utility EV charger programs",
      description:
        "The federal Section 30C charger credit ended for equipment placed in service after June 30, 2026, so new chargers cannot earn it. Many states and utilities instead fund make-ready work such as service upgrades, conduit and wiring, and some utilities offer EV charging rates that ease demand charges. Budgets and eligibility vary by utility, so check your state's page and ask your utility before ordering chargers.",
    },
    {
      title: "State solar programs",
      description:
        "Some states pay for solar output or offer tax exemptions: examples include Illinois Shines, Massachusetts SMART 3.0, which adds value for canopy projects, and NY-Sun. Availability and rates change as program capacity fills, so check your state's page for what applies where your store is.",
    },
  ],
  useCases: [
    {
      icon: "wrench",
      title: "Service-department roof",
      description:
        "The service building's flat roof is usually the least expensive place for panels. Its lifts, compressors, parts washers and bay heaters run all day, so nearly all of the output is used on site.",
    },
    {
      icon: "car",
      title: "Customer and service-drive canopies",
      description:
        "Canopies over customer parking, the service drive or part of the display lot, sized to the space you can give them. They cost more per watt than roof systems because of the steel and foundations, but they add capacity where the roof is small and give vehicles shade and cover.",
    },
    {
      icon: "battery",
      title: "EV charging with solar and storage",
      description:
        "Inventory charging and customer fast chargers can set a new monthly demand peak. A battery charged by the solar system, together with scheduled charging, keeps those peaks down; state or utility make-ready programs can cover part of the wiring.",
    },
    {
      icon: "store",
      title: "Showroom load first",
      description:
        "LED showroom and lot lighting, HVAC controls and glazing film reduce load before the system is sized, so a smaller system can deliver the same savings.",
    },
  ],
  example: {
    title: "200 kW rooftop system at a franchise dealership",
    summary:
      "An illustrative franchise dealership in Texas with an $8,000 monthly electric bill puts 200 kW on its service-building and showroom roofs. Canopies over customer parking would add room for panels at a higher cost per watt than the roof prices used here; no battery or charger program is counted.",
    state: "TX",
    monthlyBillUsd: 8000,
    systemKw: 200,
  },
  faq: [
    {
      question: "Is there still a federal tax credit for EV chargers at a dealership?",
      answer:
        "Not for new chargers. The Section 30C credit ended for charging equipment placed in service after June 30, 2026. Many states and utilities still run make-ready and rebate programs, and some utilities offer EV charging rates, so check your state's page and ask your utility before ordering equipment.",
    },
    {
      question: "Do solar canopies qualify for the federal solar credit?",
      answer:
        "The solar equipment on a canopy counts toward the Section 48E credit the same way rooftop panels do, under the same conditions: placed in service by December 31, 2027, 30% only under 1 MW(ac) or with prevailing wage and apprenticeship, and the prohibited-foreign-entity rules. How much of the canopy's steel structure counts is a question to settle with your tax professional before you budget.",
    },
    {
      question: "Will solar cut the demand charges from our fast chargers?",
      answer:
        "Not reliably on its own. A demand charge is set by your highest short peak in the month, which can come on a cloudy day or after sunset. A battery that discharges when chargers ramp up, together with charger load management, is what controls the peak; the solar system offsets energy and helps recharge the battery.",
    },
    {
      question: "How long does a dealership project take?",
      answer:
        "Usually several months from signed contract to operation, mostly for design, permits, utility interconnection and equipment delivery; canopies add structural engineering and foundations. A new system must be placed in service by December 31, 2027 to claim the federal credit, so leave room in the schedule.",
    },
  ],
  ctaText:
    "Send your store's electric bills, including any separate service or lot meters, and we will show what roof and canopy solar would save and which programs apply in your state.",
  reviewedOn: "2026-11-23",
};
