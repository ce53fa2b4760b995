import { z } from "zod";
import { states } from "~/content/states";
import { incentiveTypes } from "../incentive-filters";
import {
  checkbox,
  choice,
  decimal,
  type FieldSpec,
  list,
  optionalChoice,
  optionalDate,
  optionalText,
  requiredText,
  sourceUrl,
  whenValid,
  wholeNumber,
} from "./fields";
import { contentSources, sourcesField } from "./sources";

/** Empty: dates decide; Expired is for an end without a known date. */
const INCENTIVE_STATUS_OVERRIDES = ["At Risk", "Expired"] as const;

/** Empty: the program's own end; "in-service": a placed-in-service deadline. */
export const INCENTIVE_END_KINDS = ["in-service", "or-earlier"] as const;
export const STATE_CODES = states.map((state) => state.code) as [string, ...string[]];

export const incentiveMessages = {
  title: "Enter the incentive's name.",
  description: "Enter a description of the incentive.",
  type: "Choose federal, state or utility.",
  state: "Choose the state from the list.",
  stateNeeded: "Choose the state this program belongs to.",
  federalHasNoState: "A federal incentive applies in every state: leave the state empty.",
  link: "Enter the address of the official source.",
  status: "Choose a status from the list.",
  endKind: "Choose what the end date means from the list.",
  priority: "Enter a whole number from 0 to 1,000 (lower numbers show first).",
} as const;

const CALCULATOR_TERM_KINDS = ["percent-of-cost", "per-watt", "per-kwh", "fixed", "tax-exemption"] as const;
const CALCULATOR_TERM_KIND_LABELS: Record<(typeof CALCULATOR_TERM_KINDS)[number], string> = {
  "percent-of-cost": "Percent of the system's cost",
  "per-watt": "Dollars per watt",
  "per-kwh": "Dollars per kWh produced, for some years",
  fixed: "A fixed amount",
  "tax-exemption": "A tax exemption (listed, never counted)",
};
const CALCULATOR_OWNERS = ["taxable", "tax-exempt", "both", "personal-income-tax"] as const;

const termsMessages = {
  kind: "Choose how the program pays.",
  rate: "Enter the rate as a number: a percent (0–100), dollars per watt, dollars per kWh or an amount.",
  percent: "A percent of cost is between 0 and 100.",
  years: "Enter for how many years it pays per kWh (1–30).",
  amount: "Enter an amount in dollars, or leave it empty.",
  count: "Enter a whole number of years (0–30), or leave it empty.",
  kw: "Enter a size in kW, or leave it empty.",
  owners: "Choose who can claim it.",
  conditions: "Say in a sentence or two who qualifies and the limits.",
  source: "Enter the page that states these terms (the law or the program's own page), starting with https://",
} as const;

/** Only a program with terms (no tax exemption, confirmed, current) is counted. */
const calculatorTermsSchema = z
  .object({
    kind: choice(CALCULATOR_TERM_KINDS, termsMessages.kind),
    rate: decimal(termsMessages.rate, { min: 0, max: 100_000_000, required: true }),
    years: decimal(termsMessages.years, { min: 1, max: 30 }),
    capPerYear: decimal(termsMessages.amount, { min: 0, max: 100_000_000 }),
    capPerProject: decimal(termsMessages.amount, { min: 0, max: 100_000_000 }),
    carryForwardYears: decimal(termsMessages.count, { min: 0, max: 30 }),
    minKw: decimal(termsMessages.kw, { min: 0, max: 1_000_000 }),
    maxKw: decimal(termsMessages.kw, { min: 0, max: 1_000_000 }),
    storageRequiredFromKw: decimal(termsMessages.kw, { min: 0, max: 1_000_000 }),
    owners: choice(CALCULATOR_OWNERS, termsMessages.owners),
    inServiceBefore: optionalDate(),
    unconfirmed: checkbox,
    statewideCap: checkbox,
    conditions: requiredText("Conditions", termsMessages.conditions, { max: 600, multiLine: true }),
    sourceUrl: sourceUrl(termsMessages.source),
  })
  .superRefine((terms, ctx) => {
    if (terms.kind === "percent-of-cost" && terms.rate !== null && terms.rate > 100)
      ctx.addIssue({ code: "custom", path: ["rate"], message: termsMessages.percent });
    if (terms.kind === "per-kwh" && terms.years === null)
      ctx.addIssue({ code: "custom", path: ["years"], message: termsMessages.years });
  });

export type CalculatorTerms = z.output<typeof calculatorTermsSchema>;

