import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "auto-repair",
  title: "Commercial Solar for Auto Repair Shops",
  subtitle: "Solar for independent shops and service centers whose compressors, lifts and bay lighting run all day.",
  metaDescription:
    "Auto repair shop solar for compressors, lifts and bay lighting: realistic savings, demand charges and the federal credit's 2027 deadline.",
  intro:
    "An auto repair shop's bill comes from equipment that runs through the working day: air compressors, lifts, bay lighting, exhaust fans, welders, tire and alignment machines, and heating or cooling for open bays. Those hours line up well with solar output, so most of what a rooftop system makes is used on site. When several large motors start together they set the month's demand charge, which a battery or staggered start-up can reduce.",
  heroImageAlt: "Illustration of solar panels on the roof of a service garage with open bay doors and a car on a lift",
  benefits: [
    {
      icon: "clock",
      title: "Shop hours match the sun",
      description:
        "Shops open early and close in the evening, so a rooftop system sized to that daytime load sends little power back to the grid, where exports often earn less than retail.",
    },
    {
      icon: "trending-down",
      title: "A smaller, steadier bill",
      description:
        "A system sized to the shop's daytime use replaces power bought at daytime rates, and the power you make is not exposed to future rate increases; the savings calculator estimates the share of your bill from your own figures.",
    },
    {
      icon: "battery",
      title: "Fewer demand spikes",
      description:
        "Compressors, lifts and welders starting at once can set a high demand charge. A battery, or staggering compressor and equipment start-up, lowers that peak.",
    },
    {
      icon: "piggy-bank",
      title: "Tax benefits for owners who pay tax",
      description:
        "For a shop with enough federal tax liability, the investment credit and 100% bonus depreciation together can recover a large share of the cost in the first years. Confirm how they apply with your tax preparer.",
    },
  ],
  incentives: [
    {
      title: "Federal investment tax credit (Section 48E)",
      description:
        "A 6% base credit, rising to 30% of eligible cost for systems under 1 MW(ac), which covers almost any shop, or larger systems that meet prevailing wage and apprenticeship rules. The window to qualify by beginning construction closed on July 4, 2026, so a new system must be placed in service by December 31, 2027, and its equipment must pass the prohibited-foreign-entity rules that apply to projects beginning construction after 2025.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "Permanent for qualifying property acquired after January 19, 2025: a shop can generally deduct the depreciable cost in the year the system is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "USDA REAP, for rural shops only",
      description:
        "Shops that qualify as small businesses in a USDA-defined rural area can apply; shops in larger towns and cities cannot. Grants cover up to 25% of eligible cost from regular funds (the 50% share was only for awards funded by the Inflation Reduction Act, which is running out). FY2026 application windows were delayed, ground-mounted solar over 50 kW is deprioritized or ineligible and panels from foreign adversaries are barred, so confirm an open round with your USDA state office before budgeting a grant.",
    },
    {
      title: "State and utility programs",
      description:
        "Some states offer property or sales tax exemptions or pay for solar output, and many utilities offer rebates for LED lighting and efficient compressors. Export rates and sizing limits differ by state, so check your state's page.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Shop roof",
      description:
        "The roof over the bays typically holds 25 to 100 kW, enough to offset a large share of a shop's use. Standing-seam metal roofs take clamp-on mounts with no roof penetrations.",
    },
    {
      icon: "car",
      title: "Customer parking canopy",
      description:
        "Where the roof is small, shaded or crowded with exhaust stacks, a canopy over customer or waiting-vehicle parking adds capacity and keeps cars cooler.",
    },
    {
      icon: "battery",
      title: "Battery for compressor and lift peaks",
      description:
        "A modest battery discharging when compressors, lifts and welders run together trims the monthly demand peak, and can keep lights, phones and the point-of-sale system up during an outage.",
    },
    {
      icon: "wrench",
      title: "Efficiency before solar",
      description:
        "Fixing compressed-air leaks, switching bay lighting to LED and putting exhaust fans and bay heaters on controls reduce load first, so the system can be smaller for the same savings.",
    },
  ],
  example: {
    title: "60 kW rooftop system at a six-bay independent shop",
    summary:
      "An illustrative six-bay independent shop in New York with a $2,500 monthly electric bill puts 60 kW on its metal roof, less than its daytime use. No REAP grant is counted.",
    state: "NY",
    monthlyBillUsd: 2500,
    systemKw: 60,
  },
  faq: [
    {
      question: "How big a system does a repair shop need?",
      answer:
        "It depends on how many kilowatt-hours the shop uses, not on the size of the roof. Each kW of panels on a low-tilt commercial roof produces roughly 1,200 to 1,700 kWh a year in most states (NREL's PVWatts figures, which the savings calculator uses for your state), so a shop using 90,000 kWh a year would need about 55 to 75 kW to offset most of it. We size from twelve months of bills so little power is exported at lower rates.",
    },
    {
      question: "Will solar lower my demand charges?",
      answer:
        "Only somewhat. Demand charges are set by your highest short peak in the month, often when compressors and lifts start together, and a passing cloud can remove solar output at that moment. A battery, or staggering when large equipment starts, is what reliably lowers the peak; solar mainly reduces energy charges.",
    },
    {
      question: "Does a shop in a small town qualify for a USDA grant?",
      answer:
        "Possibly, if the shop is a small business in an area USDA defines as rural. REAP grants from regular funds cover up to 25% of eligible cost, FY2026 application windows were delayed, and since August 2025 ground-mounted systems over 50 kW are deprioritized or ineligible and foreign-adversary panels are barred. A rooftop system is the better fit; confirm eligibility and open windows with your USDA state office.",
    },
    {
      question: "What is the deadline for the federal tax credit?",
      answer:
        "A new solar system must be placed in service by December 31, 2027 to claim the Section 48E credit; the option to qualify by beginning construction ended on July 4, 2026. Permits, utility interconnection and equipment delivery take months, so plan the schedule with that date in mind.",
    },
  ],
  ctaText:
    "Send your shop's last twelve months of electric bills and we will show what a rooftop system sized to your bays would save.",
  reviewedOn: "2026-11-23",
};
