/** {{signature}} falls back to the staff member's display name. */
export const LEAD_EMAIL_TEMPLATES = [
  {
    id: "first-reply",
    label: "First reply",
    subject: "Your solar questions for {{business}}",
    body: [
      "Hello {{name}},",
      "",
      "Thank you for reaching out to {{firm}}. I will be your advisor: I have read what you sent and would like to set up a short call to understand your building, your electric bills and your goals.",
      "",
      "What day and time suit you this week?",
      "",
      "Best regards,",
      "{{signature}}",
    ].join("\n"),
  },
  {
    id: "bill-received",
    label: "Bill received",
    subject: "We received your electric bill",
    body: [
      "Hello {{name}},",
      "",
      "Thank you for sending the electric bill for {{business}}. I am reviewing your usage and rate now and will come back to you with a first estimate of what solar could save, and the incentives that apply.",
      "",
      "If you have the last twelve months of bills, sending them helps make the estimate more precise.",
      "",
      "Best regards,",
      "{{signature}}",
    ].join("\n"),
  },
  {
    id: "follow-up",
    label: "Follow-up",
    subject: "Following up on solar for {{business}}",
    body: [
      "Hello {{name}},",
      "",
      "I wanted to follow up on our conversation about solar for {{business}}. Do you have any questions I can answer, or would a short call help you decide on next steps?",
      "",
      "Best regards,",
      "{{signature}}",
    ].join("\n"),
  },
] as const;

export type LeadEmailTemplateId = (typeof LEAD_EMAIL_TEMPLATES)[number]["id"];
