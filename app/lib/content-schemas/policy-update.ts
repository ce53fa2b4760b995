import { z } from "zod";
import {
  choice,
  type FieldSpec,
  optionalChoice,
  optionalDate,
  requiredDate,
  requiredText,
  sourceUrl,
  whenValid,
} from "./fields";
import { INCENTIVE_END_KINDS } from "./incentive";
import { contentSources, sourcesField } from "./sources";

const POLICY_STATUSES = ["At Risk", "Confirmed", "Extended", "Expired"] as const;
/** Local exists in the data though the public filter offers Federal and State. */
export const POLICY_LEVELS = ["Federal", "State", "Local"] as const;

export const policyUpdateMessages = {
  title: "Enter the update's headline.",
  summary: "Enter a summary of the update.",
  status: "Choose a status from the list.",
  level: "Choose federal, state or local.",
  datePublished: "Enter the date of the event or announcement.",
  link: "Enter the address of the official source.",
  endBeforeStart: "The end date cannot be before the date published.",
  endKind: "Choose what the end date means from the list.",
} as const;

/** `expiresOn` may be the day it was published (an update announcing an end that day), not before. */
export const policyUpdateSchema = z
  .object({
    title: requiredText("Headline", policyUpdateMessages.title, { max: 200 }),
    summary: requiredText("Summary", policyUpdateMessages.summary, { max: 4000, multiLine: true }),
    status: choice(POLICY_STATUSES, policyUpdateMessages.status),
    level: choice(POLICY_LEVELS, policyUpdateMessages.level),
    datePublished: requiredDate(policyUpdateMessages.datePublished),
    link: sourceUrl(policyUpdateMessages.link),
    sources: contentSources(),
    expiresOn: optionalDate(),
    endKind: optionalChoice(INCENTIVE_END_KINDS, policyUpdateMessages.endKind),
  })
  .superRefine(
    (value, ctx) => {
      if (value.expiresOn && value.datePublished && value.expiresOn < value.datePublished) {
        ctx.addIssue({ code: "custom", path: ["expiresOn"], message: policyUpdateMessages.endBeforeStart });
      }
    },
    whenValid("datePublished", "expiresOn"),
  );

export type PolicyUpdateValues = z.output<typeof policyUpdateSchema>;

export const policyUpdateFields: readonly FieldSpec[] = [
  { name: "title", label: "Headline", input: "text", required: true, maxLength: 200 },
  { name: "summary", label: "Summary", input: "textarea", required: true, maxLength: 4000 },
  {
    name: "status",
    label: "Status",
    input: "select",
    required: true,
    options: POLICY_STATUSES.map((status) => ({ value: status, label: status })),
    help: "Shown until the end date; from that day the update shows Expired.",
  },
  {
    name: "level",
    label: "Level",
    input: "select",
    required: true,
    options: POLICY_LEVELS.map((level) => ({ value: level, label: level })),
  },
  {
    name: "datePublished",
    label: "Date published",
    input: "date",
    required: true,
    help: "The date of the event or announcement; Policy Watch lists newest first.",
  },
  {
    name: "expiresOn",
    label: "End date",
    input: "date",
    help: "The first day the update's subject no longer applies (the day after the deadline). Empty when it stays true.",
  },
  {
    name: "endKind",
    label: "Kind of deadline",
    input: "select",
    help: "Empty: the subject's own end (shown “Available through …”). Placed-in-service deadline: shown “In service by …”.",
    options: [{ value: "in-service", label: "A placed-in-service deadline" }],
  },
  {
    name: "link",
    label: "Official source",
    input: "url",
    required: true,
    maxLength: 2048,
    help: "The agency's or legislature's page, starting with https://",
  },
  sourcesField,
];
