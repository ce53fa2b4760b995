import { z } from "zod";

export const privacyLookupSchema = z.object({
  email: z
    .string({ error: "Enter an e-mail address." })
    .trim()
    .max(320, "That address is too long.")
    .pipe(z.email({ error: "Enter an e-mail address." })),
});

export const PERSONAL_DATA_LABELS: Record<string, string> = {
  leads: "Leads (consultation, guide, estimate)",
  billSubmissions: "Bill submissions",
  billFiles: "Bill files",
  notes: "Staff notes",
  timeline: "Timeline lines",
  emails: "E-mails (with what they said)",
  webhookDeliveries: "Webhook deliveries",
  unsubscribes: "Unsubscribe record",
  blocks: "Block of this address",
  auditEvents: "Audit entries naming the address",
  pageViews: "Page views whose address holds it",
  rateLimits: "Mail allowance counters",
  mentions: "Other people's records naming the address (they stay; the address is replaced)",
};

export const confirmsAddress = (email: string, typed: unknown): boolean =>
  typeof typed === "string" && typed.trim().toLowerCase() === email.trim().toLowerCase();
