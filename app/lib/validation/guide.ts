import { z } from "zod";
import { guideIndustryOptions, guideStateOptions, solarReadinessOptions } from "../options";
import { isValidEmail, plainText, sanitize, sanitizedText } from "./common";

export const guideMessages = {
  name: "Name must be between 2 and 50 characters.",
  email: "Please enter a valid email address.",
  industryType: "Please select an industry type.",
  errorsTitle: "Please correct the following errors:",
} as const;

const industries = new Set<string>(guideIndustryOptions.map((option) => option.value));
const stateNames = new Set<string>(guideStateOptions.map((option) => option.value));
const readiness = new Set<string>(solarReadinessOptions.map((option) => option.value));

export const guideSchema = z.object({
  name: plainText("Name", { sanitized: true }).pipe(z.string().min(2, guideMessages.name).max(50, guideMessages.name)),
  // Stripping a quote from an address could reach another mailbox: such an address is refused.
  email: z
    .preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string())
    .refine((value) => value === sanitize(value) && isValidEmail(value), guideMessages.email),
  industryType: sanitizedText.refine((value) => industries.has(value), guideMessages.industryType),
  state: sanitizedText.transform((value) => (stateNames.has(value.toLowerCase()) ? value.toLowerCase() : null)),
  solarReadiness: sanitizedText.transform((value) => (readiness.has(value) ? value : null)),
});

export const guideFields = ["name", "email", "industryType", "state", "solarReadiness"] as const;
