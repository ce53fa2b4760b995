import { type EditorView, type HistoryItem, historyValueText } from "~/lib/content-editor-view";
import { KIND_TITLES } from "~/lib/content-kinds";
import { previewPages } from "~/lib/content-preview";
import { CONTENT_BLOCKS, type ContentKind, fieldLabel, isContentBlockKey, solarDataTitle } from "~/lib/content-schemas";
import { formatAdminDate } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { history, readForEditor } from "./editor.server";
import { previewSlug } from "./preview.server";

const NEW_DEFAULTS: Partial<Record<ContentKind, Record<string, unknown>>> = {
  incentive: { priority: 100 },
};

/** Who reviewed or retired is the entry's own "by". */
const HIDDEN_HISTORY_FIELDS = new Set(["lastReviewedBy", "retiredBy"]);

export function newRecordView(kind: ContentKind): EditorView {
  return {
    kind,
    id: null,
    title: `New ${KIND_TITLES[kind].one.toLowerCase()}`,
    record: null,
    values: NEW_DEFAULTS[kind] ?? {},
    history: [],
    version: "new",
    blockKey: null,
  };
}

export async function recordView(
  db: AppDatabase,
  kind: ContentKind,
  id: string,
  timeZone: string,
): Promise<EditorView | null> {
  const record = await readForEditor(db, kind, id);
  if (!record) return null;
  const entries = await history(db, kind, id);
  const when = (iso: string) =>
    `${formatAdminDate(iso, timeZone)} ${new Date(iso).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit", second: "2-digit" })}`;
  const items: HistoryItem[] = entries.map((entry, index) => ({
    id: entry.id,
    action: entry.action,
    who: entry.changedByName,
    when: when(entry.changedAt),
    current: index === 0,
    lines: Object.entries(entry.changes)
      .filter(([field]) => !HIDDEN_HISTORY_FIELDS.has(field))
      .map(([field, change]) => ({
        field: fieldLabel(kind, field),
        before: historyValueText(change.before),
        after: historyValueText(change.after),
      })),
  }));
  const blockKey = kind === "site_content" && isContentBlockKey(id) ? id : null;
  const name = blockKey
    ? CONTENT_BLOCKS[blockKey].label
    : kind === "solar_data"
      ? solarDataTitle(id)
      : String(record.values.title ?? record.live?.title ?? "");
  return {
    kind,
    id,
    title: name || `Untitled ${KIND_TITLES[kind].one.toLowerCase()}`,
    record: {
      isNew: record.isNew,
      hasLive: Boolean(record.live),
      draft: record.draft
        ? { updatedAt: formatAdminDate(record.draft.updatedAt, timeZone), updatedByName: record.draft.updatedByName }
        : null,
      retired: record.retired,
      review: record.review,
      sourceCheck: record.sourceCheck,
      pages: previewPages(kind, id, {
        ...(record.live ?? {}),
        ...record.values,
        key: id,
        slug: record.slug ?? previewSlug(record.values.title, id),
      }),
    },
    // The address is shown (read-only) with the fields; it never changes.
    values: { ...(record.values as Record<string, unknown>), ...(record.slug ? { slug: record.slug } : {}) },
    history: items,
    version: `${entries[0]?.id ?? ""}|${record.draft?.updatedAt ?? ""}|${record.retired ? "r" : ""}`,
    blockKey,
  };
}
