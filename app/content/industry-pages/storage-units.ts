import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "storage-units",
  title: "Commercial Solar for Storage Units",
  subtitle:
    "Wide roofs and modest loads: a system sized to what your facility uses, since exported power often earns little.",
  metaDescription:
    "Solar for self-storage: size to climate control, lighting and gate loads, know what exports earn, and claim the federal credit before its 2027 deadline.",
  intro:
    "A self-storage facility's bill comes from climate-controlled buildings, LED corridor and security lighting, the office, gates, keypads and cameras, and elevators in multi-story buildings. Drive-up facilities use little power; climate-controlled ones use far more, mostly on summer afternoons. The roofs can usually hold much more solar than the facility uses, so the right system is sized to on-site use, not to the roof.",
  heroImageAlt: "Rows of self-storage buildings with solar panels on their metal roofs",
  benefits: [
    {
      icon: "thermometer",
      title: "Cover the climate-control load",
      description:
        "Cooling for climate-controlled units peaks on sunny afternoons, when panels produce the most, so a right-sized system is used almost entirely on site.",
    },
    {
      icon: "trending-down",
      title: "A large share of a modest bill",
      description:
        "Because the load is small compared with the roof, the system is sized to the load, not to the roof; what it saves depends on rates and export rules, and the savings calculator estimates it from your own bill.",
    },
    {
      icon: "wrench",
      title: "Simple mounting on metal roofs",
      description:
        "Standing-seam metal roofs take clamp-on mounts that need no roof penetrations, which keeps installation quick and adds no new leak points.",
    },
    {
      icon: "shield",
      title: "Lights and cameras that cost less to run",
      description:
        "Security lighting, cameras and gate systems run every day of the year; covering their daytime share lowers a fixed cost of running the site.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "The system owner can claim a 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules; storage facility systems are almost always well under 1 MW. A new project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "The 2025 law made 100% bonus depreciation permanent for property acquired after January 19, 2025; the depreciable basis is reduced by half of any credit claimed. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with a tax professional, and check your state's treatment.",
    },
    {
      title: "State net metering and incentive rules",
      description:
        "Many states credit exports at avoided-cost or net-billing rates well below retail, and several cap system size at a share of on-site use. Some states add property or sales tax relief. Check your state's incentives page on this site before sizing.",
    },
    {
      title: "Community solar roof leases",
      description:
        "In states with community solar programs, such as New Jersey's Community Solar Energy Program, a developer may lease the spare roof area to host a project that serves other customers. Availability, capacity and terms depend on the state program and the utility.",
    },
  ],
  useCases: [
    {
      icon: "warehouse",
      title: "Rooftop arrays sized to on-site use",
      description:
        "Panels on the buildings closest to the main service, sized to the facility's annual use and to the state's sizing rules rather than to the full roof.",
    },
    {
      icon: "thermometer",
      title: "Climate-controlled buildings",
      description:
        "The highest-load buildings are the best fit, especially in hot climates where cooling runs most of the year.",
    },
    {
      icon: "battery",
      title: "Batteries for demand charges",
      description:
        "On rates with demand charges, a small battery can trim the afternoon peak from cooling and elevators that solar alone does not reliably lower.",
    },
    {
      icon: "building",
      title: "Hosting a community solar project",
      description:
        "Where a state program exists, leasing the roof area you do not need to a community solar developer can turn it into rent instead of exports.",
    },
  ],
  example: {
    title: "A 110 kW system for a climate-controlled facility",
    summary:
      "An illustrative 80,000-square-foot, mostly climate-controlled facility in North Carolina paying $4,000 a month for power puts 110 kW on its roofs, less than the facility uses, with no export income counted.",
    state: "NC",
    monthlyBillUsd: 4000,
    systemKw: 110,
  },
  faq: [
    {
      question: "We have far more roof than we need. Why not cover all of it and sell the power?",
      answer:
        "In many states exported power earns avoided-cost or net-billing rates well below what you pay for electricity, and several states cap system size at a share of your on-site use. Panels beyond your own use take far longer to pay back. If you want income from the spare roof, a community solar roof lease, where your state has a program, is usually the better route.",
    },
    {
      question: "Can our metal roofs carry solar panels?",
      answer:
        "Most can. Standing-seam roofs take clamp-on mounts without penetrations; older through-fastened roofs need rail mounts and careful sealing. An engineer should confirm the purlins can carry the added weight, and a roof near the end of its life should be replaced first.",
    },
    {
      question: "Does solar make sense for a drive-up facility with no climate control?",
      answer:
        "Sometimes, but the bill is small, and a very small system costs more per watt, so the payback is longer. Switching to LED lighting with motion sensors is often the better first step; a small system for the office, lighting and gates can follow.",
    },
    {
      question: "How long does a project take, and is there still time for the federal credit?",
      answer:
        "A small rooftop system often takes a few months from contract to operation, mostly permits and utility approval. A new project must be placed in service by December 31, 2027 to claim the credit, so it is worth starting well ahead; no schedule can promise it.",
    },
  ],
  ctaText:
    "Send us a year of electric bills and we will size a system to what your facility actually uses and show what it could save.",
  reviewedOn: "2026-11-23",
};
