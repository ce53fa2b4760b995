import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formType: text("form_type").notNull(),
    template: text("template").notNull().default("staff-notification"),
    subject: text("subject").notNull(),
    toAddress: text("to_address").notNull(),
    formData: jsonb("form_data").$type<Record<string, unknown>>().notNull(),
    leadId: uuid("lead_id"),
    leadSubmissionId: uuid("lead_submission_id"),
    /** pending | sent | failed | captured (no SMTP configured) | discarded (by staff) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    /** Derived by the database so every writer gets it right; the worker claims by (priority, created_at). */
    priority: smallint("priority")
      .notNull()
      .generatedAlwaysAs(
        sql`CASE template WHEN 'staff-notification' THEN 0 WHEN 'account-verification' THEN 1 ELSE 2 END`,
      ),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_claim_idx").on(t.priority, t.createdAt).where(sql`status = 'pending'`),
    index("email_outbox_undelivered_idx")
      .on(sql`(${t.template} = 'staff-notification')`, t.createdAt)
      .where(sql`status in ('pending', 'failed')`),
  ],
);

export const emailSuppressions = pgTable("email_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
