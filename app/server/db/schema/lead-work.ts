import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { ActivityChanges } from "~/lib/lead-activity";
import { user } from "./auth";

export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id").notNull(),
    type: text("type").notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so the timeline still names who after the account is gone. */
    actorName: text("actor_name").notNull(),
    details: jsonb("details").$type<Record<string, string | null>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("lead_events_lead_idx").on(t.leadId, t.at)],
);

export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id").notNull(),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** Kept as written, so a note still says who wrote it after the account is gone. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull().default("note"),
    outcome: text("outcome"),
    changes: jsonb("changes").$type<ActivityChanges>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("lead_notes_lead_id_idx").on(t.leadId, t.createdAt)],
);

export const leadRotation = pgTable("lead_rotation", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true, mode: "date" }),
});

export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_views_user_name_idx").on(t.userId, t.name),
    uniqueIndex("saved_views_user_default_idx").on(t.userId).where(sql`is_default`),
  ],
);

export const followUpDigests = pgTable(
  "follow_up_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    leads: integer("leads").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
