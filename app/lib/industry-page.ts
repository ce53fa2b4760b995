import type { IndustryIcon, IndustryPageContent } from "~/content/industry-pages/types";
import { usd0 as formatUsd } from "./estimate-format";

/** An illustrative project's figures, and what follows from them (nothing typed twice). */
export type ExampleFigures = IndustryPageContent["example"];

export function paybackYears(example: ExampleFigures): number {
  return Math.round((example.netCostUsd / example.annualSavingsUsd) * 10) / 10;
}

export function savingsShare(example: ExampleFigures): number {
  return Math.round((example.annualSavingsUsd / example.annualBillUsd) * 100);
}

/** What makes an example's figures impossible or implausible (empty when they hold together). */
export function exampleProblems(example: ExampleFigures): string[] {
  const problems: string[] = [];
  if (!(example.annualSavingsUsd > 0)) problems.push("savings must be positive");
  if (example.annualSavingsUsd >= example.annualBillUsd) problems.push("savings must be below the annual bill");
  const payback = example.netCostUsd / example.annualSavingsUsd;
  if (!(payback >= 3 && payback <= 12)) problems.push(`payback of ${payback.toFixed(1)} years is outside 3 to 12`);
  const savedPerKw = example.annualSavingsUsd / example.systemKw;
  if (!(savedPerKw >= 100 && savedPerKw <= 450)) {
    problems.push(`$${savedPerKw.toFixed(0)} saved per kW a year is not plausible for the system size`);
  }
  const costPerWatt = example.netCostUsd / (example.systemKw * 1000);
  if (!(costPerWatt >= 0.8 && costPerWatt <= 2.8)) {
    problems.push(`net cost of $${costPerWatt.toFixed(2)}/W is not plausible after incentives`);
  }
  return problems;
}

/** The success story's metric items (spec: icon and text), derived from the figures. */
export function exampleMetrics(example: ExampleFigures): { icon: IndustryIcon; text: string }[] {
  return [
    { icon: "sun", text: `${example.systemKw.toLocaleString("en-US")} kW system` },
    {
      icon: "piggy-bank",
      text: `${formatUsd(example.annualSavingsUsd)} saved a year (${savingsShare(example)}% of a ${formatUsd(example.annualBillUsd)} bill)`,
    },
    {
      icon: "clock",
      text: `Payback in about ${paybackYears(example)} years on ${formatUsd(example.netCostUsd)} net cost`,
    },
  ];
}

/** Spec: without a subtitle the hero shows the slug with its hyphens turned into spaces. */
export function defaultSubtitle(slug: string): string {
  return slug.replace(/-/g, " ");
}

export const DEFAULT_INDUSTRY_IMAGE = "/images/industries/default.svg";

type ListItem = { icon?: string; title?: string; description?: string; text?: string };

/** What the page renders: a database row (staff may have edited it) or the built-in content. */
export type IndustryView = {
  slug: string;
  title: string;
  subtitle: string;
  metaDescription: string;
  intro: string;
  heroImage: string;
  heroImageAlt: string;
  benefits: ListItem[];
  incentives: ListItem[];
  useCases: ListItem[];
  storyTitle: string;
  storyText: string;
  storyMetrics: ListItem[];
  faq: { question: string; answer: string }[];
  ctaText: string;
};

export type IndustryRowLike = {
  slug: string;
  title: string;
  intro: string | null;
  subtitle: string | null;
  metaDescription: string | null;
  heroImage: string | null;
  heroImageAlt: string | null;
  benefits: ListItem[];
  incentives: ListItem[];
  useCases: ListItem[];
  caseStudyQuote: string | null;
  caseStudyAuthor: string | null;
  caseStudyMetrics: ListItem[];
  faq: { question: string; answer: string }[];
  ctaText: string | null;
};

/** The `industries` row the seed writes for a page (every field of the spec's industry record). */
export function industryRow(page: IndustryPageContent) {
  return {
    slug: page.slug,
    title: page.title,
    intro: page.intro,
    benefits: page.benefits,
    incentives: page.incentives,
    useCases: page.useCases,
    caseStudyQuote: page.example.summary,
    caseStudyAuthor: `Illustrative example: ${page.example.title}`,
    caseStudyMetrics: exampleMetrics(page.example),
    ctaText: page.ctaText,
    subtitle: page.subtitle,
    metaDescription: page.metaDescription,
    heroImage: `/images/industries/${page.slug}.svg`,
    heroImageAlt: page.heroImageAlt,
    faq: page.faq,
    active: true,
    lastReviewedAt: page.reviewedOn,
  };
}

/** A row as the page shows it, field by field falling back to the defaults the spec gives. */
export function industryView(row: IndustryRowLike, label: string): IndustryView {
  return {
    slug: row.slug,
    title: row.title || `Commercial Solar for ${label}`,
    subtitle: row.subtitle?.trim() || defaultSubtitle(row.slug),
    metaDescription: row.metaDescription?.trim() || `Solar incentives and savings for ${label.toLowerCase()}.`,
    intro: row.intro ?? "",
    heroImage: row.heroImage?.trim() || DEFAULT_INDUSTRY_IMAGE,
    heroImageAlt: row.heroImageAlt?.trim() || `Illustration of a ${label.toLowerCase()} building with rooftop solar`,
    benefits: row.benefits,
    incentives: row.incentives,
    useCases: row.useCases,
    storyTitle: row.caseStudyAuthor ?? "",
    storyText: row.caseStudyQuote ?? "",
    storyMetrics: row.caseStudyMetrics,
    faq: row.faq,
    ctaText: row.ctaText ?? "",
  };
}
