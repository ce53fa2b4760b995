import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The e-mail outbox and the addresses that asked for no more sales e-mail. */

/** Transactional outbox: written in the same transaction as the lead, delivered by a worker. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formType: text("form_type").notNull(),
    /** staff-notification (to NOTIFY_EMAIL) | guide-delivery (the guide PDF, to the visitor) | account-verification */
    template: text("template").notNull().default("staff-notification"),
    subject: text("subject").notNull(),
    toAddress: text("to_address").notNull(),
    formData: jsonb("form_data").$type<Record<string, unknown>>().notNull(),
    leadId: uuid("lead_id"),
    leadSubmissionId: uuid("lead_submission_id"),
    /** pending | sent | failed (given up, or refused for good) | captured (no SMTP configured) | discarded (by staff) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /**
     * Sending order (lowest first), from the template: staff notifications 0, account checks 1,
     * everything sent to an address a visitor typed (the guide) 2. Derived by the database, so
     * every writer gets it right; the worker claims by (priority, created_at).
     */
    priority: smallint("priority")
      .notNull()
      .generatedAlwaysAs(
        sql`CASE template WHEN 'staff-notification' THEN 0 WHEN 'account-verification' THEN 1 ELSE 2 END`,
      ),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The claim's order among pending jobs: staff first, then oldest first.
    index("email_outbox_claim_idx").on(t.priority, t.createdAt).where(sql`status = 'pending'`),
    // The mail view's order (staff notifications, then newest) among undelivered jobs, read
    // backwards: its first 500 without sorting every failure kept.
    index("email_outbox_undelivered_idx")
      .on(sql`(${t.template} = 'staff-notification')`, t.createdAt)
      .where(sql`status in ('pending', 'failed')`),
  ],
);

/**
 * Addresses that asked for no more sales e-mail: the lead page will not send
 * to them. Lower-cased; visitors' own requests (a guide, an estimate) are not sales e-mail.
 */
export const emailSuppressions = pgTable("email_suppressions", {
  email: text("email").primaryKey(),
  /** unsubscribed (the link or the one-click header of a message) */
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
