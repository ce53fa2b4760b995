import { formatAdminDay, isLeadStatus, LEAD_STATUS_LABELS } from "./lead-workspace";

export const ACTIVITY_KINDS = ["call", "email", "meeting", "note"] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  call: "Call",
  email: "E-mail",
  meeting: "Meeting",
  note: "Note",
};

export const ACTIVITY_OUTCOMES = {
  call: { connected: "Connected", voicemail: "Left a voicemail", "no-answer": "No answer" },
  email: { sent: "Sent", replied: "Replied" },
  meeting: { held: "Held", "no-show": "No-show", rescheduled: "Rescheduled" },
  note: {},
} as const satisfies Record<ActivityKind, Record<string, string>>;
export const ALL_OUTCOMES = [
  "connected",
  "voicemail",
  "no-answer",
  "sent",
  "replied",
  "held",
  "no-show",
  "rescheduled",
] as const;

export const isActivityKind = (value: unknown): value is ActivityKind =>
  (ACTIVITY_KINDS as readonly unknown[]).includes(value);

export function outcomeLabel(kind: ActivityKind, outcome: string | null | undefined): string | null {
  if (!outcome) return null;
  return (ACTIVITY_OUTCOMES[kind] as Record<string, string>)[outcome] ?? null;
}

/** Kept, done (cleared), moved some days on, or set to a day. */
export const NEXT_STEP_CHOICES = [
  { value: "keep", label: "Keep as it is" },
  { value: "done", label: "Done (clear it)" },
  { value: "1", label: "Tomorrow" },
  { value: "3", label: "In 3 days" },
  { value: "7", label: "Next week" },
  { value: "date", label: "On a day" },
] as const;

/** Kept with the activity so the timeline shows one entry. */
export type ActivityChanges = {
  statusFrom?: string;
  statusTo?: string;
  nextOn?: string;
  nextTask?: string | null;
  nextDone?: "yes";
};

export function activityHeadline(kind: string, outcome: string | null): string {
  if (!isActivityKind(kind)) return "Note";
  const label = outcomeLabel(kind, outcome);
  return label ? `${ACTIVITY_KIND_LABELS[kind]}: ${label}` : ACTIVITY_KIND_LABELS[kind];
}

export function activityDetail(body: string, changes: ActivityChanges): string | null {
  const status = (value: string | undefined) => (isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : value);
  const lines = [
    body,
    changes.statusTo ? `Status: ${status(changes.statusFrom)} → ${status(changes.statusTo)}` : "",
    changes.nextOn
      ? `Next step: ${formatAdminDay(changes.nextOn)}${changes.nextTask ? ` · ${changes.nextTask}` : ""}`
      : "",
    changes.nextDone ? "Next step done" : "",
  ].filter(Boolean);
  return lines.length ? lines.join("\n") : null;
}
