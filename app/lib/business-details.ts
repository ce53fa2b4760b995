import { z } from "zod";
import { isHttpsUrl, isSpecificPage, requiredText, toTextOrNull } from "./content-schemas/fields";
import { controlCharacterMessage, hasControlCharacters, isValidEmail, normalizePhone } from "./validation/common";

/** The built-in values are placeholders: production warns at start and /readyz reports them. */
export const BUSINESS_FIELDS = [
  "email",
  "phone",
  "address",
  "bookingUrl",
  "marketplaceDisclosure",
  "replyHours",
] as const;
export type BusinessField = (typeof BUSINESS_FIELDS)[number];

export const businessMessages = {
  email: "Enter the e-mail address visitors should write to.",
  phone: "Enter a phone number of 10 to 14 digits.",
  address: "Enter the business address.",
  bookingUrl: "Enter the booking page's full address, starting with https://",
  marketplaceDisclosure: "Enter the marketplace disclosure.",
  replyHours: "Enter a whole number of hours from 1 to 168, or leave it empty to promise no reply time.",
} as const;

export const businessDetailsSchema = z.object({
  email: z.preprocess(
    toTextOrNull,
    z.string({ error: businessMessages.email }).refine(isValidEmail, { message: businessMessages.email }),
  ),
  phone: z.preprocess(
    toTextOrNull,
    z
      .string({ error: businessMessages.phone })
      .max(30, { message: businessMessages.phone })
      .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("Phone") })
      .refine((value) => normalizePhone(value) !== null, { message: businessMessages.phone }),
  ),
  address: requiredText("Address", businessMessages.address, { max: 200 }),
  bookingUrl: z.preprocess(
    toTextOrNull,
    z
      .string({ error: businessMessages.bookingUrl })
      .refine((value) => isHttpsUrl(value) && isSpecificPage(value), { message: businessMessages.bookingUrl }),
  ),
  marketplaceDisclosure: requiredText("Marketplace disclosure", businessMessages.marketplaceDisclosure, {
    max: 600,
    multiLine: true,
  }),
  /** Empty: no reply time is promised anywhere. */
  replyHours: z.preprocess(
    (value) =>
      value === undefined || value === null || String(value).trim() === "" ? null : Number(String(value).trim()),
    z
      .number({ error: businessMessages.replyHours })
      .int(businessMessages.replyHours)
      .min(1, businessMessages.replyHours)
      .max(168, businessMessages.replyHours)
      .nullable(),
  ),
});

export type BusinessDetails = z.output<typeof businessDetailsSchema>;

export const BUSINESS_FIELD_LABELS: Record<BusinessField, string> = {
  email: "Contact e-mail",
  phone: "Phone",
  address: "Address",
  bookingUrl: "Booking page",
  marketplaceDisclosure: "Marketplace disclosure",
  replyHours: "Reply time promised (hours)",
};

/** example.com/.test, area code 555 or 555-01xx (kept for fiction), "Anytown", a booking home page. */
export function placeholderFields(details: BusinessDetails): BusinessField[] {
  const found: BusinessField[] = [];
  if (/@(example\.(com|org|net)|[^@]+\.test)$/i.test(details.email)) found.push("email");
  const digits = (normalizePhone(details.phone) ?? "").replace(/^\+?1?(?=\d{10}$)/, "");
  if (/^555\d{7}$|^\d{3}55501\d{2}$/.test(digits)) found.push("phone");
  if (/\banytown\b/i.test(details.address)) found.push("address");
  if (!isSpecificPage(details.bookingUrl)) found.push("bookingUrl");
  return found;
}
