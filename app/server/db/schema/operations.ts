import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** What keeps the site running: rate-limit counters, the audit log, settings, the seed's state. */

/**
 * Counters of rate-limiter-flexible's Drizzle store (failed sign-ins): in the database, so every
 * instance on one PostgreSQL sees the same counts, and a restart does not reset them.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

/**
 * The audit log (decision 0018): security-relevant staff actions, who, what, when, from where.
 * Append-only: a trigger (migration 0011) refuses UPDATE and TRUNCATE; rows are deleted only by
 * the retention purge (AUDIT_RETENTION_DAYS). No foreign key on `actor_id`: the history outlives
 * the account, and the e-mail is kept as it was.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** One of AUDIT_ACTIONS (app/lib/audit.ts), e.g. `leads.exported`. */
    action: text("action").notNull(),
    /** What it was done to: a lead or bill id, `incentives:<id>`, an e-mail. */
    subject: text("subject"),
    /** The action's particulars (the export's filter, the role given). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** The client's address. */
    address: text("address"),
  },
  (t) => [
    // The page's newest-first list, and the purge's range.
    index("audit_events_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_events_action_at_idx").on(t.action, t.at.desc(), t.id.desc()),
  ],
);

/**
 * Settings an admin keeps, one JSON record per key: `business` holds the firm's
 * contact details and marketplace disclosure (app/lib/business-details.ts).
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  values: jsonb("values").$type<Record<string, unknown>>().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedByName: text("updated_by_name").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * What the seed last brought in (`name` "built-in-content": the version of the built-in content
 * it applied), so a start with unchanged built-in content skips the seed (review N12).
 */
export const seedState = pgTable("seed_state", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type AuditEventRow = typeof auditEvents.$inferSelect;
