import { z } from "zod";
import { LEAD_EMAIL_TEMPLATES } from "~/content/lead-email-templates";
import { controlCharacterMessage, hasControlCharacters } from "./validation/common";

export type TemplateValues = { name: string; business: string; me: string; signature: string; firm: string };

export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{\{(name|business|me|signature|firm)\}\}/g, (_whole, key: keyof TemplateValues) => values[key]);
}

/** {{signature}} falls back to the display name ({{me}}). */
export function writerValues(name: string, signature: string | null): Pick<TemplateValues, "me" | "signature"> {
  return { me: name, signature: signature || name };
}

/** The address stays the site's. */
export const senderName = (staffName: string, firm: string) => `${staffName} at ${firm}`;

export type LeadEmailTemplate = {
  id: string;
  label: string;
  subject: string;
  body: string;
  edited: { by: string; at: string } | null;
};

export function filledTemplate(
  id: string | null,
  values: TemplateValues,
  templates: readonly Pick<LeadEmailTemplate, "id" | "subject" | "body">[] = LEAD_EMAIL_TEMPLATES,
) {
  const template = templates.find((candidate) => candidate.id === id);
  if (!template) return null;
  return {
    id: template.id,
    subject: fillTemplate(template.subject, values),
    body: fillTemplate(template.body, values),
  };
}

export const LEAD_EMAIL_BODY_MAX = 5000;

export const leadEmailSchema = z.object({
  subject: z
    .string({ error: "Write a subject." })
    .trim()
    .refine((value) => !hasControlCharacters(value), { message: controlCharacterMessage("The subject"), abort: true })
    .min(1, "Write a subject.")
    .max(200, "Keep the subject under 200 characters."),
  body: z
    .string({ error: "Write the message." })
    .trim()
    .refine((value) => !hasControlCharacters(value, true), {
      message: controlCharacterMessage("The message"),
      abort: true,
    })
    .min(1, "Write the message.")
    .max(LEAD_EMAIL_BODY_MAX, `Keep the message under ${LEAD_EMAIL_BODY_MAX.toLocaleString("en-US")} characters.`),
  again: z.literal("1").optional(),
});

/** The same subject to the same lead within these minutes asks before it goes. */
export const SECOND_SEND_MINUTES = 10;
