import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "hospitals",
  title: "Commercial Solar for Hospitals",
  subtitle:
    "Lower the cost of a load that never stops, with incentives that nonprofit and public hospitals can use too.",
  metaDescription:
    "Solar for hospitals: offset 24/7 HVAC and imaging loads, elective pay for nonprofit and public hospitals, and why solar does not replace backup generators.",
  intro:
    "A hospital runs around the clock: air handlers and chillers holding strict air-change and pressure requirements, imaging such as MRI and CT, labs, data rooms, kitchens, laundry and sterile processing. Because the load never drops, every kilowatt-hour a solar system makes is used on site. On a large urban campus, roof and parking space usually limit solar to a modest share of the bill; community and critical-access hospitals with open land or big parking lots can cover more.",
  heroImageAlt: "Hospital campus with solar canopies over the staff parking lot and panels on a low roof wing",
  benefits: [
    {
      icon: "clock",
      title: "All output used on site",
      description:
        "With a 24/7 load, a hospital system never has to rely on export rates, so its savings are steadier than for most businesses.",
    },
    {
      icon: "landmark",
      title: "Credits for tax-exempt hospitals",
      description:
        "Nonprofit and public hospitals can receive the federal credit as a direct payment through elective pay, within the size and domestic-content rules.",
    },
    {
      icon: "car",
      title: "Shade for staff and patient parking",
      description:
        "Parking canopies and garage top decks produce power on land the hospital already uses, and keep cars cooler for staff on long shifts.",
    },
    {
      icon: "shield",
      title: "A part of a resilience plan",
      description:
        "Solar does not replace the generators your emergency power system depends on. With a battery and microgrid controls, designed as a separate project, it can carry some loads and stretch generator fuel in a long outage.",
    },
  ],
  incentives: [
    {
      title: "Elective pay for nonprofit and public hospitals",
      description:
        "Tax-exempt and government-owned hospitals can receive the Section 48E credit as a payment from the IRS after registering the project and filing their annual return on time. For a facility of 1 MW or more that begins construction after 2025, the payment is 0% unless the project meets the domestic-content requirement or a Treasury exception applies; smaller systems are not subject to that rule.",
    },
    {
      title: "Federal clean electricity investment credit (Section 48E)",
      description:
        "A 6% base credit, or 30% for systems under 1 MW(ac) or that meet prevailing wage and apprenticeship rules, for taxable owners and, through elective pay, for tax-exempt ones. A new solar project must be placed in service by December 31, 2027, and projects beginning construction after 2025 must pass the prohibited-foreign-entity rules.",
    },
    {
      title: "Domestic content bonus",
      description:
        "Using U.S. steel and iron and enough U.S.-made components can add up to 10 percentage points to the credit. For tax-exempt hospitals with systems of 1 MW or more that begin construction after 2025, meeting it is a condition of any elective payment unless a Treasury exception applies. Documenting it takes supplier certifications, so it has to be planned when equipment is chosen; it follows the same December 31, 2027 deadline.",
    },
    {
      title: "100% bonus depreciation for for-profit hospitals",
      description:
        "Taxable hospital owners can generally deduct the full depreciable cost of property acquired after January 19, 2025 in the first year, with the basis reduced by half of the credit. The 2025 law also changed how solar is classified under MACRS, so confirm the schedule with a tax professional.",
    },
    {
      title: "State programs",
      description:
        "Some states have programs aimed at nonprofit and public facilities, such as the Illinois Solar for All sub-program for non-profits and public facilities in eligible areas. Check your state's incentives page on this site for what applies to your campus.",
    },
  ],
  useCases: [
    {
      icon: "car",
      title: "Parking canopies and garage top decks",
      description:
        "Usually the largest space on a campus, out of the way of air intakes and rooftop equipment, and built in phases so parking stays open.",
    },
    {
      icon: "building",
      title: "Low roofs and medical office buildings",
      description:
        "Roofs of outpatient wings and medical office buildings, laid out clear of air intakes and exhaust, and with a glare and obstruction check where a helipad is nearby.",
    },
    {
      icon: "sun",
      title: "Ground mounts on campus land",
      description:
        "Community and critical-access hospitals with open land can place larger arrays where zoning and future expansion plans allow.",
    },
    {
      icon: "battery",
      title: "Batteries and microgrids",
      description:
        "A battery can lower demand charges, and a microgrid can support non-critical loads in an outage. Both are separate engineering and investment decisions from the solar array and never a substitute for the generators.",
    },
  ],
  example: {
    title: "A 300 kW rooftop system for a community hospital",
    summary:
      "An illustrative 25-bed nonprofit hospital in Maine paying $22,500 a month for power installs 300 kW on its roofs. As a tax-exempt owner it would claim any federal credit as an elective payment, for a system that meets the foreign-entity rules. Parking canopies would add room for panels at a higher cost per watt than the roof prices used here.",
    state: "ME",
    monthlyBillUsd: 22500,
    systemKw: 300,
    ownerType: "tax-exempt",
  },
  faq: [
    {
      question: "Can solar replace our emergency generators?",
      answer:
        "No. The life-safety and critical branches of a hospital's emergency power system need an on-site source that works at night and in any weather, which in practice means generators. A grid-tied solar system shuts down when the grid fails. Solar with a battery and microgrid controls can support other loads and reduce generator run time, but that is a separate design, with its own cost and approvals.",
    },
    {
      question: "We are a nonprofit hospital. How can we benefit from a tax credit?",
      answer:
        "Through elective pay: you register the project with the IRS before filing, then claim the credit on your annual return and receive it as a payment. The system must be placed in service by December 31, 2027 and pass the foreign-entity rules. If it is 1 MW or more and began construction after 2025, the payment is zero unless it meets the domestic-content requirement or a Treasury exception. Financing and ownership can affect the amount, so involve tax counsel early.",
    },
    {
      question: "How much of our electric bill can solar cover?",
      answer:
        "It depends on the space you have compared with your load. A large hospital often covers a small share because its roofs are crowded with equipment and its load is very large; a smaller hospital with big parking lots or open land can cover a larger share. A site survey and a year of interval data give the real figure.",
    },
    {
      question: "Will installation disrupt patient care?",
      answer:
        "It can be planned not to. Work near air intakes follows an infection control risk assessment, crane lifts and noisy work are scheduled around clinical areas, and canopies are built in phases so parking stays available.",
    },
  ],
  ctaText:
    "Send us a year of bills or interval data and we will show what your campus can host, what it could save, and which federal route fits your hospital.",
  reviewedOn: "2026-11-23",
};
