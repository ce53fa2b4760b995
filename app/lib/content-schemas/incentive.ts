import { z } from "zod";
import { states } from "~/content/states";
import { incentiveTypes } from "../incentive-filters";
import {
  choice,
  type FieldSpec,
  optionalChoice,
  optionalDate,
  optionalText,
  requiredText,
  sourceUrl,
  whenValid,
  wholeNumber,
} from "./fields";

/** An incentive's explicit status: empty (dates decide), At Risk, or Expired without a known date. */
export const INCENTIVE_STATUS_OVERRIDES = ["At Risk", "Expired"] as const;
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
  priority: "Enter a whole number from 0 to 1,000 (lower numbers show first).",
} as const;

/**
 * An incentive as the editor saves it: every editable column of `incentives` (the slug is made
 * once from the title and never changes: the seed recognises its rows by it; the review date
 * changes through Mark reviewed).
 */
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
    moneyValue: optionalText("Money value", { max: 200 }),
    status: optionalChoice(INCENTIVE_STATUS_OVERRIDES, incentiveMessages.status),
    priority: wholeNumber(incentiveMessages.priority, { min: 0, max: 1000, fallback: 100 }),
    expiresOn: optionalDate(),
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
  {
    name: "expiresOn",
    label: "End date",
    input: "date",
    help: "The first day the program no longer applies: it shows Active the day before and Expired from this day. Leave empty when the law sets no end.",
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
];
