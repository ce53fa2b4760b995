import { z } from "zod";

/** A form field as it arrives: a string, or absent. Everything else is treated as absent. */
export const formString = z.preprocess(
  (value) => (typeof value === "string" ? value : undefined),
  z.string().optional(),
);

/** Spec, guide form: trimmed and stripped of < > ' " before any rule applies. */
export function sanitize(value: string | undefined): string {
  return (value ?? "").trim().replace(/[<>'"]/g, "");
}

export const EMAIL_MAX = 255;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** Spec: non-digits stripped; 10 to 14 digits, optionally beginning with a plus sign. */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length < 10 || digits.length > 14) return null;
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validated<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/** The messages of a failed validation, in field order, for the summary / toast. */
export function errorList<K extends string>(errors: FieldErrors<K>, order: readonly K[]): string[] {
  return order.flatMap((key) => (errors[key] ? [errors[key] as string] : []));
}

/** A text field: absent becomes "", then trimmed (and, where the spec says so, sanitised). */
export const trimmedText = z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string());
export const sanitizedText = z.preprocess((value) => sanitize(typeof value === "string" ? value : ""), z.string());

/** Runs a schema over submitted fields; on failure, the first message of each field. */
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
