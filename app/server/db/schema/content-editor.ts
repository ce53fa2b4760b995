import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    action: text("action").notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so the history still names the author after the account is gone. */
    changedByName: text("changed_by_name").notNull(),
    /** clock_timestamp(), not now(): changes made in one transaction still keep their order. */
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull().default(sql`clock_timestamp()`),
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("content_revisions_record_idx").on(t.kind, t.recordId, t.changedAt.desc())],
);

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
