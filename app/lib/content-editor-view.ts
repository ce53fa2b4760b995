import type { SubmissionResult } from "@conform-to/react";
import type { ContentBlockKey, ContentKind } from "./content-schemas";
import type { ToastMessage } from "./toast";

/** The content editor's page data (loader → page), and its actions' answer. */

/** One recorded change as the editor shows it: who, when, and each field's before → after. */
type HistoryLine = { field: string; before: string; after: string };
export type HistoryItem = {
  id: string;
  action: string;
  who: string;
  when: string;
  lines: HistoryLine[];
  /** The newest entry is the current version: nothing to restore. */
  current: boolean;
};

export type EditorRecordState = {
  isNew: boolean;
  hasLive: boolean;
  draft: { updatedAt: string; updatedByName: string } | null;
  retired: { at: string | null; byName: string | null } | null;
  review: { lastReviewedAt: string; lastReviewedByName: string | null } | null;
  sourceCheck: { status: "ok" | "failed" | null; checkedAt: string | null; detail: string | null } | null;
  /** The public pages that show it, each with the address that previews the draft on the record. */
  pages: { path: string; href: string }[];
};

export type EditorView = {
  kind: ContentKind;
  /** null: a new record, not saved yet. */
  id: string | null;
  title: string;
  record: EditorRecordState | null;
  values: Record<string, unknown>;
  history: HistoryItem[];
  /** Changes whenever the stored values do: the form starts again from them. */
  version: string;
  blockKey: ContentBlockKey | null;
};

export type EditorActionData = {
  ok: boolean;
  toast?: ToastMessage;
  /** The form's answer (conform): field errors in place, the values as sent. */
  result?: SubmissionResult<string[]>;
};

/** A history value as a line of text ("(empty)", a list as its items' titles). */
export function historyValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(no items)";
    return value
      .map((item) => {
        if (item && typeof item === "object") {
          const entry = item as Record<string, unknown>;
          // A source by its page (the address says which; the editor shows what it proves).
          return String(entry.title ?? entry.question ?? entry.text ?? entry.url ?? JSON.stringify(entry));
        }
        return String(item);
      })
      .join("; ");
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
