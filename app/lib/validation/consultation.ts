import { z } from "zod";
import { consultationIndustryOptions } from "../options";
import { isValidEmail, normalizePhone, plainText, trimmedText } from "./common";

/** Spec sections 5 and 8: the two forms share rules but not wording. */
export const consultationMessages = {
  missingTitle: "Missing information",
  missingIndustryPage: "Please fill in your name and email.",
  missingConsultationPage: "Please fill out name and email fields.",
  invalidEmail: "Please enter a valid email address.",
  invalidPhone: "Please enter a valid phone number.",
} as const;

const industryValues = new Set<string>(consultationIndustryOptions.map((option) => option.value));

export const consultationSchema = z.object({
  name: plainText("Name").pipe(z.string().min(1, consultationMessages.missingTitle).max(100, "Name is too long.")),
  email: trimmedText
    .pipe(z.string().min(1, consultationMessages.missingTitle))
    .refine(isValidEmail, consultationMessages.invalidEmail),
  phone: trimmedText.transform((value, ctx) => {
    if (!value) return null;
    const phone = normalizePhone(value);
    if (!phone) ctx.addIssue({ code: "custom", message: consultationMessages.invalidPhone });
    return phone;
  }),
  industry: trimmedText.transform((value) => (industryValues.has(value) ? value : null)),
  question: plainText("Your question", { multiLine: true })
    .pipe(z.string().max(2000, "Please keep your question under 2,000 characters."))
    .transform((value) => value || null),
});

export function isMissingNameOrEmail(input: Record<string, unknown>): boolean {
  const text = (key: string) => (typeof input[key] === "string" ? (input[key] as string).trim() : "");
  return !text("name") || !text("email");
}
