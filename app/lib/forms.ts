import type { ToastMessage } from "./toast";

/** Bots fill it, people never see it; its name means nothing to autofill. */
export const HONEYPOT_FIELD = "hp_zx7";

export const ATTRIBUTION_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referrer",
] as const;

export type LeadFormState = {
  form: string;
  toast: ToastMessage;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
};

export function stateFor(form: string, actionData: object | null | undefined): LeadFormState | undefined {
  return actionData && "form" in actionData && actionData.form === form ? (actionData as LeadFormState) : undefined;
}
