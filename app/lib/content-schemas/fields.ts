import { z } from "zod";
import { isIsoDate } from "../dates";
import { controlCharacterMessage, hasControlCharacters } from "../validation/common";

// Text stays as typed apart from surrounding spaces: public pages render it as text, never HTML.

/** Absent, null and blank become null; numbers are kept as their text. */
export function toTextOrNull(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

const tooLong = (label: string, max: number) =>
  `${label} is too long (at most ${max.toLocaleString("en-US")} characters).`;

type TextOptions = { max: number; multiLine?: boolean };

export function requiredText(label: string, required: string, { max, multiLine = false }: TextOptions) {
  return z.preprocess(
    toTextOrNull,
    z
      .string({ error: required })
      .refine((value) => !hasControlCharacters(value, multiLine), { message: controlCharacterMessage(label) })
      .refine((value) => value.length <= max, { message: tooLong(label, max) }),
  );
}

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

/** Host with a dot, no credentials, no spaces; every scheme but https is refused. */
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

export function isSpecificPage(value: string): boolean {
  try {
    const url = new URL(value);
    return url.pathname.replace(/\/+$/, "") !== "" || url.search !== "";
  } catch {
    return false;
  }
}

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

/** Never "//host" (another site) or a scheme. */
function isSitePath(value: string): boolean {
  return value.length <= 500 && SITE_PATH.test(value);
}

export const SITE_LINK_MESSAGE =
  "Enter a page of this site starting with / (for example /submit-bill), a section of the page (#industries) or a full web address starting with https://";

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

/** The security policy allows images from the site itself only. */
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

/** Between 2000 and 2100: a typo such as 0227 is refused. */
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

export function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(toTextOrNull, z.enum(values, { error: message }));
}

export function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(toTextOrNull, z.enum(values, { error: message }).nullable());
}

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

export const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const LIST_SHAPES = new WeakMap<z.ZodType, { max: number; fields: readonly string[] }>();

/** Absent is empty; no two items share the `unique` field (the page tells items apart by it). */
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

export type FormShape = {
  fields: readonly string[];
  lists: Readonly<Record<string, { max: number; fields: readonly string[] }>>;
};

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

/** `decimal` is typed as text (no spinner steps). */
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
  item?: readonly FieldSpec[];
  minItems?: number;
  maxItems?: number;
};

/** As conform names nested fields: "benefits[0].title"; the whole record's error is "form". */
function fieldName(path: readonly PropertyKey[]): string {
  let name = "";
  for (const segment of path) {
    if (typeof segment === "number") name += `[${segment}]`;
    else name += name ? `.${String(segment)}` : String(segment);
  }
  return name || "form";
}

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = fieldName(issue.path);
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Runs a cross-field rule once its fields are valid, even if others are not (zod skips it otherwise). */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      payload.issues.every((issue) => !fields.includes(String(issue.path?.[0] ?? ""))),
  };
}
