import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** The content editor's own records: each change's history and the unpublished drafts. */

/**
 * Every recorded change of a content record (decision 0011): who, when, the before and after of
 * each changed field, and the whole record after the change (what `restore` brings back).
 * `record_id` is the row's id (incentives, policy updates, industries) or its key (site content).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** incentive | policy_update | site_content | industry */
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    /** create | update | publish | retire | unretire | restore | review | seed | baseline */
    action: text("action").notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so the history still names the author after the account is gone. */
    changedByName: text("changed_by_name").notNull(),
    /** clock_timestamp(), not now(): changes made in one transaction still keep their order. */
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().default(sql`clock_timestamp()`),
    /** `{ field: { before, after } }` for each field the change touched. */
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    /** The record's values after the change. */
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("content_revisions_record_idx").on(t.kind, t.recordId, t.changedAt.desc())],
);

/**
 * Unpublished edits, one per record, shared by every editor: previewed as the public page would
 * show them, made live by publishing. A new record's draft carries the id its row will get.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedByName: text("updated_by_name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] })],
);

export type ContentRevision = typeof contentRevisions.$inferSelect;
export type ContentDraft = typeof contentDrafts.$inferSelect;
