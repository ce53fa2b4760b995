import { and, eq } from "drizzle-orm";
import { type ContentKind, isContentKind, validateContent } from "~/lib/content-schemas";
import { today as siteToday } from "../clock.server";
import type { AppDatabase } from "../db/client.server";
import {
  contentDrafts,
  type Incentive,
  type IndustryRecord,
  type PolicyUpdate,
  type SiteContentBlock,
} from "../db/schema";
import { isRecordId, KINDS, newSlug, type Row, readRow } from "./records.server";

export type ContentPreview =
  | { kind: "incentive"; id: string; row: Incentive }
  | { kind: "policy_update"; id: string; row: PolicyUpdate }
  | { kind: "industry"; id: string; row: IndustryRecord }
  | { kind: "site_content"; id: string; row: SiteContentBlock };

/** Only a signed-in editor's request may use it: the loader checks the role before `previewOverlay`. */
export function previewTarget(url: URL): { kind: ContentKind; id: string } | null {
  const value = url.searchParams.get("preview");
  const match = value ? /^([a-z_]+):(.+)$/.exec(value) : null;
  if (!match) return null;
  const [, kind, id] = match;
  if (!isContentKind(kind) || !id || !isRecordId(kind, id)) return null;
  return { kind, id };
}

export type PreviewOption = { preview?: ContentPreview | null };

class PreviewDone<T> extends Error {
  constructor(readonly result: T) {
    super("preview done");
  }
}

/**
 * Writes the preview row in a rolled-back transaction, so the public query sees the draft exactly where
 * it would be live (filters, order, dates decided in SQL) and nothing is ever stored.
 */
export async function withPreview<T>(
  db: AppDatabase,
  preview: ContentPreview | null | undefined,
  kinds: readonly ContentKind[],
  read: (db: AppDatabase) => Promise<T>,
): Promise<T> {
  if (!preview || !kinds.includes(preview.kind)) return read(db);
  try {
    await db.transaction(async (tx) => {
      const scoped = tx as unknown as AppDatabase;
      await writePreviewRow(scoped, preview);
      throw new PreviewDone(await read(scoped));
    });
  } catch (error) {
    if (error instanceof PreviewDone) return error.result as T;
    throw error;
  }
  throw new Error("A preview transaction ended without a result");
}

async function writePreviewRow(tx: AppDatabase, preview: ContentPreview): Promise<void> {
  const meta = KINDS[preview.kind];
  await tx
    .insert(meta.table)
    .values(preview.row as never)
    .onConflictDoUpdate({ target: meta.idColumn, set: preview.row as never });
}

export function previewSlug(title: unknown, id: string): string {
  return `preview-${newSlug(String(title ?? ""), id)}`;
}

/** The draft is written in a rolled-back transaction, so column defaults are the database's own. */
export async function previewOverlay(
  db: AppDatabase,
  kind: ContentKind,
  id: string,
  options: { today?: string } = {},
): Promise<ContentPreview | null> {
  if (!isRecordId(kind, id)) return null;
  const meta = KINDS[kind];
  const [live, [draft]] = await Promise.all([
    readRow(db, kind, id),
    db
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.recordId, id)))
      .limit(1),
  ]);
  if (!draft) return live ? ({ kind, id, row: live } as ContentPreview) : null;
  const checked = validateContent(kind, kind === "site_content" ? { ...draft.values, key: id } : draft.values);
  const values = checked.ok ? (checked.values as Row) : draft.values;
  const editable = Object.fromEntries(meta.editable.map((field) => [field, values[field] ?? null]));
  if (live) return { kind, id, row: { ...live, ...editable } } as ContentPreview;
  const identity = kind === "site_content" ? { key: id } : { id, slug: previewSlug(editable.title, id) };
  const review = meta.reviewed ? { lastReviewedAt: options.today ?? siteToday() } : {};
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(meta.table)
        .values({ ...editable, ...identity, ...review } as never)
        .returning();
      throw new PreviewDone(row);
    });
  } catch (error) {
    if (error instanceof PreviewDone) return { kind, id, row: error.result } as ContentPreview;
    throw error;
  }
  return null;
}
