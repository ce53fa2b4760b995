export const site = {
  name: "Commercial Solar Advisors",
  shortName: "Solar Advisors",
  description:
    "Independent solar guidance for high energy-use businesses: find federal, state and utility incentives, estimate savings and get a custom quote.",
  contact: {
    // Placeholders until the business supplies its real details (spec).
    email: "hello@example.com",
    phone: "(555) 010-0199",
    phoneHref: "tel:+15550100199",
    address: "100 Main Street, Suite 200, Anytown, USA",
  },
  copyrightYear: 2025,
  // Placeholder until the business has its booking page (spec: an external booking link).
  bookingUrl: "https://calendly.com/",
} as const;

export const mainNav = [
  { to: "/incentives", label: "Incentives" },
  { to: "/policy-watch", label: "Policy Watch" },
  { to: "/how-it-works", label: "How It Works" },
] as const;

export const footerNav = [
  { to: "/", label: "Home" },
  { to: "/incentives", label: "Incentives" },
  { to: "/incentives/states", label: "Incentives by State" },
  { to: "/incentives/buyers-guide", label: "Buyer's Guide to the 2026–2027 Rules" },
  { to: "/policy-watch", label: "Policy Watch" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/solar-calculator", label: "Solar Calculator" },
  { to: "/check-my-quote", label: "Check My Quote" },
  { to: "/submit-bill", label: "Submit Your Bill" },
  { to: "/talk-to-solar-advisor", label: "Talk to an Advisor" },
  { to: "/mission", label: "Our Mission" },
  { to: "/about", label: "About & Disclaimers" },
  { to: "/sources", label: "Sources and Review Dates" },
] as const;

export const disclosures = {
  marketplace:
    "Commercial Solar Advisors is a marketplace: we are paid by solar installers and financing partners for qualified leads. Our advice is free to you, and you are never obliged to buy from anyone we introduce.",
  advertising:
    "Advertising disclosure: some pages describe partners who compensate us. Incentive information is educational, not legal, tax or financial advice; programs change, so confirm details with the administering agency and a tax professional.",
} as const;

/**
 * Fallback of `site_banner`. The spec's "may be repealed" sentence is no longer true
 * (docs/content-deviations.md).
 */
export const banner = {
  text: "New commercial solar projects must be in service by December 31, 2027 to claim the federal tax credit. See what your business can still claim.",
  cta: "Get My Custom Solar Quote",
  to: "/submit-bill",
  storageKey: "tax-credit-banner-dismissed",
} as const;
