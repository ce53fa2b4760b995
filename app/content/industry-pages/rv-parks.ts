import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "rv-parks",
  title: "Commercial Solar for RV Parks",
  subtitle: "Lower the cost of the power your guests use at the pedestal, the bathhouse and the pool.",
  metaDescription:
    "Solar for RV parks and campgrounds: site pedestals, bathhouses, pools and well pumps, meter rules, rural REAP grants and the 2027 federal credit deadline.",
  intro:
    "In most parks the electric bill follows the guests: air conditioners on 30- and 50-amp pedestals, electric water heaters in the bathhouses, laundry, pool pumps and heaters, well pumps and lift stations, and the office and store. Summer afternoons are the peak, which is when solar produces most. What solar can offset depends on which meters those loads sit on, so a good design starts with the park's meter map.",
  heroImageAlt: "Solar panels on a campground bathhouse roof with RVs parked at shaded sites",
  benefits: [
    {
      icon: "sun",
      title: "Output that follows the season",
      description:
        "Peak occupancy and air-conditioning load come in summer, when panels produce the most, so more of the output is used on site instead of exported.",
    },
    {
      icon: "piggy-bank",
      title: "Protect your nightly margin",
      description:
        "When electricity is included in the site fee, every kilowatt-hour a guest uses comes out of your margin. Power the park makes on its own roofs and carports replaces some of it; the savings calculator estimates how much from your bill.",
    },
    {
      icon: "droplets",
      title: "Cheaper hot water and pumping",
      description:
        "Bathhouse water heaters, pool pumps and well pumps run for long daytime hours, a steady load that solar covers well, especially if electric water heating is moved to heat pumps.",
    },
    {
      icon: "leaf",
      title: "A draw for guests",
      description:
        "Panels on the bathhouse or a shade canopy show guests that the park looks after the land they came to see, and give you something concrete to say about it.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "A park that owns its system can claim a 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules; almost every park system is well under 1 MW. A new project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules.",
    },
    {
      title: "USDA REAP grants for rural small businesses",
      description:
        "Parks that are small businesses in rural areas can apply for Rural Energy for America grants of up to 25% of eligible cost from regular funds; the 50% share applied only to IRA-funded awards, which are running out. USDA delayed its FY2026 application windows, and since August 2025 ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred, so rooftop and smaller ground systems fit best. Confirm an open round with your USDA state office before budgeting a grant.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "Property acquired after January 19, 2025 can generally be deducted in full in the first year, with the basis reduced by half of any credit claimed. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with your tax professional, and check your state's treatment.",
    },
    {
      title: "State programs and net metering rules",
      description:
        "Rebates, renewable energy credit payments, tax exemptions and the rules for exported power and meter aggregation differ by state and utility. Check your state's incentives page on this site before sizing the system.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Bathhouse, clubhouse and store roofs",
      description:
        "The park's own buildings are the simplest place to start, close to the main service and to the water heaters and laundry they feed.",
    },
    {
      icon: "sun",
      title: "Ground mounts on unused acreage",
      description:
        "Where zoning allows, a ground array on land that is too steep, wet or remote for sites can carry more capacity than the roofs. Keep in mind that REAP deprioritizes ground-mounted systems over 50 kW.",
    },
    {
      icon: "tent",
      title: "Shade canopies over common areas",
      description:
        "Canopies over the office parking, a pavilion or a pool deck produce power and give guests shade. Keep them clear of RV travel lanes and the heights big rigs need.",
    },
    {
      icon: "battery",
      title: "Backup for wells and lift stations",
      description:
        "A grid-tied system shuts off in an outage. A battery with the right controls can keep the well pump, lift station and office running, as a separate decision from the solar itself.",
    },
  ],
  example: {
    title: "An 80 kW rooftop system for a 150-site park",
    summary:
      "An illustrative 150-site park in Florida with electric included in nightly rates, two bathhouses, a laundry and a pool, paying $6,000 a month on its main service, puts 80 kW on the roofs of its bathhouses, laundry and clubhouse. No REAP grant is counted, since grant rounds are uncertain.",
    state: "FL",
    monthlyBillUsd: 6000,
    systemKw: 80,
  },
  faq: [
    {
      question: "Can solar cover the electricity guests use at their site pedestals?",
      answer:
        "Yes, if those sites are fed from the park's own meter, which is the case when electricity is included in the site fee or submetered by the park. If sites are individually metered by the utility, a system on another meter does not offset them unless your state and utility allow meter aggregation. Your meter map decides where the panels should connect.",
    },
    {
      question: "Can our park get a USDA REAP grant?",
      answer:
        "Possibly, if the park is a small business in a rural area, which USDA generally defines as outside cities and towns of more than 50,000 people and their adjacent urbanized areas. Grants from regular funds cover up to 25% of eligible cost; the FY2026 windows were delayed, ground-mounted solar over 50 kW is deprioritized or ineligible, and panels from foreign adversaries are barred. Treat a grant as a bonus, not as the basis of the budget.",
    },
    {
      question: "Will solar keep the park running during a power outage?",
      answer:
        "Not on its own. Grid-tied inverters are required to shut down when the grid goes down so line workers are safe. To keep the well pump, lift station or office running you need a battery or generator with transfer equipment, designed as part of the project.",
    },
    {
      question: "We close for the winter. Does solar still pay?",
      answer:
        "It can, but it depends on what your utility pays for exported power. Where exports are credited near retail rates over a full year, winter production offsets summer use; where they earn avoided-cost or net-billing rates, size the system to what the park uses in season, and the payback will be longer than for a park open all year.",
    },
  ],
  ctaText:
    "Send us a year of bills for each meter and we will show which buildings and loads solar can cover, and which incentives your park can still claim.",
  reviewedOn: "2026-11-23",
};
