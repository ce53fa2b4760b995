import { CONTENT_KINDS, type ContentKind, contentSchemas, type FormShape, formShape } from "~/lib/content-schemas";
import type { ToastMessage } from "~/lib/toast";
import { log } from "./log.server";

/** conform builds a row for every index up to the highest named: `list[99999999]` filled the heap (decision 0017). */
export type StaffFormLimits = {
  /** One row more gets the schema's own message. */
  lists: Readonly<Record<string, number>>;
  maxFields: number;
};

export const MAX_FIELD_NAME_LENGTH = 100;

export const PLAIN_STAFF_FORM_LIMITS: StaffFormLimits = { lists: {}, maxFields: 16 };

function recordFormLimits(shape: FormShape): StaffFormLimits {
  const lists = Object.entries(shape.lists);
  const listFields = lists.reduce((sum, [, list]) => sum + (list.max + 1) * list.fields.length, 0);
  return {
    lists: Object.fromEntries(lists.map(([name, list]) => [name, list.max])),
    maxFields: 2 * (shape.fields.length + listFields) + 16,
  };
}

export const CONTENT_FORM_LIMITS = Object.fromEntries(
  CONTENT_KINDS.map((kind) => [kind, recordFormLimits(formShape(contentSchemas[kind]))]),
) as Record<ContentKind, StaffFormLimits>;

export const STAFF_FORM_MESSAGES = {
  tooManyFields: "The form has more fields than this page sends. Reload the page and try again.",
  tooManyRows: "A list in the form has more rows than it can hold. Reload the page and try again.",
  unreadable: "The form could not be read. Reload the page and try again.",
} as const;

type Problem = keyof typeof STAFF_FORM_MESSAGES;

const INTENT = "__intent__";
const STATE = "__state__";

/** The index has no sign and no leading zero. */
const INDEXED_NAME = /^([^.[\]]+)\[(0|[1-9]\d*)\]((?:\.[^.[\]]+)*)$/;

/** Long digit strings never become numbers. */
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

export function plainFormRefusal(form: FormData): ToastMessage | null {
  const unreadable = staffFormProblem(form, PLAIN_STAFF_FORM_LIMITS);
  return unreadable ? { title: "The form was not sent", description: unreadable, variant: "destructive" } : null;
}
