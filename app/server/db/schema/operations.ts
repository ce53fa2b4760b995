import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

/** Append-only (decision 0018), by trigger; no foreign key: the history outlives the account. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    subject: text("subject"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    address: text("address"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_events_action_at_idx").on(t.action, t.at.desc(), t.id.desc()),
  ],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedByName: text("updated_by_name").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const seedState = pgTable("seed_state", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type AuditEventRow = typeof auditEvents.$inferSelect;
