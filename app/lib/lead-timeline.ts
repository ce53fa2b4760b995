import { type ActivityChanges, activityDetail, activityHeadline } from "./lead-activity";
import { formatAdminDay, isLeadKind, isLeadStatus, LEAD_KIND_LABELS, LEAD_STATUS_LABELS } from "./lead-workspace";

/** `who` null: the visitor or the system. */
export type TimelineEntry = { key: string; at: string; who: string | null; what: string; detail: string | null };

type Inputs = {
  submittedAt: string;
  kindLabel: string;
  hasEstimate: boolean;
  /** Decision 0028. */
  merged?: { kind: string; name: string; submittedAt: string; hasEstimate: boolean }[];
  events: { type: string; actorName: string; details: Record<string, string | null>; at: string }[];
  notes: {
    authorName: string;
    body: string;
    createdAt: string;
    kind?: string;
    outcome?: string | null;
    changes?: ActivityChanges;
  }[];
  mail: {
    subject: string;
    toAddress: string;
    status: string;
    createdAt: string;
    sentAt: string | null;
    sentBy?: string | null;
  }[];
};

const statusLabel = (value: string | null | undefined) =>
  isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : (value ?? "?");

function eventEntry(event: Inputs["events"][number], index: number): TimelineEntry {
  const { details } = event;
  const base = { key: `event-${index}`, at: event.at, who: event.actorName, detail: null };
  if (event.type === "status")
    return { ...base, what: `Status: ${statusLabel(details.from)} → ${statusLabel(details.to)}` };
  if (event.type === "owner") return { ...base, what: details.to ? `Owner: ${details.to}` : "Unassigned" };
  if (event.type === "next-step") {
    if (!details.on) return { ...base, what: "Next step cleared" };
    return { ...base, what: `Next step: ${formatAdminDay(details.on)}`, detail: details.task ?? null };
  }
  if (event.type === "file") return { ...base, what: "Bill file opened" };
  if (event.type === "spam") return { ...base, what: "Marked as spam" };
  if (event.type === "not-spam") return { ...base, what: "Marked not spam" };
  const other = `${details.name || "another lead"}${isLeadKind(details.kind) ? ` (${LEAD_KIND_LABELS[details.kind]})` : ""}`;
  if (event.type === "merge") return { ...base, what: `Merged here: ${other}` };
  if (event.type === "merged-into") return { ...base, what: `Merged into ${other}` };
  if (event.type === "separate") return { ...base, what: `Separated again: ${other}` };
  if (event.type === "separated") return { ...base, what: `Separated from ${other}` };
  return { ...base, what: event.type };
}

export function leadTimeline(input: Inputs): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { key: "submitted", at: input.submittedAt, who: null, what: `Submitted: ${input.kindLabel}`, detail: null },
    ...(input.hasEstimate
      ? [{ key: "estimate", at: input.submittedAt, who: null, what: "Calculator estimate attached", detail: null }]
      : []),
    ...(input.merged ?? []).flatMap((lead, index) => [
      {
        key: `merged-${index}`,
        at: lead.submittedAt,
        who: null,
        what: `Submitted: ${isLeadKind(lead.kind) ? LEAD_KIND_LABELS[lead.kind] : lead.kind} (merged here)`,
        detail: lead.name,
      },
      ...(lead.hasEstimate
        ? [
            {
              key: `merged-estimate-${index}`,
              at: lead.submittedAt,
              who: null,
              what: "Calculator estimate attached",
              detail: lead.name,
            },
          ]
        : []),
    ]),
    ...input.events.map(eventEntry),
    ...input.notes.map((note, index) => ({
      key: `note-${index}`,
      at: note.createdAt,
      who: note.authorName,
      what: activityHeadline(note.kind ?? "note", note.outcome ?? null),
      detail: activityDetail(note.body, note.changes ?? {}),
    })),
    ...input.mail.map((mail, index) => ({
      key: `mail-${index}`,
      at: mail.sentAt ?? mail.createdAt,
      who: mail.sentBy ?? null,
      what: `E-mail ${mail.status === "sent" ? "sent" : mail.status}: ${mail.subject}`,
      detail: `To ${mail.toAddress}`,
    })),
  ];
  // Entries of one instant keep the order above reversed (the submission last).
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.at.localeCompare(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);
  return collapseRepeats(sorted);
}

/** The same change by the same person in a row (a bulk action run twice): one line. */
function collapseRepeats(entries: TimelineEntry[]): TimelineEntry[] {
  const out: (TimelineEntry & { times: number })[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    const repeat = last && last.what === entry.what && last.who === entry.who && last.detail === entry.detail;
    if (repeat && entry.key.startsWith("event-")) last.times++;
    else out.push({ ...entry, times: 1 });
  }
  return out.map(({ times, ...entry }) => (times > 1 ? { ...entry, what: `${entry.what} (${times} times)` } : entry));
}
