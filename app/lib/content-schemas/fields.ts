import { z } from "zod";
import { isIsoDate } from "../dates";
import { controlCharacterMessage, hasControlCharacters } from "../validation/common";

/**
 * Field rules shared by the content editor's record schemas (browser and server). Each rule
 * takes a value as it may arrive: a form string (possibly empty, or already dropped by conform),
 * a JSON value, or the stored value. Text is kept exactly as typed apart from surrounding spaces:
 * it is plain text, and every public page renders it as text (React escapes it), never as HTML.
 */

/** A trimmed string; absent, null and blank become null. Numbers are kept as their text. */
export function toTextOrNull(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

const tooLong = (label: string, max: number) =>
  `${label} is too long (at most ${max.toLocaleString("en-US")} characters).`;

type TextOptions = { max: number; multiLine?: boolean };

/** Text the record needs: `required` is the message when it is missing. */
export function requiredText(label: string, required: string, { max, multiLine = false }: TextOptions) {
  return z.preprocess(
    toTextOrNull,
    z
      .string({ error: required })
      .refine((value) => !hasControlCharacters(value, multiLine), { message: controlCharacterMessage(label) })
      .refine((value) => value.length <= max, { message: tooLong(label, max) }),
  );
}

/** Text that may be left empty (stored as null). */
export function optionalText(label: string, { max, multiLine = false }: TextOptions) {
  return z.preprocess(
    toTextOrNull,
    z
      .string()
      .refine((value) => !hasControlCharacters(value, multiLine), { message: controlCharacterMessage(label) })
      .refine((value) => value.length <= max, { message: tooLong(label, max) })
      .nullable(),
  );
}

const URL_MAX = 2048;
export const HTTPS_URL_MESSAGE = "Enter a full web address starting with https://";

/**
 * A public https address: parsed by the URL standard, a host with a dot (no "localhost"), no
 * user name or password in it, no spaces. `javascript:` and every other scheme are refused.
 */
export function isHttpsUrl(value: string): boolean {
  if (value.length > URL_MAX || /\s/.test(value) || hasControlCharacters(value)) return false;
  if (!/^https:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
}

export const HOME_PAGE_MESSAGE =
  "Link the page that proves the statement (a statute section, a notice, the program's own page), not the site's home page.";

/** A page with a path or query: a site's home page proves nothing (fact check 2026-11-25). */
export function isSpecificPage(value: string): boolean {
  try {
    const url = new URL(value);
    return url.pathname.replace(/\/+$/, "") !== "" || url.search !== "";
  } catch {
    return false;
  }
}

/** An official source's address (required): https, and the page itself, not a home page. */
export function sourceUrl(required = "Enter the address of the official source.") {
  return z.preprocess(
    toTextOrNull,
    z
      .string({ error: required })
      .refine(isHttpsUrl, { message: HTTPS_URL_MESSAGE })
      // One message per field: the home-page rule only speaks about a valid address.
      .refine((value) => !isHttpsUrl(value) || isSpecificPage(value), { message: HOME_PAGE_MESSAGE }),
  );
}

const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/;
const ANCHOR = /^#[A-Za-z][A-Za-z0-9_-]*$/;

/** A page of this site ("/incentives"), never "//host" (another site) or a scheme. */
function isSitePath(value: string): boolean {
  return value.length <= 500 && SITE_PATH.test(value);
}

export const SITE_LINK_MESSAGE =
  "Enter a page of this site starting with / (for example /submit-bill), a section of the page (#industries) or a full web address starting with https://";

/** Where a call-to-action button goes: a page of this site, a section of the page, or https. */
function isSiteLink(value: string): boolean {
  return isSitePath(value) || ANCHOR.test(value) || isHttpsUrl(value);
}

export function siteLink(label: string) {
  return z.preprocess(
    toTextOrNull,
    z
      .string()
      .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage(label) })
      .refine(isSiteLink, { message: SITE_LINK_MESSAGE })
      .nullable(),
  );
}

const IMAGE_PATH_MESSAGE = "Enter a path on this site starting with /, for example /images/hero-rooftop.svg";
const IMAGE_PATH = /^\/(?![/\\])[A-Za-z0-9._~/-]+\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

/** An image this site serves (the security policy allows images from the site itself only). */
export function imagePath(label: string) {
  return z.preprocess(
    toTextOrNull,
    z
      .string()
      .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage(label) })
      .refine((value) => value.length <= 300 && IMAGE_PATH.test(value) && !value.includes(".."), {
        message: IMAGE_PATH_MESSAGE,
      })
      .nullable(),
  );
}

const DATE_MESSAGE = "Enter a date as YYYY-MM-DD.";

