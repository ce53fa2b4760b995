import { z } from "zod";
import { controlCharacterMessage, hasControlCharacters } from "./validation/common";

/** `ping` is the "Send test" button's. */
export const WEBHOOK_EVENTS = ["lead.created", "lead.status_changed", "lead.deleted"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number] | "webhook.test";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "lead.created": "New lead",
  "lead.status_changed": "Lead status changed",
  "lead.deleted": "Lead deleted (privacy request or retention)",
  "webhook.test": "Test",
};

export const WEBHOOK_DELIVERY_LABELS: Record<string, string> = {
  pending: "Waiting to retry",
  delivered: "Delivered",
  failed: "Failed",
};

/** https, or http to this machine: anything else sends lead data in clear. */
export function isAllowedWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export const webhookSchema = z.object({
  url: z
    .string({ error: "Enter the address to post to." })
    .trim()
    .max(2000, "Keep the address under 2,000 characters.")
    .refine(isAllowedWebhookUrl, "Use an https:// address (http:// only for localhost)."),
  description: z
    .string()
    .trim()
    .max(200, "Keep the description under 200 characters.")
    .refine((value) => !hasControlCharacters(value), controlCharacterMessage("The description"))
    .optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS), { error: "Choose at least one event." }).min(1, "Choose at least one event."),
});
export type WebhookInput = z.infer<typeof webhookSchema>;