/** The slug never changes after creation: the seed recognises its rows by it. */
export const incentiveSchema = z
  .object({
    title: requiredText("Title", incentiveMessages.title, { max: 160 }),
    description: requiredText("Description", incentiveMessages.description, { max: 4000, multiLine: true }),
    type: choice(["Federal", "State", "Utility"], incentiveMessages.type),
    state: z.preprocess(
      (value) => (typeof value === "string" ? value.toUpperCase() : value),
      optionalChoice(STATE_CODES, incentiveMessages.state),
    ),
    link: sourceUrl(incentiveMessages.link),
    sources: contentSources(),
    moneyValue: optionalText("Money value", { max: 200 }),
    status: optionalChoice(INCENTIVE_STATUS_OVERRIDES, incentiveMessages.status),
    priority: wholeNumber(incentiveMessages.priority, { min: 0, max: 1000, fallback: 100 }),
    expiresOn: optionalDate(),
    endKind: optionalChoice(INCENTIVE_END_KINDS, incentiveMessages.endKind),
    calculatorTerms: list(calculatorTermsSchema, { max: 1, label: "Calculator terms" }),
  })
  .superRefine(
    (value, ctx) => {
      if (value.type === "Federal" && value.state) {
        ctx.addIssue({ code: "custom", path: ["state"], message: incentiveMessages.federalHasNoState });
      }
      if (value.type !== "Federal" && !value.state) {
        ctx.addIssue({ code: "custom", path: ["state"], message: incentiveMessages.stateNeeded });
      }
    },
    whenValid("type", "state"),
  );

export type IncentiveValues = z.output<typeof incentiveSchema>;

export const incentiveFields: readonly FieldSpec[] = [
  { name: "title", label: "Title", input: "text", required: true, maxLength: 160 },
  {
    name: "type",
    label: "Type",
    input: "select",
    required: true,
    options: incentiveTypes.map((type) => ({ value: type, label: type })),
  },
  {
    name: "state",
    label: "State",
    input: "select",
    help: "Required for state and utility programs; empty for federal ones.",
    options: states.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })),
  },
  { name: "description", label: "Description", input: "textarea", required: true, maxLength: 4000 },
  {
    name: "moneyValue",
    label: "Money value",
    input: "text",
    maxLength: 200,
    help: "What it pays or saves a business, in words (e.g. “35% of cost, up to $500,000”). Leave empty for rules such as net metering; the calculator counts only programs with one.",
  },
  {
    name: "link",
    label: "Official source",
    input: "url",
    required: true,
    maxLength: 2048,
    help: "The administering agency's or utility's page, starting with https://",
  },
  sourcesField,
  {
    name: "expiresOn",
    label: "End date",
    input: "date",
    help: "The first day the program no longer applies: it shows Active the day before and Expired from this day. Leave empty when the law sets no end.",
  },
  {
    name: "endKind",
    label: "Kind of deadline",
    input: "select",
    help: "Empty: the program's own end (shown “Available through …”). Placed-in-service deadline: the system must be in service by the day before (shown “In service by …”), as for the federal credit. The latest end: the program can close sooner, when a cap is reached (shown “Until … at the latest”).",
    options: [
      { value: "in-service", label: "A placed-in-service deadline" },
      { value: "or-earlier", label: "The latest end: it can close sooner (a cap)" },
    ],
  },
  {
    name: "status",
    label: "Status override",
    input: "select",
    help: "Empty: Active until the end date. At Risk: closing or capacity-limited. Expired: ended without a known date.",
    options: INCENTIVE_STATUS_OVERRIDES.map((status) => ({ value: status, label: status })),
  },
  {
    name: "priority",
    label: "Priority",
    input: "number",
    help: "Display order within its list: lower first (the three lowest federal ones are on the home page).",
  },
  {
    name: "calculatorTerms",
    label: "Calculator terms",
    input: "list",
    maxItems: 1,
    help: "How the savings calculator counts this program. Without terms it is only listed as “may also apply”. Also checked by Mark reviewed and the stale queue, with the rest of the record.",
    item: [
      {
        name: "kind",
        label: "How it pays",
        input: "select",
        required: true,
        options: CALCULATOR_TERM_KINDS.map((kind) => ({ value: kind, label: CALCULATOR_TERM_KIND_LABELS[kind] })),
      },
      {
        name: "rate",
        label: "Rate",
        input: "text",
        required: true,
        help: "A percent (10 for 10%), dollars per watt, dollars per kWh, or the amount.",
      },
      { name: "years", label: "Years it pays (per kWh only)", input: "text" },
      { name: "capPerYear", label: "Most per year ($)", input: "text" },
      { name: "capPerProject", label: "Most per project ($)", input: "text" },
      { name: "carryForwardYears", label: "Years an amount over the yearly cap carries forward", input: "text" },
      { name: "minKw", label: "Smallest system (kW)", input: "text" },
      { name: "maxKw", label: "Largest system (kW)", input: "text" },
      { name: "storageRequiredFromKw", label: "Storage required from (kW)", input: "text" },
      {
        name: "owners",
        label: "Who can claim it",
        input: "select",
        required: true,
        options: [
          { value: "taxable", label: "Taxable businesses" },
          { value: "tax-exempt", label: "Tax-exempt owners" },
          { value: "both", label: "Both" },
          {
            value: "personal-income-tax",
            label: "Only owners who pay personal income tax (not C corporations)",
          },
        ],
      },
      { name: "inServiceBefore", label: "Only systems in service before", input: "date" },
      { name: "unconfirmed", label: "Value or funding unconfirmed (not counted)", input: "checkbox" },
      {
        name: "statewideCap",
        label: "A statewide cap can run out (counted, with a case without it)",
        input: "checkbox",
      },
      { name: "conditions", label: "Conditions", input: "textarea", required: true, maxLength: 600 },
      { name: "sourceUrl", label: "Source of these terms", input: "url", required: true, maxLength: 2048 },
    ],
  },
];
