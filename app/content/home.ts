import { SOLAR_CREDIT_EXPIRES_ON } from "./federal-deadlines";

/** Home page fallbacks for the `homepage_hero` and `incentive_cuts_banner` content blocks. */

export const heroFallback = {
  title: "Solar That Can Pay for Itself, Built for High Energy-Use Businesses",
  content:
    "Farms, clinics, car washes, warehouses and venues often run large electric bills. We find the federal, state and utility incentives you qualify for and show what solar would save you, before you talk to any installer.",
  ctaLabel: "Find Your Industry",
  ctaLink: "#industries",
  imageUrl: "/images/hero-rooftop.svg",
} as const;

export const missionBlurb = {
  title: "Independent advice for businesses the solar industry overlooks",
  text: "We specialise in the businesses that pay the most for power and hear the most sales pitches. Our job is to explain the incentives plainly, check the numbers, and connect you with installers only when you are ready.",
} as const;

export type FallbackIncentive = {
  title: string;
  description: string;
  type: "Federal";
  state: null;
  status: string | null;
  link: string | null;
  expiresOn: string | null;
  endKind?: "in-service";
  lastReviewedAt: string;
};

/**
 * Shown when federal incentives cannot be read; built in, not a content block, for that reason.
 * True versions of the spec's outdated items (docs/content-deviations.md).
 */
export const fallbackFederalIncentives: readonly FallbackIncentive[] = [
  {
    title: "Federal Clean Electricity Investment Tax Credit (Section 48E)",
    description:
      "A 6% base credit that rises to 30% of eligible cost for systems under 1 MW (AC) or that meet prevailing wage and apprenticeship rules. The window to begin construction closed on July 4, 2026, so a new solar project must be placed in service by December 31, 2027 to claim it.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.irs.gov/credits-deductions/clean-electricity-investment-credit",
    expiresOn: SOLAR_CREDIT_EXPIRES_ON,
    endKind: "in-service",
    lastReviewedAt: "2026-11-23",
  },
  {
    title: "Accelerated Depreciation (Bonus and MACRS)",
    description:
      "100% bonus depreciation is permanent for qualifying property acquired after January 19, 2025, reduced by half of any investment credit claimed. Solar has long used a 5-year MACRS schedule, but the 2025 law changed how the equipment is classified, so confirm the recovery period with a tax professional.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.irs.gov/publications/p946",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
  {
    title: "USDA REAP Grants for Agriculture",
    description:
      "Agricultural producers and rural small businesses can apply for Rural Energy for America Program grants of up to 25% of eligible cost (50% applied only to Inflation Reduction Act-funded awards, which are running out). USDA delayed its FY2026 application windows and, since August 2025, limits ground-mounted solar over 50 kW, projects on cropland and panels from foreign adversaries.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
    expiresOn: null,
    lastReviewedAt: "2026-11-23",
  },
];

export const trustBadges = [
  { name: "USDA", detail: "Rural Energy for America Program guidance" },
  { name: "Department of Energy", detail: "Solar resources and research" },
  { name: "Solar Energy Industries Association", detail: "Industry standards and data" },
  { name: "NABCEP", detail: "Solar installer certification (a public standard)" },
  { name: "Energy Star", detail: "The EPA efficiency program (public guidance)" },
] as const;

export const steps = [
  {
    title: "Share your bill",
    text: "Upload a recent electric bill or answer a few questions about your property and usage.",
  },
  {
    title: "We find your incentives",
    text: "We match federal, state and utility programs to your industry, location and timing.",
  },
  {
    title: "Get a custom quote",
    text: "Within 24 hours you receive a savings estimate with system size, cost and payback.",
  },
  {
    title: "Go solar with confidence",
    text: "We connect you with installers and stay with you until the system is producing.",
  },
] as const;

/** Labelled examples, not reviews: the FTC rule (16 CFR Part 465) forbids invented testimonials. */
export const testimonialsDisclosure =
  "Illustrative examples of the questions we answer for each kind of business, not reviews by named customers.";

export const testimonials = [
  {
    title: "Dairy farm: a rooftop system on a milking barn",
    text: "The owner asked whether a USDA grant could pay for it. We checked REAP's 25% base share, its 2025 limits on ground-mounted systems over 50 kW, and whether the system could be in service by the end of 2027.",
    industry: "Farms & Agriculture",
  },
  {
    title: "Car wash: pumps, heaters and dryers all day",
    text: "We sized the estimate to the daytime load, because power sent back to the grid often earns far less than the retail rate.",
    industry: "Car Washes",
  },
  {
    title: "Nonprofit clinic: tax credits without a tax bill",
    text: "We explained elective pay, including the domestic-content rule that applies to systems of 1 MW or more that begin construction after 2025.",
    industry: "Healthcare",
  },
] as const;

export const incentiveCutsBanner = {
  title: "Federal solar incentives have been cut back",
  text: "Under the 2025 tax law, the window to begin construction closed on July 4, 2026. A new commercial solar project must now be placed in service by December 31, 2027 to claim the federal credit, and systems of 1 MW (AC) or more get the full 30% only with prevailing wage and apprenticeship. Permits and interconnection take months.",
  cta: "Get My Custom Solar Quote",
  to: "/submit-bill",
} as const;

export const finalCta = {
  title: "Find out what solar would save your business",
  text: "A custom quote within 24 hours. Free, and no obligation.",
  primary: { label: "Get My Custom Solar Quote", to: "/submit-bill" },
  secondary: { label: "Estimate Your Savings", to: "/solar-calculator" },
} as const;
