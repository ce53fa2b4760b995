import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "movie-theaters",
  title: "Commercial Solar for Movie Theaters",
  subtitle:
    "Offset auditorium cooling, projection and concessions with a rooftop system, and use storage to soften evening peaks.",
  metaDescription:
    "Solar for movie theaters: offset auditorium HVAC, projection and concessions; batteries help with evening peaks. Federal credit needs service by Dec 31, 2027.",
  intro:
    "A theater's electric bill is set by cooling and ventilating large auditoriums full of people, digital projectors and sound systems in every auditorium, and concessions equipment: popcorn kettles, warmers, freezers and drink coolers. The busiest hours are evenings and weekends, often inside the utility's highest-priced time-of-use window, while solar produces most at midday. Large flat roofs leave room for a sizable array, and a battery can carry some of the midday output into the evening.",
  heroImageAlt:
    "Illustration of a multiplex movie theater with solar panels across its flat roof and solar canopies over the parking lot",
  benefits: [
    {
      icon: "fan",
      title: "Cuts the cost of cooling big rooms",
      description:
        "Auditorium air-conditioning runs from pre-cooling before the first matinee through the last show, and its afternoon share is what solar offsets best.",
    },
    {
      icon: "building",
      title: "Roof space to match the load",
      description:
        "Multiplex roofs are large and rarely shaded. The limits are usually roof structure, rooftop HVAC units and the utility's rules on system size, not space.",
    },
    {
      icon: "battery",
      title: "Evening peaks under control",
      description:
        "Where the utility's peak window falls in the early evening, a battery charged by solar can carry part of the load through prime showtimes and trim demand charges.",
    },
    {
      icon: "trending-down",
      title: "Lower, steadier operating cost",
      description:
        "How much of the bill a system covers depends on your rates, your roof and how your utility credits exported power; the savings calculator estimates it from your own bill.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac), which covers most single theaters, or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. Permits and interconnection take months, so the credit is not assured for a project that starts late.",
    },
    {
      title: "Energy community bonus",
      description:
        "A theater located in a qualifying energy community, such as a brownfield or an area tied to closed coal mines or plants, can add up to 10 percentage points to the credit. It ends with the base credit: a new system must be placed in service by December 31, 2027. Check the federal energy community maps for your address.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For property acquired after January 19, 2025, the 2025 law made 100% bonus depreciation permanent, so a taxable business can generally deduct the system's depreciable cost in the first year (the basis is reduced by half of the credit). The same law changed how solar fits the older 5-year MACRS schedule, and not every state follows the federal bonus rule: confirm the treatment with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "Property and sales tax exemptions, incentive programs such as Illinois Shines or NY-Sun in New York, and battery programs such as Mass Save ConnectedSolutions in Massachusetts depend on where you are, and so does the rate paid for exported power. Check your state's incentive page before sizing the system.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Rooftop array over the auditoriums",
      description:
        "Ballasted or attached racking on the flat roof, laid out around HVAC units and smoke vents. A structural review comes first, because long-span auditorium roofs may have little spare capacity.",
    },
    {
      icon: "car",
      title: "Parking-lot canopies",
      description:
        "Where the theater controls its lot, canopies add capacity and shade cars for evening guests. In a shared shopping-center lot they need the landlord's and other tenants' agreement.",
    },
    {
      icon: "battery",
      title: "Battery for the evening peak",
      description:
        "A battery that charges from midday solar and discharges during the early-evening peak raises the value of each kWh on time-of-use and demand-charge tariffs. Battery storage is not bound by the solar credit's 2027 deadline but has its own rules, so ask your tax adviser how it is credited.",
    },
    {
      icon: "film",
      title: "Efficiency before sizing",
      description:
        "Ventilation controlled by occupancy sensors and showtimes, LED lobby and auditorium lighting, and laser projectors lower the load, so a smaller system covers more of the bill.",
    },
  ],
  example: {
    title: "Eight-screen theater with a rooftop system",
    summary:
      "An illustrative eight-screen theater in Maryland with a $12,500 monthly electric bill installs 300 kW on its roof, where afternoon cooling and early shows use the midday output. No battery is counted.",
    state: "MD",
    monthlyBillUsd: 12500,
    systemKw: 300,
  },
  faq: [
    {
      question: "Our busiest hours are in the evening. Does solar still make sense?",
      answer:
        "Often, yes. A theater still draws heavily in the afternoon for pre-cooling, matinees, concessions preparation and refrigeration, and that is when solar produces. How much the rest is worth depends on your tariff: with net metering, daytime surplus offsets evening use; under net billing or time-of-use rates with an evening peak, a battery that shifts midday output into showtimes is what captures the value.",
    },
    {
      question: "We lease our building. Can we still install solar?",
      answer:
        "Usually, with the landlord's written consent. The lease should grant roof rights for the life of the system, say who pays for roof repairs, and run long enough to cover the payback, or let the system transfer to the landlord or a new tenant. The system's owner, not necessarily the building owner, claims the federal credit.",
    },
    {
      question: "Can our roof carry solar panels?",
      answer:
        "Many can, but long-span auditorium roofs are designed close to their limits, so a structural engineer checks the added weight and wind loads first. A roof near the end of its life should be replaced before installation, since removing and reinstalling panels later is costly.",
    },
    {
      question: "Can we count on the 30% federal credit?",
      answer:
        "Only if the project qualifies. It is 30% for systems under 1 MW(ac), or larger ones meeting prevailing wage and apprenticeship rules, but a new system must be placed in service by December 31, 2027 and, if construction begins after 2025, pass the prohibited-foreign-entity rules. A project that misses the deadline or fails those rules gets no credit, and permits and interconnection take months, so start early and confirm eligibility with a tax professional.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your theater within 24 hours, including whether a battery would pay off against your evening peaks.",
  reviewedOn: "2026-11-23",
};
