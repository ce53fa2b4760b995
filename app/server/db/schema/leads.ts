import { sql } from "drizzle-orm";
import { date, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import type { QuoteCheckSnapshot } from "~/lib/quote-check";
import { user } from "./auth";

/** The two lead tables, the column groups they share, and the senders whose forms are refused. */

/**
 * Who works a lead and what comes next, on both lead tables: an owner (an admin, or
 * none), and the next step's date (a day in SITE_TIME_ZONE) with a short task.
 */
const followUp = {
  ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
  nextStepOn: date("next_step_on", { mode: "string" }),
  nextStep: text("next_step"),
};

/**
 * A lead merged into another of the same business: hidden from the
 * lists, counts and board, shown on the lead it was merged into; nothing of it is moved, so
 * separating it again is clearing these columns.
 */
const merge = {
  mergedIntoId: uuid("merged_into_id"),
  /** The kind of the lead it was merged into (bill | consultation | guide | estimate): its URL. */
  mergedIntoKind: text("merged_into_kind"),
  mergedAt: timestamp("merged_at", { withTimezone: true, mode: "date" }),
};
/** The lists' indexes cover only leads that stand on their own (decision 0028). */
const standing = sql`merged_into_id is null`;

/**
 * A lead staff marked as spam (decision 0034): out of every list, count, board, digest and
 * duplicate, by `notSpam` (queries/lead-scope.server.ts); clearing these columns is the undo.
 */
const spam = {
  spamAt: timestamp("spam_at", { withTimezone: true, mode: "date" }),
  /** Who marked it, as written (the timeline keeps the rest). */
  spamBy: text("spam_by"),
};

/** Attribution captured from the landing URL; shared by every lead table. */
const attribution = {
  sourcePage: text("source_page"),
  referrer: text("referrer"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
  utmTerm: text("utm_term"),
  utmContent: text("utm_content"),
};

export const leadSubmissions = pgTable(
  "lead_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    monthlyEnergyBill: numeric("monthly_energy_bill", { precision: 12, scale: 2, mode: "number" }),
    /** Private storage key under energy-bills/; never a public URL. */
    fileUrl: text("file_url"),
    /** The calculator estimate the visitor came from, if any (recomputed by the server). */
    estimate: jsonb("estimate").$type<EstimateSnapshot>(),
    ...attribution,
    ...followUp,
    ...merge,
    ...spam,
    /** Where staff are with it: new | contacted | qualified | won | lost */
    status: text("status").notNull().default("new"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // (date, id): the list's newest-first order and the export's keyset, without a sort.
    index("lead_submissions_submitted_at_idx").on(t.submittedAt, t.id),
    // Staff search is a case-insensitive substring match (ILIKE '%…%'): trigram indexes serve it.
    index("lead_submissions_business_name_trgm_idx").using("gin", t.businessName.op("gin_trgm_ops")),
    index("lead_submissions_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("lead_submissions_contact_name_trgm_idx").using("gin", t.contactName.op("gin_trgm_ops")),
    index("lead_submissions_status_submitted_idx").on(t.status, t.submittedAt, t.id).where(standing),
    // The orphan-bill sweep asks which of a batch of stored keys a row names (`file_url in (…)`):
    // without it each batch scanned the whole table, once per batch of the bucket's objects.
    index("lead_submissions_file_url_idx").on(t.fileUrl),
    // Likely duplicates: the same address, or the same business name however typed.
    index("lead_submissions_email_lower_idx").on(sql`lower(${t.email})`),
    index("lead_submissions_business_key_idx").on(
      sql`lower(regexp_replace(trim(${t.businessName}), '[[:space:]]+', ' ', 'g'))`,
    ),
    // "Mine" and "Unassigned" in the list's order; an owner's due and overdue next steps.
    index("lead_submissions_owner_submitted_idx").on(t.ownerId, t.submittedAt, t.id).where(standing),
    index("lead_submissions_owner_next_step_idx").on(t.ownerId, t.nextStepOn).where(standing),
    // The list's other orders (next step soonest; largest bill), newest first within each.
    index("lead_submissions_next_step_order_idx")
      .on(t.nextStepOn.asc().nullsLast(), t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(standing),
    index("lead_submissions_bill_order_idx")
      .on(t.monthlyEnergyBill.desc().nullsLast(), t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(standing),
    // The pipeline board's per-status count and bill total, by index only (measured by the board bench).
    index("lead_submissions_status_bill_idx").on(t.status, t.monthlyEnergyBill).where(standing),
    index("lead_submissions_merged_into_idx").on(t.mergedIntoId).where(sql`merged_into_id is not null`),
    // The Spam view, newest marked first: a handful of rows beside the million real ones.
    index("lead_submissions_spam_idx").on(t.spamAt).where(sql`spam_at is not null`),
  ],
);

/** Consultation and guide requests: every submission is stored, not only e-mailed. */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** consultation | guide | estimate */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    industry: text("industry"),
    question: text("question"),
    state: text("state"),
    solarReadiness: text("solar_readiness"),
    /**
     * The calculator's estimate the visitor asked for (kind "estimate") or sent a consultation
     * request from (kind "consultation"): inputs, result, model version.
     */
    estimate: jsonb("estimate").$type<EstimateSnapshot>(),
    /** A "Check my quote" check the visitor sent a consultation request with (remade by the server). */
    quoteCheck: jsonb("quote_check").$type<QuoteCheckSnapshot>(),
    ...attribution,
    ...followUp,
    ...merge,
    ...spam,
    /** Where staff are with it: new | contacted | qualified | won | lost */
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_created_at_idx").on(t.createdAt, t.id),
    index("leads_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("leads_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("leads_kind_status_created_idx").on(t.kind, t.status, t.createdAt, t.id).where(standing),
    index("leads_status_created_idx").on(t.status, t.createdAt, t.id).where(standing),
    index("leads_owner_created_idx").on(t.ownerId, t.createdAt, t.id).where(standing),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    index("leads_owner_next_step_idx").on(t.ownerId, t.nextStepOn).where(standing),
    index("leads_next_step_order_idx")
      .on(t.nextStepOn.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(standing),
    index("leads_status_idx").on(t.status).where(standing),
    index("leads_merged_into_idx").on(t.mergedIntoId).where(sql`merged_into_id is not null`),
    index("leads_spam_idx").on(t.spamAt).where(sql`spam_at is not null`),
  ],
);

/**
 * Senders whose forms are quietly refused (decision 0034): an e-mail address, or every address
 * of a domain, lower-cased. The visitor sees the usual thank-you; nothing is stored or sent.
 */
export const leadBlocks = pgTable(
  "lead_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** address | domain */
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    /** Who blocked it, as written, and the lead it was blocked from (if it still exists). */
    createdBy: text("created_by").notNull(),
    leadId: uuid("lead_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_blocks_kind_value_idx").on(t.kind, t.value)],
);
