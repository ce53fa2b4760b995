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
