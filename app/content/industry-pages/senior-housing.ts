import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "senior-housing",
  title: "Commercial Solar for Senior Housing",
  subtitle:
    "Lower the cost of round-the-clock heating, cooling and common areas in senior living, with elective pay for nonprofit owners.",
  metaDescription:
    "Solar for senior living: cut HVAC and common-area power costs. Nonprofit owners may use elective pay; new systems must be in service by Dec 31, 2027.",
  intro:
    "In senior living, heating and cooling run day and night in corridors, dining rooms and resident areas, alongside commercial kitchens, laundry, elevators and lighting that never fully switch off. In a master-metered assisted-living or memory-care building that is most of the bill; in independent living with separately metered apartments it is the common areas. Solar on roofs and parking canopies offsets the daytime share of that load, and nonprofit owners can receive the federal credit as a payment through elective pay.",
  heroImageAlt:
    "Illustration of a senior living community with solar panels on its roofs and a shaded solar canopy over resident parking",
  benefits: [
    {
      icon: "thermometer",
      title: "Offsets the largest load",
      description:
        "Cooling for residents who are sensitive to heat is not optional, and afternoon air-conditioning is when solar output is highest.",
    },
    {
      icon: "landmark",
      title: "Federal value for nonprofit owners",
      description:
        "A nonprofit community pays no income tax but can still receive the Section 48E credit as a payment from the IRS through elective pay, if the system is placed in service by December 31, 2027 and meets the other rules.",
    },
    {
      icon: "battery",
      title: "Backup for selected circuits",
      description:
        "With a battery and an inverter that can run during an outage, solar can keep a cooled common room, medication refrigerators or nurse-call equipment running. It supplements, and does not replace, any generator or emergency power your state's licensing rules require.",
    },
    {
      icon: "piggy-bank",
      title: "Lower operating cost per unit",
      description:
        "Savings on building electricity go to operating margin or help hold down resident fees; the savings calculator estimates them from the bill the system would serve.",
    },
  ],
  incentives: [
    {
      title: "Federal clean electricity credit (Section 48E)",
      description:
        "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW(ac) or for larger systems that meet prevailing wage and apprenticeship rules. A new system must be placed in service by December 31, 2027, and a project that begins construction after 2025 must pass the prohibited-foreign-entity rules. For-profit owners claim it on their tax return or can sell it to another taxpayer.",
    },
    {
      title: "Elective pay for nonprofit and public owners",
      description:
        "Nonprofit and government-owned communities can receive the credit as a payment from the IRS after registering the project and filing their return on time. For a facility of 1 MW or more that begins construction after 2025, the payment is 0% unless the project meets the domestic-content requirement or a Treasury exception applies; most senior housing systems are well under 1 MW, where that cut does not apply.",
    },
    {
      title: "Low-income communities bonus (Section 48E(h)) for affordable housing",
      description:
        "Systems under 5 MW(ac) that serve qualifying affordable housing can apply for an allocation that adds 10 or 20 percentage points to the credit. Capacity is limited, the bonus ends with the base credit's December 31, 2027 deadline, and whether a 2026 application round opened could not be confirmed as of November 23, 2026; check before counting on it.",
    },
    {
      title: "100% bonus depreciation for taxable owners",
      description:
        "For property acquired after January 19, 2025, for-profit owners can generally deduct the system's depreciable cost in the first year; the basis is reduced by half of the credit, and the 2025 law changed how solar fits the older 5-year MACRS schedule. Confirm the treatment with a tax professional. Nonprofits do not use this.",
    },
    {
      title: "State programs",
      description:
        "Some states add their own support: Illinois Solar for All has a sub-program for non-profit and public facilities, and Massachusetts SMART 3.0 and NY-Sun pay incentives for qualifying systems. Programs, budgets and export rates differ widely, so check your state's incentive page.",
    },
  ],
  useCases: [
    {
      icon: "building",
      title: "Roofs on residential and common buildings",
      description:
        "Flat roofs on residential wings, dining halls and service buildings carry most systems. Plan around rooftop HVAC units, and replace an aging roof before the panels go on.",
    },
    {
      icon: "car",
      title: "Parking and entry canopies",
      description:
        "Solar canopies over resident and staff parking or the drop-off area add capacity and give residents shade and shelter from rain between car and door.",
    },
    {
      icon: "shield",
      title: "Resilience for a cooling room",
      description:
        "A battery on a dedicated panel can keep one common room cool and medications cold through an outage, alongside the generator the building already has.",
    },
    {
      icon: "users",
      title: "Master-metered and separately metered campuses",
      description:
        "On a master meter, solar offsets the whole building. Where apartments have their own meters, it serves the house meter for common areas, kitchen and laundry; some states allow virtual net metering or community solar to share the output with residents.",
    },
  ],
  example: {
    title: "Nonprofit assisted-living community with rooftop arrays",
    summary:
      "An illustrative nonprofit, master-metered assisted-living and memory-care community of about 120 units in Connecticut with a $12,500 monthly electric bill installs 250 kW on its roofs. As a tax-exempt owner it would claim any federal credit as an elective payment; the system is under 1 MW(ac), so the domestic-content cut would not apply, and it must meet the foreign-entity rules.",
    state: "CT",
    monthlyBillUsd: 12500,
    systemKw: 250,
    ownerType: "tax-exempt",
  },
  faq: [
    {
      question: "We are a nonprofit. Can we benefit from the federal solar credit?",
      answer:
        "Yes, through elective pay: you register the project with the IRS, file your annual return on time, and receive the credit as a payment, 30% of eligible cost for a system under 1 MW(ac). The system must be placed in service by December 31, 2027 and, if construction begins after 2025, pass the prohibited-foreign-entity rules. For a system of 1 MW or more that begins construction after 2025, the payment is 0% unless it meets the domestic-content requirement or a Treasury exception.",
    },
    {
      question: "Will solar lower residents' electric bills?",
      answer:
        "It depends on the metering. In a master-metered building the community pays the bill, so the savings show up in operating cost. Where apartments are separately metered, a system on the house meter lowers only the common-area bill, unless your state allows virtual net metering or community solar that can credit residents' accounts.",
    },
    {
      question: "Can solar keep the building running in a power outage?",
      answer:
        "Not on its own: a grid-tied system shuts off during an outage for line-worker safety. With a battery and an inverter and switchgear designed to run isolated from the grid, it can keep selected circuits, such as a cooled common room and medication refrigerators, running. It does not replace generators or emergency power required by building codes or your state's licensing rules.",
    },
    {
      question: "Should we own the system or sign a power purchase agreement?",
      answer:
        "Owning lets a nonprofit take the elective-pay payment and keep all of the savings, but it funds the cost up front and receives the payment only after filing. Under a lease or power purchase agreement a taxable company owns the system, claims the credit and depreciation, and sells you the power or leases you the equipment: less saving, little or no upfront cost. Third-party power purchase agreements are not allowed in every state, so check yours.",
    },
  ],
  ctaText:
    "Upload a recent electric bill and get a custom solar quote for your community within 24 hours, including what elective pay could mean if you are a nonprofit.",
  reviewedOn: "2026-11-23",
};
