import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "wedding-venues",
  title: "Commercial Solar for Wedding Venues",
  subtitle: "Solar sized to a seasonal, evening-heavy event calendar, for barns, estates and event halls.",
  metaDescription:
    "Solar for wedding venues: offset HVAC, lighting and catering loads across a seasonal event calendar. The federal credit needs service by Dec 31, 2027.",
  intro:
    "A wedding venue's electric bill follows its calendar: heavy from spring through fall, when barns and halls are cooled for a full house, lighting and sound run late, and catering kitchens, walk-in coolers and well pumps work all weekend, and light in the off-season. Much of that use falls in the evening, after solar output has faded, so the value of a system depends on how your utility credits the power it exports during the day. Sized with that in mind, solar can cut a large share of the bill, and rural properties usually have room for roof or ground arrays.",
  heroImageAlt:
    "Illustration of a barn wedding venue with solar panels on a rear outbuilding roof and string lights over an outdoor terrace",
  benefits: [
    {
      icon: "calendar",
      title: "Production peaks in your season",
      description:
        "Solar produces the most from late spring through summer, the months when most venues host the most events and run the most cooling.",
    },
    {
      icon: "fan",
      title: "Offsets cooling for large rooms",
      description:
        "Cooling a high-ceilinged barn or hall with doors open to the terrace is the largest load at most venues. Daytime setup, rehearsals and afternoon ceremonies use solar output directly.",
    },
    {
      icon: "lightbulb",
      title: "Covers evening lighting through netting",
      description:
        "Where your utility nets exports against use within the billing period, daytime surplus pays for evening lighting, sound and kitchen load. Under net billing, exports earn less, and a battery can carry midday output into the reception.",
    },
    {
      icon: "leaf",
      title: "An accurate story to tell couples",
      description:
        "Many couples ask about sustainability, and an on-site system is something you can show them. If you sell the system's renewable energy certificates, the FTC's Green Guides say you should not claim the venue uses that renewable energy, so describe it with care.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac), which covers nearly every venue, or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. Permits and interconnection take months, so the credit is not assured for a project that starts late.",
    },
    {
      title: "USDA REAP grants (rural venues only)",
      description:
        "A venue that is a small business in a rural area may apply for REAP grants of up to 25% of eligible cost from regular funds; the 50% share applied only to IRA-funded awards, and that money is running out. USDA delayed its FY2026 application windows. Since August 2025, ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Confirm the current round with your USDA state office.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For property acquired after January 19, 2025, the 2025 law made 100% bonus depreciation permanent, so a taxable business can generally deduct the system's depreciable cost in the first year (the basis is reduced by half of the credit). The same law changed how solar fits the older 5-year MACRS schedule, and not every state follows the federal bonus rule: confirm the treatment with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "Property and sales tax exemptions, state incentive programs and, above all, the rules for crediting exported power differ by state and utility, and for a venue with evening loads the export rules matter most. Check your state's incentive page before sizing the system.",
    },
  ],
  useCases: [
    {
      icon: "tent",
      title: "Barn and outbuilding roofs",
      description:
        "South- or west-facing roofs on equipment sheds, garages or the rear of the barn keep panels out of wedding photos. Older timber barns may need a structural check or reinforcement first.",
    },
    {
      icon: "sun",
      title: "Ground array out of sightlines",
      description:
        "A ground-mounted array behind the parking area or a tree line keeps the ceremony views clear. Check zoning and setbacks, and the REAP limits if you plan to apply.",
    },
    {
      icon: "battery",
      title: "Battery for evening receptions",
      description:
        "Where exports earn little, storing midday output for the evening raises its value. With the right inverter, a battery can also keep lights, sound and coolers running through a short outage.",
    },
    {
      icon: "lightbulb",
      title: "Efficiency before sizing",
      description:
        "LED event lighting, smart thermostats that pre-cool the hall before guests arrive and efficient walk-in coolers shrink the load, so a smaller system covers more of the bill.",
    },
  ],
  example: {
    title: "Rural barn venue with rooftop solar",
    summary:
      "An illustrative rural barn venue in Vermont with a $2,250 monthly electric bill, most of it from May through October, installs 45 kW on the roofs of its outbuildings. Counting all of the output as used on site holds only where the utility nets exports against later use; under net billing the savings would be lower. No REAP grant is counted.",
    state: "VT",
    monthlyBillUsd: 2250,
    systemKw: 45,
  },
  faq: [
    {
      question: "We are busy only part of the year. Will solar pay off?",
      answer:
        "It can, because the busy season and the sunniest months overlap. What decides it is how your utility treats off-season surplus: with annual net metering, spring and summer credits carry forward to later bills; with monthly netting or net billing, surplus earns less, so the system is sized closer to peak-season use. The savings calculator estimates payback from your own bill and rates.",
    },
    {
      question: "Our events run late into the night. Does solar help with that?",
      answer:
        "Indirectly. Panels produce nothing after sunset, but under net metering the daytime surplus is credited against evening use in the same billing period. Where exports are credited at a lower rate, a battery that stores midday output for the reception keeps more of the value on site.",
    },
    {
      question: "Can we market the venue as solar-powered?",
      answer:
        "You can describe the system accurately, for example how many panels you have and how much of your yearly electricity they produce. If you sell the renewable energy certificates the system earns, the FTC's Green Guides say you should not claim that the venue uses renewable energy, because the buyer owns that claim.",
    },
    {
      question: "Can a rural venue get a USDA REAP grant?",
      answer:
        "Possibly, if it is a small business located in a rural area; USDA decides eligibility. Grants from regular funds cover up to 25% of eligible cost; the 50% share was only for IRA-funded awards, and that money is running out. USDA delayed its FY2026 windows, and since August 2025 ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your venue within 24 hours, sized to your event season and your utility's export rules.",
  reviewedOn: "2026-11-23",
};
