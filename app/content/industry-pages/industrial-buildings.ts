import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "industrial-buildings",
  title: "Commercial Solar for Warehouses & Industrial",
  subtitle:
    "Rooftop solar for warehouses, distribution centers and flex buildings, sized to what the building actually uses.",
  metaDescription:
    "Warehouse solar for lighting, forklift charging and cold storage loads: roof checks, tenant options and the federal credit's 2027 deadline.",
  intro:
    "Warehouses have large roofs, but their loads vary widely: a dry warehouse may use little beyond high-bay lighting, dock doors and some heating, a distribution center adds conveyors, sortation and forklift battery charging, and a cold store runs refrigeration around the clock. Because exported power often earns less than retail, the roof is rarely the limit; the building's own use is. Solar sized to that use, or roof space leased to a community solar project where a state program allows it, turns roof area into lower costs or steady income.",
  heroImageAlt: "Illustration of a large warehouse with loading docks and solar panels covering part of its flat roof",
  benefits: [
    {
      icon: "warehouse",
      title: "Roof area that earns its keep",
      description:
        "Large, flat, unshaded roofs are among the least expensive places to install solar per watt, and a system sized to the building's use often needs only part of the roof.",
    },
    {
      icon: "snowflake",
      title: "A good match for cold storage",
      description:
        "Freezers and coolers run all day and work hardest on hot, sunny afternoons, when solar produces most, so nearly all the output is used on site.",
    },
    {
      icon: "truck",
      title: "Power for electric forklifts and fleets",
      description:
        "Forklift charging and electric yard trucks or vans add load that daytime solar can offset. The federal charger credit has ended, but state and utility make-ready programs may help with new chargers.",
    },
    {
      icon: "trending-down",
      title: "Lower costs for owner or tenant",
      description:
        "Whoever pays the bill, a system sized to the building's use lowers it, and the lease decides how costs and savings are shared; the savings calculator estimates the amount from the bill.",
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
        "Permanent for qualifying property acquired after January 19, 2025: the owner can generally deduct the depreciable cost in the year the system is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "Energy community bonus",
      description:
        "A system on a qualifying brownfield site, or in an area tied to closed coal mines or coal plants or with high fossil-fuel employment, can add up to 10 percentage points to the investment credit. It ends with the base credit, so the system must be placed in service by December 31, 2027; federal maps show which locations qualify.",
    },
    {
      title: "State solar and community solar programs",
      description:
        "Some states pay for solar output or add value for larger rooftop projects, such as Illinois Shines, Massachusetts SMART 3.0 and NY-Sun, and New Jersey's community solar program lets commercial rooftops host projects. Capacity and rates change, so check your state's page.",
    },
  ],
  useCases: [
    {
      icon: "warehouse",
      title: "Owner-occupied warehouse roof",
      description:
        "An owner who also pays the bill installs a system sized to the building's use, often 200 kW to 1 MW. Before design, check the roof's remaining life and structural capacity and plan fire-code access pathways.",
    },
    {
      icon: "building",
      title: "Leased and multi-tenant buildings",
      description:
        "When tenants pay the utility bills, the owner can install solar and share savings through the lease, or a tenant can install it with the owner's consent. Long lease terms and clear roof-access clauses make either approach easier to finance.",
    },
    {
      icon: "snowflake",
      title: "Cold storage with batteries",
      description:
        "Refrigeration compressors run around the clock and set demand peaks on hot afternoons. Solar offsets daytime energy, and a battery can trim the peak and carry critical freezers through short outages.",
    },
    {
      icon: "sun",
      title: "Hosting community solar",
      description:
        "In states with community solar programs, a developer can lease a large roof for a project whose output goes to subscribers. The building earns rent without owning the system; its own bill does not change.",
    },
  ],
  example: {
    title: "500 kW rooftop system on a distribution warehouse",
    summary:
      "An illustrative owner-occupied distribution warehouse in Pennsylvania with a $14,000 monthly electric bill, mostly for lighting, conveyors and forklift charging, installs 500 kW on part of its roof. No battery is counted.",
    state: "PA",
    monthlyBillUsd: 14000,
    systemKw: 500,
  },
  faq: [
    {
      question: "Should we cover the whole roof with panels?",
      answer:
        "Usually not. In many states exported power is credited at net billing or avoided-cost rates well below retail, and some states cap system size at the building's annual use. Sizing to on-site load gives a better return; leftover roof area may suit a community solar lease where your state has a program.",
    },
    {
      question: "We lease the building to tenants. How does solar work?",
      answer:
        "The tenant who pays the electric bill gets the savings, so the lease has to address who owns the system, who maintains it and how the benefit is shared. Common approaches are owner-installed systems with a lease adjustment, tenant-installed systems with roof rights, or a roof lease to a community solar developer where a state program allows it.",
    },
    {
      question: "Can our roof carry a solar system?",
      answer:
        "Many can, but it needs checking. A structural engineer confirms the roof can carry the added weight, which matters most for ballasted systems on long-span roofs. Replace a roof that has less life left than the panels before installing, and plan access pathways the fire code requires.",
    },
    {
      question: "Does a system of 1 MW or more still get the full 30% credit?",
      answer:
        "Only if it meets the prevailing wage and apprenticeship requirements; otherwise the credit is the 6% base rate. Systems under 1 MW(ac) get 30% without them. Either way a new system must be placed in service by December 31, 2027 and pass the prohibited-foreign-entity rules.",
    },
  ],
  ctaText:
    "Send your building's electric bills and roof details and we will show what a system sized to its use would save, whether you own, lease or rent out the roof.",
  reviewedOn: "2026-11-23",
};
