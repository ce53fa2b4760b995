/**
 * The `tel:` link of a phone number as typed ("(602) 555-2143" → "tel:+16025552143"): a US number
 * of 10 digits gets its country code. Kept free of zod: the root layout's footer uses it, and a
 * schema built there would probe `new Function` under the script policy (app/client/zod-without-eval.ts).
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
