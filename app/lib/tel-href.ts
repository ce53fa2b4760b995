// Free of zod: the footer uses it, and a zod schema there trips the CSP (zod-without-eval.ts).
/** A US number as (415) 210-1078; anything else as typed. */
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
