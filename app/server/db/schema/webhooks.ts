import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Outgoing webhooks: the endpoints admins add and each event's delivery to them. */

/**
 * Where new leads and status changes are posted (decision 0029): an admin adds
 * a URL, and each delivery is signed with the endpoint's secret (Standard Webhooks).
 */
export const webhooks = pgTable("webhooks", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull(),
  /** "whsec_" + base64 of 32 random bytes: the receiver's key to check each signature. */
  secret: text("secret").notNull(),
  /** lead.created | lead.status_changed */
  events: jsonb("events").$type<string[]>().notNull(),
  description: text("description").notNull().default(""),
  active: boolean("active").notNull().default(true),
  /** Failed attempts in a row (any delivery); a delivered one sets it back to 0. */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  /** Paused by the worker, not by an admin: it failed WEBHOOK_PAUSE_AFTER times in a row. */
  pausedForFailuresAt: timestamp("paused_for_failures_at", { withTimezone: true, mode: "date" }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/**
 * Each event for each endpoint: the webhooks' own outbox (written in the transaction of the lead
 * or the status change) and its delivery log.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending | delivered | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The receiver's last HTTP status (null: no answer). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index("webhook_deliveries_log_idx").on(t.webhookId, t.createdAt),
  ],
);
