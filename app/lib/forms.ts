import type { ToastMessage } from "./toast";

/**
 * Field names the public forms, the page script and the server's form handling share.
 * The honeypot: people never see it, bots fill it; its name means nothing to autofill.
 */
export const HONEYPOT_FIELD = "hp_zx7";

/** Landing-page attribution; app/client/enhance/ fills empty ones from the first page seen. */
export const ATTRIBUTION_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referrer",
] as const;

/**
 * What a public form's action answers when it refuses a post: the page renders again with field
 * errors, a toast and the values typed (data is kept).
 */
export type LeadFormState = {
  form: string;
  toast: ToastMessage;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
};

/** The state of one form, when the action's answer is for it (a page can carry two forms). */
export function stateFor(form: string, actionData: object | null | undefined): LeadFormState | undefined {
  return actionData && "form" in actionData && actionData.form === form ? (actionData as LeadFormState) : undefined;
}
