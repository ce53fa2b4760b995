import { z } from "zod";

/** Spec, guide form: trimmed and stripped of < > ' " before any rule. */
export function sanitize(value: string | undefined): string {
  // Trimmed after stripping too: "Jo <" must not keep a trailing space.
  return (value ?? "").replace(/[<>'"]/g, "").trim();
}

export const EMAIL_MAX = 254;
/** RFC 5322 dot-atom with the apostrophe (sean.o'brien@): browsers accept it, so must we. */
const LOCAL_PART = /^[A-Za-z0-9_%+'-]+(?:\.[A-Za-z0-9_%+'-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Deliverable addresses only: `a@b..co`, `.a@-b.co` and over-long parts are refused (254 max: SMTP). */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.lastIndexOf("@");
  if (at < 1 || value.indexOf("@") !== at) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  if (domain.length > 253) return false;
  const labels = domain.split(".");
  const tld = labels[labels.length - 1] ?? "";
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && /^[A-Za-z]{2,63}$/.test(tld);
}

/** C0/C1 controls (NUL makes PostgreSQL refuse the row), DEL, line separators and bidi overrides. */
function isControl(code: number, multiLine: boolean): boolean {
  if (code <= 0x1f) return !(multiLine && (code === 0x09 || code === 0x0a || code === 0x0d));
  return (
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function hasControlCharacters(value: string, multiLine = false): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i), multiLine)) return true;
  return false;
}

export function withoutControlCharacters(value: string): string {
  if (!hasControlCharacters(value)) return value;
  let clean = "";
  for (let i = 0; i < value.length; i++) if (!isControl(value.charCodeAt(i), false)) clean += value[i];
  return clean;
}

export const controlCharacterMessage = (label: string) =>
  `${label} contains characters that are not allowed. Please retype it.`;

/** Spec: non-digits stripped; 10 to 14 digits, optionally after a plus sign. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 10 || digits.length > 14) return null;
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validated<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

export function errorList<K extends string>(errors: FieldErrors<K>, order: readonly K[]): string[] {
  return order.flatMap((key) => (errors[key] ? [errors[key] as string] : []));
}

export const trimmedText = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());
export const sanitizedText = z.preprocess((value) => sanitize(typeof value === "string" ? value : ""), z.string());

/** Refuses control characters first, with its own message: a NUL would lose the lead with a 500. */
export const plainText = (label: string, options: { multiLine?: boolean; sanitized?: boolean } = {}) =>
  (options.sanitized ? sanitizedText : trimmedText).refine((value) => !hasControlCharacters(value, options.multiLine), {
    message: controlCharacterMessage(label),
    abort: true,
  });

export function validateWith<S extends z.ZodType, K extends string>(
  schema: S,
  input: Record<string, unknown>,
): Validated<z.output<S>, K> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form") as K;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

export function formDataToObject(formData: FormData): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of formData) if (!(key in object)) object[key] = value;
  return object;
}
