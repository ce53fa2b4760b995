/**
 * The `tel:` link of a phone number as typed ("(602) 555-2143" → "tel:+16025552143"): a US number
 * of 10 digits gets its country code. Kept free of zod: the root layout's footer uses it, and a
 * schema built there would probe `new Function` under the script policy (app/client/zod-without-eval.ts).
 */
/** A phone as staff read it: a US number as (415) 210-1078; anything else as typed. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const us = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (us.length !== 10) return phone;
  return `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}`;
}

export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
