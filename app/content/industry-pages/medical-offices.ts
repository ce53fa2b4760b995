import type { IndustryPageContent } from "./types";

export const page: IndustryPageContent = {
  slug: "medical-offices",
  title: "Commercial Solar for Medical Offices",
  subtitle: "Solar, and battery backup where it fits, for clinics, practices and outpatient centers.",
  metaDescription:
    "Medical office solar for HVAC, imaging and vaccine refrigeration loads, battery backup, and elective pay rules for nonprofit clinics.",
  intro:
    "Medical offices use more power per square foot than ordinary offices: ventilation and air conditioning sized for patient comfort and infection control, imaging such as X-ray, CT or MRI, autoclaves, lab analyzers, medication and vaccine refrigerators, and the IT that runs patient records. Most of that load falls in clinic hours, when solar produces. A battery can add backup for the refrigerators and systems that cannot go down, and reduce the demand charges that imaging sets.",
  heroImageAlt:
    "Illustration of a single-story medical clinic with solar panels on its roof and a covered patient entrance",
  benefits: [
    {
      icon: "trending-down",
      title: "Predictable operating costs",
      description:
        "A system sized to daytime clinic load replaces power bought at daytime rates, and the power you make is not exposed to future rate increases; the savings calculator estimates the share of your bill from your own figures.",
    },
    {
      icon: "shield",
      title: "Backup for critical loads",
      description:
        "With a battery, solar can keep vaccine and medication refrigerators, lights, phones and records systems running through outages. It does not replace an emergency generator where building or health codes require one.",
    },
    {
      icon: "battery",
      title: "Lower demand charges",
      description:
        "A demand charge is set by the month's highest 15- or 30-minute average: sustained loads such as air conditioning, an MRI's cooling or autoclave cycles set it, not an X-ray's split-second burst. A battery that discharges during those hours can lower it.",
    },
    {
      icon: "heart-pulse",
      title: "Savings that serve patients",
      description:
        "Nonprofit clinics and public health providers can put electricity savings toward care, and tax-exempt owners can receive the federal credit as a payment rather than a tax offset.",
    },
  ],
  incentives: [
    {
      title: "Federal investment tax credit (Section 48E)",
      description:
        "A 6% base credit, rising to 30% of eligible cost for systems under 1 MW(ac), which covers almost any medical office, or larger systems that meet prevailing wage and apprenticeship rules. The window to qualify by beginning construction closed on July 4, 2026, so a new system must be placed in service by December 31, 2027, and its equipment must pass the prohibited-foreign-entity rules that apply to projects beginning construction after 2025.",
    },
    {
      title: "Elective pay for nonprofit and public clinics",
      description:
        "Tax-exempt owners such as nonprofit clinics and health centers, public hospitals and county health departments can receive the Section 48E credit as a direct payment from the IRS after registering the project and filing on time. For facilities of 1 MW or more that begin construction after 2025, the payment is 0% unless the domestic-content requirement or a Treasury exception is met; that reduction does not apply to systems under 1 MW(ac). The placed-in-service deadline of December 31, 2027 and the foreign-entity rules still apply.",
    },
    {
      title: "100% bonus depreciation",
      description:
        "For taxable practices, permanent for qualifying property acquired after January 19, 2025: the depreciable cost can generally be deducted in the year the system is placed in service, with the basis reduced by half of the investment credit. The 2025 law changed how solar is classified for the 5-year MACRS schedule, so confirm the recovery period, and your state's treatment, with a tax professional.",
    },
    {
      title: "State and utility programs",
      description:
        "Many states and utilities offer solar incentives, tax exemptions or support for batteries that add resilience; examples include NY-Sun, Energy Trust of Oregon and Massachusetts SMART 3.0. Rules and budgets change, so check your state's page.",
    },
  ],
  useCases: [
    {
      icon: "stethoscope",
      title: "Practice and clinic roofs",
      description:
        "A family practice, dental or specialty office with a flat roof can often fit 20 to 100 kW, enough for a large share of its daytime use. Rooftop HVAC units and exhaust stacks set the usable area.",
    },
    {
      icon: "building",
      title: "Multi-tenant medical office buildings",
      description:
        "Owners can offset common-area HVAC, lighting and elevators, and in some states supply tenants directly; the leases decide who pays for the system and who sees the savings.",
    },
    {
      icon: "battery",
      title: "Solar plus battery for resilience",
      description:
        "A battery sized to the refrigerators, network and a few exam rooms keeps essential services running through outages and reduces demand charges on normal days.",
    },
    {
      icon: "car",
      title: "Patient parking canopies",
      description:
        "Where the roof is crowded with equipment, canopies over patient parking add capacity and give patients shade and cover between the car and the door.",
    },
  ],
  example: {
    title: "80 kW rooftop system at a multi-provider clinic",
    summary:
      "An illustrative taxable medical practice in Massachusetts with a $4,000 monthly electric bill installs 80 kW on its clinic roof. No battery is counted. A nonprofit clinic would claim any federal credit through elective pay.",
    state: "MA",
    monthlyBillUsd: 4000,
    systemKw: 80,
  },
  faq: [
    {
      question: "Can a nonprofit clinic use the solar tax credit if it pays no income tax?",
      answer:
        "Yes, through elective pay: a tax-exempt owner registers the project with the IRS and files a return to receive the Section 48E credit as a payment. The clinic must own the system, place it in service by December 31, 2027 and meet the foreign-entity rules. Systems under 1 MW(ac) are not subject to the domestic-content payment reduction; at 1 MW or more, a project beginning construction after 2025 is paid 0% unless it meets the domestic-content requirement or a Treasury exception.",
    },
    {
      question: "Will solar keep our clinic running during a power outage?",
      answer:
        "Not by itself. A grid-tied solar system shuts off during an outage to protect utility workers. With a battery and the right inverter and switching, it can power selected circuits such as refrigerators, network equipment and some exam rooms. Emergency power that codes require for procedures or life-safety systems is usually still a generator.",
    },
    {
      question: "How does imaging equipment affect our bill and solar savings?",
      answer:
        "It depends on how long the equipment draws power. A demand charge is measured over 15 or 30 minutes, so an X-ray's burst of a fraction of a second barely moves it, while an MRI's cooling, which runs around the clock, and long autoclave cycles add to both energy and demand. Solar mainly reduces the energy you buy; a battery that discharges during the month's peak hours is what lowers a demand charge.",
    },
    {
      question: "Our practice leases its space. Can we still go solar?",
      answer:
        "Often, with the landlord's agreement. The landlord can install a system and share the savings through the lease, or the practice can own a system with rights to the roof. Either way the system has to feed the meter you pay for to lower your bill, so review the lease and the utility's rules before you commit.",
    },
  ],
  ctaText:
    "Send your clinic's electric bills and tell us which loads must stay on in an outage, and we will show what solar, with or without a battery, would save.",
  reviewedOn: "2026-11-23",
};
