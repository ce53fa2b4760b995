/** Built-in content of the home page; the hero can be overridden by the `homepage_hero` block. */

export const heroFallback = {
  title: "Solar That Pays for Itself, Built for High Energy-Use Businesses",
  content:
    "Farms, clinics, car washes, warehouses and venues use more power than most. We find the federal, state and utility incentives you qualify for and show what solar would save you, before you talk to any installer.",
  ctaLabel: "Find Your Industry",
  ctaLink: "#industries",
  imageUrl: "/images/hero-rooftop.svg",
} as const;

export const missionBlurb = {
  title: "Independent advice for businesses the solar industry overlooks",
  text: "We specialise in the businesses that pay the most for power and hear the most sales pitches. Our job is to explain the incentives plainly, check the numbers, and connect you with vetted installers only when you are ready.",
} as const;

export type FallbackIncentive = {
  title: string;
  description: string;
  type: "Federal";
  state: null;
  status: string | null;
  link: string | null;
};

/** Spec section 9: shown when the database has no federal incentives or cannot be read. */
export const fallbackFederalIncentives: readonly FallbackIncentive[] = [
  {
    title: "30% Federal Investment Tax Credit",
    description:
      "A federal tax credit worth 30% of eligible system costs for commercial solar, available through 2032 under the rules in force when the credit was extended.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.irs.gov/credits-deductions/businesses",
  },
  {
    title: "5-Year Accelerated Depreciation (MACRS)",
    description:
      "Businesses can recover the cost of solar equipment over a 5-year schedule, lowering taxable income in the first years of ownership.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.irs.gov/publications/p946",
  },
  {
    title: "USDA REAP Grants for Agriculture",
    description:
      "Agricultural producers and rural small businesses can apply for Rural Energy for America Program grants covering up to 50% of system costs.",
    type: "Federal",
    state: null,
    status: null,
    link: "https://www.rd.usda.gov/programs-services/energy-programs/rural-energy-america-program-renewable-energy-systems-energy-efficiency-improvement-guaranteed-loans",
  },
];

export const trustBadges = [
  { name: "USDA", detail: "Rural Energy for America Program guidance" },
  { name: "Department of Energy", detail: "Solar resources and research" },
  { name: "Solar Energy Industries Association", detail: "Industry standards and data" },
  { name: "NABCEP", detail: "Certified installer network" },
  { name: "Energy Star", detail: "Efficiency-first recommendations" },
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
    text: "We connect you with vetted installers and stay with you until the system is producing.",
  },
] as const;

export const testimonials = [
  {
    quote:
      "They found a USDA grant and a state rebate our installer never mentioned. The system paid back in just over five years.",
    author: "Maria G.",
    role: "Owner",
    company: "Three Oaks Dairy",
    industry: "Farms & Agriculture",
  },
  {
    quote:
      "Our wash runs pumps and dryers all day. The estimate was within a few dollars of what we now save every month.",
    author: "Derrick T.",
    role: "General Manager",
    company: "Sparkle Express Car Wash",
    industry: "Car Washes",
  },
  {
    quote:
      "As a nonprofit clinic we thought tax credits were out of reach. They walked us through elective pay step by step.",
    author: "Dr. Priya S.",
    role: "Medical Director",
    company: "Riverside Community Clinic",
    industry: "Healthcare",
  },
] as const;

export const incentiveCutsBanner = {
  title: "Federal solar incentives are being cut back",
  text: "Under the 2025 tax law, commercial solar projects must begin construction by July 4, 2026 or be in service by the end of 2027 to keep the 30% credit. Projects that start late may lose it.",
  cta: "Get My Custom Solar Quote",
  to: "/submit-bill",
} as const;

export const finalCta = {
  title: "Find out what solar would save your business",
  text: "A custom quote within 24 hours. Free, and no obligation.",
  primary: { label: "Get My Custom Solar Quote", to: "/submit-bill" },
  secondary: { label: "Estimate Your Savings", to: "/solar-calculator" },
} as const;
