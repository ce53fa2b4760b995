export const missionPillars = [
  {
    title: "Niche-focused service",
    text: "We work only with businesses that use a lot of power or are overlooked by mainstream solar sales: farms, clinics, car washes, venues, parks and more. We know how each one uses energy.",
  },
  {
    title: "Incentive and financing mastery",
    text: "Federal credits, depreciation, USDA grants, state programs and utility rebates change often. We track them so the numbers in your quote are real.",
  },
  {
    title: "Ethics and independence",
    text: "We tell you when solar does not make sense. We are paid by partners for qualified introductions, and we say so plainly; you never pay us and never owe anyone a purchase.",
  },
  {
    title: "Long-term partnership",
    text: "We stay with you from the first bill review through installation and the first year of production, and we are here when policies change.",
  },
] as const;

export const whatWeDo = [
  {
    title: "Incentive research",
    text: "We identify the federal, state and utility programs your business qualifies for.",
  },
  {
    title: "Savings analysis",
    text: "We turn your electric bill into an estimate of system size, cost, savings and payback.",
  },
  {
    title: "Installer matching",
    text: "We introduce you to installers who serve your area and industry, and check their quotes with you.",
  },
  {
    title: "Policy monitoring",
    text: "We watch deadlines and law changes and tell you when they affect your project.",
  },
] as const;

export const disclaimers = [
  {
    title: "Educational purposes only",
    text: "Everything on this site is general information to help you understand solar options. It is not an offer, a quote or a guarantee of savings.",
  },
  {
    title: "Not legal, tax or financial advice",
    text: "Tax credits, depreciation and grants depend on your circumstances. Consult a qualified tax professional, attorney or financial adviser before you act.",
  },
  {
    title: "Accuracy of information",
    text: "We review incentive information regularly, but programs, rates and laws change without notice. Confirm current terms with the administering agency or utility.",
  },
  {
    title: "Limitation of liability",
    text: "We are not liable for decisions made or losses incurred on the basis of information on this site or estimates it produces.",
  },
  {
    title: "Third-party connections",
    text: "Links to agencies, programs and installers are provided for convenience. We do not control and do not endorse third-party sites, products or services, and they do not endorse us.",
  },
] as const;
