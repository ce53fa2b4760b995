import { sql } from "drizzle-orm";
import { date, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import type { QuoteCheckSnapshot } from "~/lib/quote-check";
import { user } from "./auth";

const followUp = {
  ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
  nextStepOn: date("next_step_on", { mode: "string" }),
  nextStep: text("next_step"),
};

const merge = {
  mergedIntoId: uuid("merged_into_id"),
  mergedIntoKind: text("merged_into_kind"),
  mergedAt: timestamp("merged_at", { withTimezone: true, mode: "date" }),
};
const standing = sql`merged_into_id is null`;

const spam = {
  spamAt: timestamp("spam_at", { withTimezone: true, mode: "date" }),
  spamBy: text("spam_by"),
};

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
    estimate: jsonb("estimate").$type<EstimateSnapshot>(),
    ...attribution,
    ...followUp,
    ...merge,
    ...spam,
    status: text("status").notNull().default("new"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_submissions_submitted_at_idx").on(t.submittedAt, t.id),
    // Staff search is a case-insensitive substring match (ILIKE '%…%'): trigram indexes serve it.
    index("lead_submissions_business_name_trgm_idx").using("gin", t.businessName.op("gin_trgm_ops")),
    index("lead_submissions_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("lead_submissions_contact_name_trgm_idx").using("gin", t.contactName.op("gin_trgm_ops")),
    index("lead_submissions_status_submitted_idx").on(t.status, t.submittedAt, t.id).where(standing),
    // The orphan-bill sweep asks which of a batch of stored keys a row names.
    index("lead_submissions_file_url_idx").on(t.fileUrl),
    index("lead_submissions_email_lower_idx").on(sql`lower(${t.email})`),
    index("lead_submissions_business_key_idx").on(
      sql`lower(regexp_replace(trim(${t.businessName}), '[[:space:]]+', ' ', 'g'))`,
    ),
    index("lead_submissions_owner_submitted_idx").on(t.ownerId, t.submittedAt, t.id).where(standing),
    index("lead_submissions_owner_next_step_idx").on(t.ownerId, t.nextStepOn).where(standing),
    index("lead_submissions_next_step_order_idx")
      .on(t.nextStepOn.asc().nullsLast(), t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(standing),
    index("lead_submissions_bill_order_idx")
      .on(t.monthlyEnergyBill.desc().nullsLast(), t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(standing),
    index("lead_submissions_status_bill_idx").on(t.status, t.monthlyEnergyBill).where(standing),
    index("lead_submissions_merged_into_idx").on(t.mergedIntoId).where(sql`merged_into_id is not null`),
    index("lead_submissions_spam_idx").on(t.spamAt).where(sql`spam_at is not null`),
  ],
);

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    industry: text("industry"),
    question: text("question"),
    state: text("state"),
    solarReadiness: text("solar_readiness"),
    estimate: jsonb("estimate").$type<EstimateSnapshot>(),
    quoteCheck: jsonb("quote_check").$type<QuoteCheckSnapshot>(),
    ...attribution,
    ...followUp,
    ...merge,
    ...spam,
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

export const leadBlocks = pgTable(
  "lead_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    createdBy: text("created_by").notNull(),
    leadId: uuid("lead_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_blocks_kind_value_idx").on(t.kind, t.value)],
);
