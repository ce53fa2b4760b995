/**
 * The built-in content of one industry landing page: the seed of its `industries` row and the
 * fallback when the row is missing. Every statement must be true on its `reviewedOn` date.
 */
export const INDUSTRY_ICONS = [
  "sun",
  "zap",
  "battery",
  "piggy-bank",
  "shield",
  "leaf",
  "thermometer",
  "droplets",
  "snowflake",
  "wrench",
  "truck",
  "building",
  "clock",
  "trending-down",
  "landmark",
  "tractor",
  "car",
  "wine",
  "heart-pulse",
  "film",
  "store",
  "warehouse",
  "tent",
  "stethoscope",
  "paw-print",
  "factory",
  "fan",
  "lightbulb",
  "calendar",
  "users",
] as const;
export type IndustryIcon = (typeof INDUSTRY_ICONS)[number];

export type IndustryPageContent = {
  slug: string;
  /** The page's H1, e.g. "Commercial Solar for Farms & Agriculture". */
  title: string;
  /** One sentence under the H1. */
  subtitle: string;
  /** Search-result description, at most 160 characters. */
  metaDescription: string;
  /** Two or three sentences: what drives this trade's power bill and what solar changes. */
  intro: string;
  /** Alternative text of the page's illustration (public/images/industries/{slug}.svg). */
  heroImageAlt: string;
  /** Exactly four. */
  benefits: { icon: IndustryIcon; title: string; description: string }[];
  /** Three to five programs that fit this trade, each true today, with who qualifies and until when. */
  incentives: { title: string; description: string }[];
  /** Three or four. */
  useCases: { icon: IndustryIcon; title: string; description: string }[];
  /**
   * An illustrative example project (labelled as such on the page: there are no customer
   * reviews to publish). Payback is computed as netCostUsd ÷ annualSavingsUsd; savings must be
   * below the annual bill.
   */
  example: {
    title: string;
    summary: string;
    systemKw: number;
    annualBillUsd: number;
    annualSavingsUsd: number;
    /** Installed cost after the incentives the summary names. */
    netCostUsd: number;
  };
  /** Three or four real questions owners of this trade ask, with accurate answers. */
  faq: { question: string; answer: string }[];
  /** The closing call-to-action banner's sentence. */
  ctaText: string;
  reviewedOn: string;
};
