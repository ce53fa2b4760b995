import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "small-manufacturing",
  title: "Commercial Solar for Small Manufacturing",
  subtitle: "Solar and storage for machine shops, fabricators and small plants, sized to the load of each shift.",
  metaDescription:
    "Solar for small manufacturers: compressors, motors, process heat and demand charges, with the federal credit's end-2027 deadline.",
  intro:
    "A small plant's bill is set by motors and heat: air compressors, CNC machines, presses and injection molders, welders, ovens and dryers, chillers and dust collection, plus lighting and HVAC for the floor. Energy charges follow the hours you run, while demand charges follow the largest short peak, often when equipment starts at the beginning of a shift. Solar offsets daytime energy on first and second shifts; a battery or load scheduling is what trims the peak.",
  heroImageAlt: "Illustration of a small factory building with rows of solar panels across its flat roof",
  benefits: [
    {
      icon: "factory",
      title: "Lower cost per machine-hour",
      description:
        "A system sized to the plant's daytime use lowers the energy cost built into every part you make; the savings calculator estimates how much from your own bill.",
    },
    {
      icon: "clock",
      title: "Fits daytime shifts",
      description:
        "Plants that run one or two shifts on weekdays use most of their power while the sun is up, so little output is exported at the lower rates many utilities pay for it.",
    },
    {
      icon: "battery",
      title: "Control over demand charges",
      description:
        "A battery that discharges when compressors, ovens and machines start together, or simply staggering start-up, lowers the monthly peak that solar alone cannot reliably cut.",
    },
    {
      icon: "piggy-bank",
      title: "Fast cost recovery",
      description:
        "For a manufacturer with federal tax liability, the investment credit and 100% bonus depreciation together can recover a large share of the cost in the first years. Confirm how they apply with your tax adviser.",
    },
  ],
  incentives: [
    {
      title: "Federal investment tax credit (Section 48E)",
      description:
        "A 6% base credit, rising to 30% of eligible cost for systems under 1 MW(ac); at 1 MW(ac) or more, the 30% rate requires prevailing wage and apprenticeship compliance. The window to qualify by beginning construction closed on July 4, 2026, so a new system must be placed in service by December 31, 2027, and its equipment must pass the prohibited-foreign-entity rules that apply to projects beginning construction after 2025.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "Permanent for qualifying property acquired after January 19, 2025: a manufacturer can generally deduct the depreciable cost in the year the system is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "Energy community bonus",
      description:
        "A system located in a qualifying energy community, such as a brownfield site or an area tied to closed coal mines or coal plants, can add up to 10 percentage points to the investment credit. It ends with the base credit, so the system must be placed in service by December 31, 2027; federal maps show which locations qualify.",
    },
    {
      title: "State and utility programs",
      description:
        "Depending on the state, plants may find property or sales tax exemptions, payments for solar output such as Illinois Shines, and utility rebates for efficient compressors, motors and lighting. Check your state's page for what applies to your site.",
    },
  ],
  useCases: [
    {
      icon: "factory",
      title: "Plant roof",
      description:
        "Flat or metal plant roofs typically hold 100 to 500 kW. A structural check confirms the roof can carry the panels, and a roof with little life left should be replaced first.",
    },
    {
      icon: "sun",
      title: "Ground mount on unused land",
      description:
        "Unused yard or buffer land avoids roof load limits and is easier to expand when the plant adds a shift or a line, subject to local zoning and setbacks.",
    },
    {
      icon: "battery",
      title: "Battery for peak shaving",
      description:
        "Where demand charges are a large part of the bill, a battery sized to the start-up peak of compressors, ovens or molding machines can pay for itself through lower demand charges, and the solar system helps recharge it.",
    },
    {
      icon: "wrench",
      title: "Compressed air and motors first",
      description:
        "Compressed air is often one of a plant's largest and leakiest loads. Fixing leaks, adding variable-speed drives and LED high-bay lighting before sizing solar lets a smaller system do the same work.",
    },
  ],
  example: {
    title: "400 kW rooftop system at a two-shift machine shop",
    summary:
      "An illustrative two-shift machine shop in Michigan with a $15,000 monthly electric bill installs 400 kW on its roof, less than its weekday use. No battery is counted; solar alone does little for demand charges, which is why only the energy part of the price is counted.",
    state: "MI",
    monthlyBillUsd: 15000,
    systemKw: 400,
  },
  faq: [
    {
      question: "Will solar cut our demand charges?",
      answer:
        "Not reliably. A demand charge is set by the highest short peak in the month, often at shift start, and one cloudy afternoon can remove solar output at that moment. Solar reduces the energy you buy; a battery, load scheduling or staggered start-up is what lowers the peak.",
    },
    {
      question: "Does a system of 1 MW or more still get the full 30% credit?",
      answer:
        "Only if it meets the prevailing wage and apprenticeship requirements; otherwise the credit is the 6% base rate. Systems under 1 MW(ac) get 30% without those requirements. In every case a new system must be placed in service by December 31, 2027 and pass the prohibited-foreign-entity rules, so the rate is not assured until those conditions are met.",
    },
    {
      question: "Should we replace the roof before adding solar?",
      answer:
        "If the roof has less life left than the panels, usually yes. Removing and reinstalling a system to re-roof later adds cost and downtime. A structural engineer should also confirm the roof can carry the added weight, especially for ballasted systems on flat roofs.",
    },
    {
      question: "What happens to the power we make on weekends?",
      answer:
        "If the plant is idle, weekend output is exported. In many states exports are credited at net billing or avoided-cost rates well below retail, so we size the system to weekday use and account for weekends in the savings estimate. Your state's page describes its net metering rules.",
    },
  ],
  ctaText:
    "Send twelve months of your plant's electric bills, including the demand charges, and we will show what solar and storage sized to your shifts would save.",
  reviewedOn: "2026-11-23",
};
