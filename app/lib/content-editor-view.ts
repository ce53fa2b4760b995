import type { SubmissionResult } from "@conform-to/react";
import type { ContentBlockKey, ContentKind } from "./content-schemas";
import type { ToastMessage } from "./toast";

type HistoryLine = { field: string; before: string; after: string };
export type HistoryItem = {
  id: string;
  action: string;
  who: string;
  when: string;
  lines: HistoryLine[];
  current: boolean;
};

export type EditorRecordState = {
  isNew: boolean;
  hasLive: boolean;
  draft: { updatedAt: string; updatedByName: string } | null;
  retired: { at: string | null; byName: string | null } | null;
  review: { lastReviewedAt: string; lastReviewedByName: string | null } | null;
  sourceCheck: { status: "ok" | "failed" | null; checkedAt: string | null; detail: string | null } | null;
  pages: { path: string; href: string }[];
};

export type EditorView = {
  kind: ContentKind;
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
  result?: SubmissionResult<string[]>;
};

export function historyValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) {
    if (value.length === 0) return "(no items)";
    return value
      .map((item) => {
        if (item && typeof item === "object") {
          const entry = item as Record<string, unknown>;
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
