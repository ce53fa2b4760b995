import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "veterinary-offices",
  title: "Commercial Solar for Veterinary Offices",
  subtitle:
    "Solar, and backup where it matters, for clinics and animal hospitals running kennels, surgery and imaging every day.",
  metaDescription:
    "Solar for veterinary clinics: offset HVAC, kennel, surgery and imaging loads and back up vaccine storage. Federal credit needs service by Dec 31, 2027.",
  intro:
    "A veterinary hospital's electric bill comes from ventilation and HVAC that keep kennels and wards fresh around the clock, surgery lights and anesthesia equipment, digital radiography and other imaging, autoclaves, laundry, water heating, and refrigerators for vaccines and drugs. Clinic hours line up well with solar production, boarding keeps a base load running every day of the year, and a battery can protect the loads that cannot go down.",
  heroImageAlt:
    "Illustration of a veterinary clinic with solar panels on its roof, an outdoor dog run and a shaded solar canopy over client parking",
  benefits: [
    {
      icon: "paw-print",
      title: "A steady load to offset, every day",
      description:
        "Boarding and ward areas need heating, cooling and ventilation seven days a week, often with high outdoor-air rates for odor control, so solar output is used on weekends as well as clinic days.",
    },
    {
      icon: "stethoscope",
      title: "Clinic hours match solar hours",
      description:
        "Surgery, imaging, sterilizing and laundry mostly run between morning drop-off and late afternoon, when panels produce the most.",
    },
    {
      icon: "shield",
      title: "Backup for critical loads",
      description:
        "With a battery and an inverter that can run during an outage, selected circuits such as vaccine and drug refrigerators, ward ventilation and your records network keep running. Grid-tied solar alone shuts off in an outage.",
    },
    {
      icon: "trending-down",
      title: "Lower operating cost",
      description:
        "Savings and payback depend on your rates and how your utility credits exported power; the savings calculator estimates both from your own bill.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac), which covers nearly every practice, or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. Permits and interconnection take months, so the credit is not assured for a project that starts late.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For property acquired after January 19, 2025, the 2025 law made 100% bonus depreciation permanent, so a taxable practice can generally deduct the system's depreciable cost in the first year (the basis is reduced by half of the credit). The same law changed how solar fits the older 5-year MACRS schedule, and not every state follows the federal bonus rule: confirm the treatment with a tax professional.",
    },
    {
      title: "USDA REAP grants (rural practices only)",
      description:
        "A practice that is a small business in a rural area, such as a mixed or large-animal clinic, may apply for REAP grants of up to 25% of eligible cost from regular funds; the 50% share applied only to IRA-funded awards, and that money is running out. USDA delayed its FY2026 application windows. Since August 2025, ground-mounted solar over 50 kW is deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred. Confirm the current round with your USDA state office.",
    },
    {
      title: "State and utility programs",
      description:
        "Property and sales tax exemptions, incentive programs such as Illinois Shines or NY-Sun in New York, utility rebates and the rate paid for exported power depend on your state and utility. Check your state's incentive page before sizing the system.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Clinic and hospital roofs",
      description:
        "Most practices fit their system on the building roof, laid out around HVAC units and exhaust fans. A roof near the end of its life should be replaced first.",
    },
    {
      icon: "car",
      title: "Client parking canopy",
      description:
        "A canopy over client parking adds capacity where the roof is small or shaded and keeps pets and their owners out of the sun and rain.",
    },
    {
      icon: "battery",
      title: "Solar plus battery for critical circuits",
      description:
        "A battery on a dedicated panel keeps vaccine and drug refrigerators, kennel ventilation and the network running through outages, and can trim demand peaks on normal days.",
    },
    {
      icon: "tractor",
      title: "Rural mixed-animal practices",
      description:
        "Barns, treatment sheds and hospital roofs at rural practices can carry larger arrays. A small ground mount can work where allowed; keep it at or below 50 kW and off certified cropland if you plan to apply for REAP.",
    },
  ],
  example: {
    title: "Small-animal hospital with boarding",
    summary:
      "An illustrative small-animal hospital in Colorado with surgery, digital radiography and a boarding kennel, paying $3,750 a month for electricity, installs 70 kW on its roof. No battery is counted.",
    state: "CO",
    monthlyBillUsd: 3750,
    systemKw: 70,
  },
  faq: [
    {
      question: "Will solar keep our clinic running during a power outage?",
      answer:
        "Not on its own: grid-tied systems shut off when the grid goes down so they cannot send power onto lines being repaired. With a battery and an inverter and transfer equipment that can run isolated from the grid, solar can keep chosen circuits, such as vaccine and drug refrigerators, ward ventilation and computers, running. A full hospital load, including surgery and imaging, usually still needs a generator.",
    },
    {
      question: "Does our X-ray or CT equipment change how solar is sized?",
      answer:
        "Not much. Radiography draws a large burst of power for a fraction of a second, which matters for sizing the electrical service but barely moves a demand charge measured over 15 or 30 minutes. Solar is sized to your yearly kWh use and roof space; HVAC, kennel ventilation, laundry and water heating matter more to the result than imaging.",
    },
    {
      question: "Can a rural veterinary practice get a USDA grant for solar?",
      answer:
        "Possibly, if it is a small business located in a rural area. REAP grants from regular funds cover up to 25% of eligible cost; the 50% share was only for IRA-funded awards, and that money is running out. USDA delayed its FY2026 windows, and since August 2025 ground-mounted systems over 50 kW are deprioritized or ineligible, certified cropland is excluded and panels from foreign adversaries are barred.",
    },
    {
      question: "Can our practice still get the 30% federal tax credit?",
      answer:
        "Possibly. It is 30% for systems under 1 MW(ac), but a new system must be placed in service by December 31, 2027 and, if construction begins after 2025, pass the prohibited-foreign-entity rules. A project that misses the deadline or fails those rules gets no credit. Permits and interconnection take months, so start early and confirm eligibility with a tax professional.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your practice within 24 hours, including what a battery for your critical loads would take.",
  reviewedOn: "2026-11-23",
};
