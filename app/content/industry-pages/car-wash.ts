import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "car-wash",
  title: "Commercial Solar for Car Washes",
  subtitle:
    "Offset the pumps, dryers, vacuums and water heating behind every wash with solar sized to what your site actually uses.",
  metaDescription:
    "Solar for car washes: offset pumps, dryers, vacuums and water heating, and manage demand charges. The federal credit needs service by Dec 31, 2027.",
  intro:
    "A car wash's electric bill is driven by high-pressure pumps, blower dryers, central vacuums, reverse-osmosis spot-free rinse and, where water is heated electrically, wash-water and floor heating. Because dryers and pumps start together during a rush, demand charges can be a large share of a wash's bill. Solar on the roof or over the vacuum stalls produces most during busy daytime hours, and a battery can trim the short peaks that set the demand charge.",
  heroImageAlt:
    "Illustration of an express car wash tunnel with solar panels on its roof and on canopies over the vacuum stalls",
  benefits: [
    {
      icon: "sun",
      title: "Output that matches wash hours",
      description:
        "Most washes do their volume between mid-morning and late afternoon, when solar output is highest, so more of the power is used on site instead of being exported at a lower rate.",
    },
    {
      icon: "battery",
      title: "A path to lower demand charges",
      description:
        "Solar alone cannot be counted on to cut a demand peak: one cloudy rush can set the month's charge. A battery sized to dryer and pump start-ups, together with soft starters or variable-frequency drives, is what keeps those peaks down.",
    },
    {
      icon: "trending-down",
      title: "A smaller share of your bill exposed to rate increases",
      description:
        "Once the system is paid for, its output costs nothing per car for 25 years or more. How much of the bill it covers depends on your rates, your space and how your utility credits exports; the savings calculator estimates it from your own bill.",
    },
    {
      icon: "car",
      title: "Canopies customers notice",
      description:
        "A solar canopy over the vacuum lanes shades customers and cars in summer and adds generating space without crowding a tunnel roof already full of vents and equipment.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac), which covers nearly every car wash, or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. Permits and interconnection take months, so the credit is not assured for a project that starts late.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For property acquired after January 19, 2025, the 2025 law made 100% bonus depreciation permanent, so a taxable business can generally deduct the system's depreciable cost in the first year (the basis is reduced by half of the credit). The same law changed how solar fits the older 5-year MACRS schedule, and not every state follows the federal bonus rule: confirm the treatment with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "Property and sales tax exemptions, incentive programs such as Illinois Shines or NY-Sun in New York, and utility rebates depend on your state and utility, and so does the rate you are paid for exported power. Check your state's incentive page before sizing the system.",
    },
    {
      title: "Utility efficiency rebates for motors and lighting",
      description:
        "Many utilities rebate variable-frequency drives, efficient motors and LED lighting. Cutting pump, blower and lighting load first lets a smaller solar system cover more of the bill; ask your utility what it offers this year.",
    },
    {
      title: "EV chargers: state and utility make-ready programs",
      description:
        "The federal charger credit (Section 30C) ended for equipment placed in service after June 30, 2026, so new chargers cannot earn it. Some states and utilities run make-ready programs that pay for part of the wiring and service upgrades for charging stations; availability depends on your utility.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Tunnel and equipment-room roofs",
      description:
        "Flat or low-slope roofs over the tunnel and equipment room carry most arrays. The installer checks the structure, works around vents, dryer intakes and skylights, and confirms the roof will outlast the panels or is replaced first.",
    },
    {
      icon: "car",
      title: "Vacuum-stall canopies",
      description:
        "Steel canopies over the vacuum lanes add capacity where the roof is small and shade customers. They cost more per watt than rooftop panels, which the payback has to absorb.",
    },
    {
      icon: "battery",
      title: "Battery for demand peaks",
      description:
        "On tariffs with high demand charges, a battery that covers dryer and pump start-ups can keep the monthly peak lower. Battery storage is not bound by the solar credit's 2027 deadline but has its own rules, so ask your tax adviser how it is credited.",
    },
    {
      icon: "droplets",
      title: "Express tunnels and in-bay automatics",
      description:
        "An express tunnel with large blower banks and an in-bay automatic with electric water and floor heating have different load shapes. Size the system from 12 months of bills and, where available, interval data rather than from the bill total alone.",
    },
  ],
  example: {
    title: "Express tunnel wash with a rooftop system",
    summary:
      "An illustrative express tunnel in Arizona with a $7,000 monthly electric bill installs 60 kW on its tunnel and equipment-room roofs. A canopy over the vacuum stalls would add room for panels at a higher cost per watt than the roof prices used here.",
    state: "AZ",
    monthlyBillUsd: 7000,
    systemKw: 60,
  },
  faq: [
    {
      question: "Will solar lower my demand charges?",
      answer:
        "Some months, but not reliably on its own. Demand charges are set by your highest 15- or 30-minute draw, often when dryers and pumps start during a rush, and one cloudy peak sets the charge for the month. Solar mainly reduces the energy (kWh) part of the bill. To lower demand charges, pair solar with a battery, controls that stagger motor starts, or soft starters and variable-frequency drives.",
    },
    {
      question: "Can my car wash still get the 30% federal tax credit?",
      answer:
        "Possibly. The Section 48E credit is 30% for systems under 1 MW(ac), which covers nearly every car wash, but a new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. If the system misses the deadline or fails those rules, there is no credit. Permitting and utility interconnection take months, so start early and confirm your eligibility with a tax professional.",
    },
    {
      question: "Is there still a federal tax credit for EV chargers at my wash?",
      answer:
        "No. The Section 30C charger credit ended for equipment placed in service after June 30, 2026. Some states and utilities offer make-ready programs that cover part of the wiring and service upgrades; check with your utility and on your state's incentive page.",
    },
    {
      question: "How much of my electric bill can solar cover?",
      answer:
        "It depends on your rates, your roof and canopy space, and how your utility credits exported power: the savings calculator estimates your share of the bill and your payback from your own figures, and the worked example on this page shows the arithmetic for one wash. Many utilities credit exports at well below the retail rate, so the system is sized to what the wash uses on site, not to the largest array that fits.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your wash within 24 hours, including whether a battery would pay for itself against your demand charges.",
  reviewedOn: "2026-11-23",
};