/** A calendar date ("2027-12-31") between 2000 and 2100 (a typo such as 0227 is refused). */
export function isPlausibleDate(value: string): boolean {
  if (!isIsoDate(value) || value < "2000-01-01" || value > "2100-12-31") return false;
  // A real day: JavaScript reads "2027-02-30" as March 2; PostgreSQL would refuse it.
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

export function optionalDate() {
  return z.preprocess(toTextOrNull, z.string().refine(isPlausibleDate, { message: DATE_MESSAGE }).nullable());
}

export function requiredDate(required: string) {
  return z.preprocess(toTextOrNull, z.string({ error: required }).refine(isPlausibleDate, { message: DATE_MESSAGE }));
}

/** One of a fixed set of values (a select); `message` when missing or not one of them. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(toTextOrNull, z.enum(values, { error: message }));
}

/** One of a fixed set, or empty (null). */
export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(toTextOrNull, z.enum(values, { error: message }).nullable());
}

/** A whole number in a range; empty becomes `fallback`. */
export function wholeNumber(message: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  return z.preprocess(
    (value) => {
      if (typeof value === "number") return value;
      const text = toTextOrNull(value);
      return text === null ? fallback : /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
    },
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}

/** A number with decimals in a range; empty is null (when `required` is not set). */
export function decimal(
  message: string,
  { min, max, required = false }: { min: number; max: number; required?: boolean },
) {
  return z.preprocess(
    (value) => {
      if (typeof value === "number") return value;
      const text = toTextOrNull(value);
      if (text === null) return required ? Number.NaN : null;
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .nullable()
      .refine((value) => !required || value !== null, { error: message }),
  );
}

/** A checkbox: "on"/"true"/true is checked; anything else (absent) is not. */
export const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** Each list field's schema → its most items and its item's fields (read by `formShape`). */
const LIST_SHAPES = new WeakMap<z.ZodType, { max: number; fields: readonly string[] }>();

/**
 * A list of items (an industry page's benefits, FAQ…): absent is empty, at most `max` items, and
 * no two items with the same `unique` field (the page uses it to tell items apart).
 */
export function list<S extends z.ZodObject>(
  item: S,
  {
    min = 0,
    max,
    unique,
    label,
    uniqueMessage,
    minMessage,
  }: {
    min?: number;
    max: number;
    unique?: keyof z.output<S> & string;
    label: string;
    uniqueMessage?: string;
    minMessage?: string;
  },
) {
  const schema = z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : value),
    z
      .array(item, { error: `${label} could not be read.` })
      .min(min, { error: minMessage ?? `Add at least ${min} ${label.toLowerCase()}.` })
      .max(max, { error: `${label}: at most ${max} items.` })
      .superRefine(
        (items, ctx) => {
          if (!unique) return;
          const seen = new Set<string>();
          items.forEach((entry, index) => {
            const raw = entry && typeof entry === "object" ? (entry as Record<string, unknown>)[unique] : null;
            const value = typeof raw === "string" ? raw.trim().toLowerCase() : "";
            if (!value) return;
            if (seen.has(value)) {
              ctx.addIssue({
                code: "custom",
                path: [index, unique],
                message: uniqueMessage ?? `${label}: each item needs its own ${unique}.`,
              });
            }
            seen.add(value);
          });
          // Also while other fields of the items are wrong: every message at once.
        },
        { when: (payload) => Array.isArray(payload.value) },
      ),
  );
  LIST_SHAPES.set(schema, { max, fields: Object.keys(item.shape) });
  return schema;
}

/** A record form's fields: its single fields, and its lists with their most items and item fields. */
export type FormShape = {
  fields: readonly string[];
  lists: Readonly<Record<string, { max: number; fields: readonly string[] }>>;
};

/** The shape of a record schema (an object, possibly refined or piped into a transform). */
export function formShape(schema: z.ZodType): FormShape {
  const object = schema instanceof z.ZodPipe ? schema.in : schema;
  if (!(object instanceof z.ZodObject)) throw new Error("formShape: not an object schema");
  const fields: string[] = [];
  const lists: Record<string, { max: number; fields: readonly string[] }> = {};
  for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    const shape = LIST_SHAPES.get(field);
    if (shape) lists[name] = shape;
    else fields.push(name);
  }
  return { fields, lists };
}

/** A field as the editor shows it: its form name, label, input and any help or choices. */
/** `number`: whole numbers; `decimal`: a number with decimals, typed as text (no spinner steps). */
type FieldInput =
  | "text"
  | "textarea"
  | "url"
  | "date"
  | "number"
  | "decimal"
  | "select"
  | "checkbox"
  | "list"
  | "readonly";

export type FieldSpec = {
  name: string;
  label: string;
  input: FieldInput;
  required?: boolean;
  help?: string;
  maxLength?: number;
  options?: readonly { value: string; label: string }[];
  /** For `list`: the item's fields, and how many items. */
  item?: readonly FieldSpec[];
  minItems?: number;
  maxItems?: number;
};

/**
 * A zod error's path as a form field name, the way conform names nested fields:
 * ["benefits", 0, "title"] → "benefits[0].title"; an error of the whole record is "form".
 */
function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const segment of path) {
    if (typeof segment === "number") name += `[${segment}]`;
    else name += name ? `.${String(segment)}` : String(segment);
  }
  return name || "form";
}

/** The first message of each field of a failed parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path);
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * For a rule across fields: run it whenever the fields it reads are valid, even if others are
 * not, so one submission shows every message at once (zod skips such rules otherwise).
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0] ?? ""))),
  };
}
