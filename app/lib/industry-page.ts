import type { IndustryExample, IndustryIcon, IndustryPageContent } from "~/content/industry-pages/types";
import { SOLAR_DATA } from "~/content/solar-data";
import type { IsoDate } from "./dates";
import { usd0 as formatUsd } from "./estimate-format";
import { type ComputedExample, computeExample, type ExampleFigures, exampleToday } from "./industry-example";
import { LIFETIME_YEARS } from "./solar-model";
import { FULL_RATE_PCT } from "./solar-model/federal";
import type { ModelData } from "./solar-model/types";

export type { ExampleFigures } from "./industry-example";

export function paybackYears(example: ExampleFigures): number {
  return Math.round((example.netCostUsd / example.annualSavingsUsd) * 10) / 10;
}

export function savingsShare(example: ExampleFigures): number {
  return Math.round((example.annualSavingsUsd / example.annualBillUsd) * 100);
}

const MONEY = /\$\s?(\d[\d,]*(?:\.\d+)?)/g;
const KW = /(\d[\d,]*(?:\.\d+)?)\s*kW\b/g;
/** A figure only the model may state. */
const MODEL_FIGURE = /\d[\d,]*(?:\.\d+)?\s*(?:kWh|cents?\b|¢|%|percent\b|per watt\b|\/W\b|years?\b)/i;

const numbersIn = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => Number((match[1] ?? "").replace(/,/g, "")));

/** Catches a figure typed by hand that disagrees with the model or its sourced ranges. */
export function exampleProblems(
  example: IndustryExample,
  options: { today: IsoDate; shown?: ExampleFigures; data?: ModelData },
): string[] {
  const data = options.data ?? SOLAR_DATA;
  let model: ComputedExample;
  try {
    model = computeExample(example, options.today, data);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems: string[] = [];
  const kw = example.systemKw;
  if (Math.abs(model.modelSystemKw - kw) > 1e-9) {
    problems.push(
      `a ${formatUsd(example.monthlyBillUsd)} monthly bill in ${model.stateName} buys less energy than ${kw} kW makes: the model sizes the system at ${model.modelSystemKw.toFixed(1)} kW`,
    );
  }
  if (!example.summary.includes(model.stateName))
    problems.push(`the summary does not name the state, ${model.stateName}`);
  const bills = [example.monthlyBillUsd, model.annualBillUsd];
  for (const amount of numbersIn(example.summary, MONEY).filter((value) => !bills.includes(value)))
    problems.push(
      `the summary states $${amount.toLocaleString("en-US")}, which is not an input: the model gives the figures`,
    );
  for (const text of [example.title, example.summary])
    for (const size of numbersIn(text, KW).filter((value) => value !== kw))
      problems.push(`"${size} kW" in the title or summary is not the example's ${kw} kW`);
  const typed = MODEL_FIGURE.exec(example.summary);
  if (typed) problems.push(`the summary types "${typed[0]}": only the model's figures may be stated`);

  const shown = options.shown ?? model;
  const checks: [string, number, number][] = [
    ["system size", shown.systemKw, model.systemKw],
    ["annual bill", shown.annualBillUsd, model.annualBillUsd],
    ["first-year savings", shown.annualSavingsUsd, model.annualSavingsUsd],
    ["net cost", shown.netCostUsd, model.netCostUsd],
  ];
  for (const [what, value, expected] of checks)
    if (Math.abs(value - expected) > 0.005)
      problems.push(
        `the ${what} shown, ${value.toLocaleString("en-US")}, is not the model's ${expected.toLocaleString("en-US")}`,
      );
  if (shown.summary !== model.summary) problems.push("the text shown is not the one worked out from the model");

  if (!(shown.annualSavingsUsd > 0)) problems.push("savings must be positive");
  if (shown.annualSavingsUsd >= shown.annualBillUsd) problems.push("savings must be below the annual bill");
  // What a kWh saves: the state's sourced price times the energy share, within its sourced range.
  const kwh = shown.systemKw * model.yieldRow.value;
  const valuePerKwh = kwh > 0 ? shown.annualSavingsUsd / kwh : Number.POSITIVE_INFINITY;
  const slack = kwh > 0 ? 50 / kwh : 0;
  const share = data.energyShareOfBillPct;
  const [lowValue, highValue] = [(model.price.value * share.low) / 100, (model.price.value * share.high) / 100];
  if (valuePerKwh < lowValue - slack || valuePerKwh > highValue + slack) {
    problems.push(
      `savings of ${(valuePerKwh * 100).toFixed(1)} cents per kWh are outside ${(lowValue * 100).toFixed(1)}–${(highValue * 100).toFixed(1)} cents, ${share.low}–${share.high}% of ${model.stateName}'s sourced price`,
    );
  }
  // Cost per watt: within the sourced installed-cost bands, less at most the full federal rate.
  const bandValues = data.costBands.map((band) => band.value);
  const [minCost, maxCost] = [Math.min(...bandValues), Math.max(...bandValues)];
  const perWatt = shown.systemKw > 0 ? shown.netCostUsd / (shown.systemKw * 1000) : 0;
  const wattSlack = shown.systemKw > 0 ? 50 / (shown.systemKw * 1000) : 0;
  if (perWatt < minCost * (1 - FULL_RATE_PCT / 100) - wattSlack || perWatt > maxCost + wattSlack) {
    problems.push(
      `a net cost of $${perWatt.toFixed(2)}/W is outside $${(minCost * (1 - FULL_RATE_PCT / 100)).toFixed(2)}–$${maxCost.toFixed(2)}/W, the sourced installed costs less at most the ${FULL_RATE_PCT}% credit`,
    );
  }
  const payback = shown.netCostUsd / shown.annualSavingsUsd;
  if (shown.annualSavingsUsd > 0 && !(payback <= LIFETIME_YEARS))
    problems.push(`payback of ${payback.toFixed(1)} years is beyond the model's ${LIFETIME_YEARS}-year life`);
  return problems;
}

function exampleMetrics(example: ExampleFigures): { icon: IndustryIcon; text: string }[] {
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

/** Spec: the slug with its hyphens turned into spaces. */
function defaultSubtitle(slug: string): string {
  return slug.replace(/-/g, " ");
}

const DEFAULT_INDUSTRY_IMAGE = "/images/industries/default.svg";

type ListItem = { icon?: string; title?: string; description?: string; text?: string };

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

/** The example is worked out on `today`: from 2028 it no longer counts the federal credit, and says so. */
export function industryRow(page: IndustryPageContent, today: IsoDate = exampleToday()) {
  const example = computeExample(page.example, today);
  return {
    slug: page.slug,
    title: page.title,
    intro: page.intro,
    benefits: page.benefits,
    incentives: page.incentives,
    useCases: page.useCases,
    caseStudyQuote: example.summary,
    caseStudyAuthor: `Illustrative example: ${example.title}`,
    caseStudyMetrics: exampleMetrics(example),
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
