import type { OwnerType } from "~/lib/solar-model/types";

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

/** An illustrative project as calculator inputs, plus the words that set the scene. */
export type IndustryExample = {
  /** The trade's project in a few words; any kW it names is `systemKw`. */
  title: string;
  /**
   * Who, where and what, in words: names the state and may state only the inputs (the monthly
   * bill, the size). The figures and their sources are appended from the model.
   */
  summary: string;
  /** Two-letter postal code of a state typical for the trade. */
  state: string;
  /** The calculator's "average monthly electric bill". */
  monthlyBillUsd: number;
  /** kW DC the roof holds (the calculator's maximum system size); below the size the bill would justify. */
  systemKw: number;
  /** The calculator's owner type; taxable (a C corporation) unless given. */
  ownerType?: OwnerType;
};

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
   * reviews to publish), given as the inputs a visitor would give the savings calculator. Its
   * savings, costs and payback are never typed: `computeExample` (app/lib/industry-example.ts)
   * works them out with the calculator's model from the built-in sourced figures.
   */
  example: IndustryExample;
  /** Three or four real questions owners of this trade ask, with accurate answers. */
  faq: { question: string; answer: string }[];
  /** The closing call-to-action banner's sentence. */
  ctaText: string;
  reviewedOn: string;
};
