import { CONTENT_KINDS, type ContentKind, contentSchemas, type FormShape, formShape } from "~/lib/content-schemas";
import type { ToastMessage } from "~/lib/toast";
import { log } from "./log.server";

/**
 * Caps on a staff form, checked before anything parses it (security review N4, decision 0017).
 * conform builds a list row for every index up to the highest one named, so one field named
 * `benefits[99999999].title` filled the heap; a name repeated thousands of times is joined by
 * copying (quadratic). The body size is capped already (`readSmallFormData`).
 */
export type StaffFormLimits = {
  /** Each list's highest row index: its most items (one row more gets the schema's own message). */
  lists: Readonly<Record<string, number>>;
  maxFields: number;
};

/** Far above any name our forms write (the longest, `caseStudyMetrics[5].icon`, has 24). */
export const MAX_FIELD_NAME_LENGTH = 100;

/** Forms without lists: sign-in, lead status and notes, roles, mail retry, mark reviewed. */
export const PLAIN_STAFF_FORM_LIMITS: StaffFormLimits = { lists: {}, maxFields: 16 };

/** A record form's caps: twice the fields of its fullest form (every list one row over), plus 16. */
function recordFormLimits(shape: FormShape): StaffFormLimits {
  const lists = Object.entries(shape.lists);
  const listFields = lists.reduce((sum, [, list]) => sum + (list.max + 1) * list.fields.length, 0);
  return {
    lists: Object.fromEntries(lists.map(([name, list]) => [name, list.max])),
    maxFields: 2 * (shape.fields.length + listFields) + 16,
  };
}

/** The content editor's caps per kind (an industry page: 322 fields). */
export const CONTENT_FORM_LIMITS = Object.fromEntries(
  CONTENT_KINDS.map((kind) => [kind, recordFormLimits(formShape(contentSchemas[kind]))]),
) as Record<ContentKind, StaffFormLimits>;

export const STAFF_FORM_MESSAGES = {
  tooManyFields: "The form has more fields than this page sends. Reload the page and try again.",
  tooManyRows: "A list in the form has more rows than it can hold. Reload the page and try again.",
  unreadable: "The form could not be read. Reload the page and try again.",
} as const;

type Problem = keyof typeof STAFF_FORM_MESSAGES;

/** conform's own fields: a list button without JavaScript, and form state (our forms send none). */
const INTENT = "__intent__";
const STATE = "__state__";

/** `list[index]`, then any `.field`s; the index has no sign and no leading zero. */
const INDEXED_NAME = /^([^.[\]]+)\[(0|[1-9]\d*)\]((?:\.[^.[\]]+)*)$/;

/** Whether `index` (digits) is a row `list` may have; long digit strings never become numbers. */
function rowAllowed(limits: StaffFormLimits, list: string, index: string | number): boolean {
  if (!Object.hasOwn(limits.lists, list)) return false;
  const max = limits.lists[list] ?? -1;
  const number = typeof index === "number" ? index : index.length > 6 ? Number.POSITIVE_INFINITY : Number(index);
  return Number.isSafeInteger(number) && number >= 0 && number <= max;
}

function nameProblem(name: string, limits: StaffFormLimits): Problem | null {
  if (name.length > MAX_FIELD_NAME_LENGTH || name === STATE) return "unreadable";
  if (!/[[\]]/.test(name)) return null;
  const match = INDEXED_NAME.exec(name);
  if (!match) return "unreadable";
  const [, list = "", index = ""] = match;
  if (!Object.hasOwn(limits.lists, list)) return "unreadable";
  return rowAllowed(limits, list, index) ? null : "tooManyRows";
}

/** A list button's intent as conform posts it without JavaScript: insert or remove on a list. */
function intentProblem(value: FormDataEntryValue, limits: StaffFormLimits): Problem | null {
  if (typeof value !== "string" || value.length > 200) return "unreadable";
  let intent: unknown;
  try {
    intent = JSON.parse(value);
  } catch {
    return "unreadable";
  }
  if (!intent || typeof intent !== "object") return "unreadable";
  const { type, payload } = intent as { type?: unknown; payload?: unknown };
  if ((type !== "insert" && type !== "remove") || !payload || typeof payload !== "object") return "unreadable";
  const { name, index, ...rest } = payload as { name?: unknown; index?: unknown };
  if (Object.keys(rest).length || typeof name !== "string" || !Object.hasOwn(limits.lists, name)) return "unreadable";
  if (index === undefined && type === "insert") return null;
  if (typeof index !== "number") return "unreadable";
  return rowAllowed(limits, name, index) ? null : "tooManyRows";
}

/**
 * Why a staff form is refused before it is parsed, as a message for the staff member, or null:
 * more fields than `limits.maxFields`; a list row index above the list's most items (also in a
 * list button's intent); an index on anything but a known list, nested, empty or with a leading
 * zero; a field name over 100 characters.
 */
export function staffFormProblem(form: FormData | URLSearchParams, limits: StaffFormLimits): string | null {
  let count = 0;
  let problem: Problem | null = null;
  for (const [name, value] of form.entries()) {
    count += 1;
    if (count > limits.maxFields) problem = "tooManyFields";
    else problem = name === INTENT ? intentProblem(value, limits) : nameProblem(name, limits);
    if (problem) break;
  }
  if (!problem) return null;
  log.info({ problem, fields: count }, "Staff form refused before parsing");
  return STAFF_FORM_MESSAGES[problem];
}

/** A sign-in page's form refused before parsing: the toast that says why, or null. */
export function plainFormRefusal(form: FormData): ToastMessage | null {
  const unreadable = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  return unreadable ? { title: "The form was not sent", description: unreadable, variant: "destructive" } : null;
}
