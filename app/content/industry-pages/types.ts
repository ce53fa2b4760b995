import type { OwnerType } from "~/lib/solar-model/types";

/** Industry pages: the seed of an `industries` row and its fallback; true on `reviewedOn`. */
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

export type IndustryExample = {
  /** Any kW it names is `systemKw`. */
  title: string;
  /** Names only the inputs; the figures and sources are appended from the model. */
  summary: string;
  state: string;
  monthlyBillUsd: number;
  /** kW DC the roof holds; below the size the bill would justify. */
  systemKw: number;
  /** Taxable (a C corporation) unless given. */
  ownerType?: OwnerType;
};

export type IndustryPageContent = {
  slug: string;
  title: string;
  subtitle: string;
  /** At most 160 characters. */
  metaDescription: string;
  intro: string;
  /** Alt text of public/images/industries/{slug}.svg. */
  heroImageAlt: string;
  /** Exactly four. */
  benefits: { icon: IndustryIcon; title: string; description: string }[];
  /** Three to five, each true today. */
  incentives: { title: string; description: string }[];
  /** Three or four. */
  useCases: { icon: IndustryIcon; title: string; description: string }[];
  /**
   * Labelled as illustrative (no reviews to publish). Its figures are never typed: `computeExample`
   * (app/lib/industry-example.ts) computes them with the calculator's model.
   */
  example: IndustryExample;
  faq: { question: string; answer: string }[];
  ctaText: string;
  reviewedOn: string;
};
