import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CalculatorTerms } from "~/lib/content-schemas/incentive";
import type { ContentSource } from "~/lib/content-schemas/sources";
import type { EstimateSnapshot } from "~/lib/estimate-snapshot";
import type { ActivityChanges } from "~/lib/lead-activity";
import type { QuoteCheckSnapshot } from "~/lib/quote-check";

/**
 * One schema for PGlite and PostgreSQL. Content tables carry a natural `slug`/`key` so the seed
 * can insert missing rows idempotently without touching rows staff may have edited.
 */

/**
 * What the content editor keeps on a dated record besides its values (decision 0011): who last
 * marked it reviewed, and its retirement (a retired row is hidden from every public read, kept
 * with its history, and never touched by the seed). Functions, so each table gets its own columns.
 */
const staffColumns = () => ({
  lastReviewedBy: text("last_reviewed_by").references(() => user.id, { onDelete: "set null" }),
  retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  retiredBy: text("retired_by").references(() => user.id, { onDelete: "set null" }),
});

/** The last check of the record's source link (`npm run content:check-links`). */
const sourceCheckColumns = {
  /** ok | failed; null until checked (and again after the link changes). */
  sourceCheckStatus: text("source_check_status"),
  sourceCheckedAt: timestamp("source_checked_at", { withTimezone: true, mode: "date" }),
  /** A short reason: "HTTP 404", "no answer within 10 s", "host not found". */
  sourceCheckDetail: text("source_check_detail"),
};

/**
 * `incentives.search_vector` and `policy_updates.search_vector` (migration 0009) are generated
 * `tsvector` columns with GIN indexes for the public searches (app/server/queries/incentives.server.ts):
 * title weight A, description/summary B, type or level and the state's name and code C. They are
 * deliberately not declared as Drizzle columns: Drizzle would read them with every row and write
 * them back in the content editor's preview upsert, which PostgreSQL refuses for a generated
 * column. drizzle-kit never sees them, so the snapshots stay in step with this file.
 */
export const incentives = pgTable(
  "incentives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Federal | State | Utility */
    type: text("type").notNull(),
    /** Two-letter upper-case code; null for federal incentives. */
    state: text("state"),
    /** The official source: the administering agency's or utility's page. */
    link: text("link"),
    /**
     * Explicit status ("At Risk", or "Expired" for a program that ended without a known date);
     * null when nothing notable. A passed `expiresOn` decides over it: see app/lib/content-status.ts.
     */
    status: text("status"),
    priority: integer("priority").notNull().default(100),
    /** The first day the program no longer applies: it is Active the day before, Expired on it. */
    expiresOn: date("expires_on", { mode: "string" }),
    /** "in-service": `expiresOn` is a placed-in-service deadline ("In service by …"); null: the program's own end. */
    endKind: text("end_kind"),
    /**
     * What the program pays or saves a business in money, in words (e.g. "35% of cost, up to
     * $500,000 per system"); null for rules without a money value (net metering, interconnection,
     * loans). The calculator's state line counts only programs with one.
     */
    moneyValue: text("money_value"),
    /** The calculator's terms (0 or 1 item, app/lib/content-schemas/incentive.ts); empty: none. */
    calculatorTerms: jsonb("calculator_terms").$type<CalculatorTerms[]>().notNull().default([]),
    /** The pages that prove the statements, each with what it proves; at least one when saved by the editor. */
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    /** When this record was last checked against its source. */
    // No default: only a review sets it, so every insert says when its facts were checked.
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
    ...staffColumns(),
    ...sourceCheckColumns,
    /**
     * Hash of the built-in values the seed last wrote; lets the seed correct rows nobody edited.
     * The content editor never changes it (a save makes the values differ from it: an edit).
     */
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("incentives_slug_key").on(t.slug),
    index("incentives_type_state_priority_idx").on(t.type, t.state, t.priority),
    // The search's last resort is a substring match (ILIKE '%…%', when full-text and prefix
    // matching found nothing): trigram indexes answer it without reading every description.
    // fastupdate off: content is written rarely and read on every search, and a pending list
    // (flushed only by VACUUM, which PGlite never runs by itself) is scanned by every search.
    index("incentives_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")).with({ fastupdate: false }),
    index("incentives_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")).with({ fastupdate: false }),
  ],
);

export const siteContent = pgTable(
  "site_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    title: text("title"),
    content: text("content"),
    ctaLabel: text("cta_label"),
    ctaLink: text("cta_link"),
    imageUrl: text("image_url"),
    /** The pages that prove the statements, each with what it proves; at least one when saved by the editor. */
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    /** When staff last checked the block's statements; null: never. */
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }),
    lastReviewedBy: text("last_reviewed_by").references(() => user.id, { onDelete: "set null" }),
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_content_key_key").on(t.key)],
);

export type ListItem = { icon?: string; title?: string; description?: string; text?: string };

export const industries = pgTable(
  "industries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    intro: text("intro"),
    benefits: jsonb("benefits").$type<ListItem[]>().notNull().default([]),
    incentives: jsonb("incentives").$type<ListItem[]>().notNull().default([]),
    useCases: jsonb("use_cases").$type<ListItem[]>().notNull().default([]),
    caseStudyQuote: text("case_study_quote"),
    caseStudyAuthor: text("case_study_author"),
    caseStudyMetrics: jsonb("case_study_metrics").$type<ListItem[]>().notNull().default([]),
    ctaText: text("cta_text"),
    /** Hero line under the title; the page falls back to the slug with hyphens as spaces. */
    subtitle: text("subtitle"),
    metaDescription: text("meta_description"),
    /** Site path of the illustration; the page falls back to the default one. */
    heroImage: text("hero_image"),
    heroImageAlt: text("hero_image_alt"),
    /** Questions and answers shown on the page, as text (no FAQPage data: decision 0033). */
    faq: jsonb("faq").$type<{ question: string; answer: string }[]>().notNull().default([]),
    /** The pages that prove the statements, each with what it proves; at least one when saved by the editor. */
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    // No default: only a review sets it, so every insert says when its facts were checked.
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
    ...staffColumns(),
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("industries_slug_key").on(t.slug)],
);

/**
 * The calculator's sourced figures: state prices, yields and export values, cost
 * bands and the model's parameters, one row each, named by `key` (app/lib/content-schemas/solar-data.ts
 * says what each key is, its unit and its allowed range). Seeded from app/content/solar-data,
 * edited in the content editor, listed in the stale-review queue, read by the calculator.
 */
export const solarData = pgTable("solar_data", {
  key: text("key").primaryKey(),
  value: doublePrecision("value").notNull(),
  /** The published range around `value` (the energy share only). */
  low: doublePrecision("low"),
  high: doublePrecision("high"),
  /** A cost band's system sizes, kW DC: from `min_kw` up to (not including) `max_kw`; null: no limit. */
  minKw: doublePrecision("min_kw"),
  maxKw: doublePrecision("max_kw"),
  /** A cost band's name as the result shows it. */
  label: text("label"),
  note: text("note"),
  sourceTitle: text("source_title").notNull(),
  /** The page that shows the figure. */
  link: text("link").notNull(),
  /** The year the figure describes. */
  sourceYear: integer("source_year").notNull(),
  // No default: only a review sets it, so every insert says when its facts were checked.
  lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
  ...staffColumns(),
  ...sourceCheckColumns,
  seedHash: text("seed_hash"),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export const policyUpdates = pgTable(
  "policy_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** At Risk | Confirmed | Extended | Expired */
    status: text("status").notNull(),
    /** Federal | State | Local */
    level: text("level").notNull(),
    datePublished: date("date_published", { mode: "string" }).notNull(),
    link: text("link"),
    /** The deadline or end date the update is about: from that day its status shows Expired. */
    expiresOn: date("expires_on", { mode: "string" }),
    /** "in-service": `expiresOn` is a placed-in-service deadline ("In service by …"), as on incentives. */
    endKind: text("end_kind"),
    /** The pages that prove the statements, each with what it proves; at least one when saved by the editor. */
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    // No default: only a review sets it, so every insert says when its facts were checked.
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
    ...staffColumns(),
    ...sourceCheckColumns,
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("policy_updates_slug_key").on(t.slug), index("policy_updates_date_idx").on(t.datePublished)],
);

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

/** Dated notes staff add to a lead (of either table: lead ids are unique UUIDs). */
/**
 * What staff did to a lead (the lead timeline and its audit trail): status and owner changes,
 * next steps, bill files opened. Notes, e-mails and the submission itself come from their own
 * tables. Kept as long as the lead (the audit log's retention does not apply).
 */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    leadId: uuid("lead_id").notNull(),
    /** status | owner | next-step | file */
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
    /** An activity (app/lib/lead-activity.ts): note | call | email | meeting, and its outcome. */
    kind: text("kind").notNull().default("note"),
    outcome: text("outcome"),
    /** The status and next step the same save set, so the timeline shows them as one entry. */
    changes: jsonb("changes").$type<ActivityChanges>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("lead_notes_lead_id_idx").on(t.leadId, t.createdAt)],
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

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    title: text("title"),
    location: text("location").notNull(),
    referrer: text("referrer"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt)],
);

/**
 * Page views per day (in SITE_TIME_ZONE) and page, counted as each view is stored. Kept for good
 * while raw `page_views` rows are purged after PAGE_VIEW_RETENTION_DAYS. `path` is one of the
 * site's public pages, or "(other)" for anything else (not-found paths, views from before the
 * table existed), so the table cannot be grown by inventing paths.
 */
export const pageViewDaily = pgTable(
  "page_view_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

// --- better-auth's four tables (its documented core schema), plus roles --------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { mode: "date" }).notNull().defaultNow(),
  /** better-auth's two-factor plugin: a second factor (TOTP) is asked at every sign-in. */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  /** Set by an admin: no sign-in, every session ended, until an admin enables it again. */
  disabledAt: timestamp("disabled_at", { mode: "date" }),
  /** Set on My account: closes the staff member's e-mails to leads instead of their name. */
  emailSignature: text("email_signature"),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { mode: "date" }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** better-auth's two-factor plugin: the TOTP secret and backup codes, both encrypted by it. */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { mode: "date" }),
    // The RFC 6238 time step of the last code accepted: a code is good once (totp-replay.server.ts).
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** One row per user; only `admin` grants the admin area. */
export const userRoles = pgTable("user_roles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().default(sql`now()`),
});

/**
 * Staff who take new leads in turn: a row is an opt-in; the one assigned longest ago
 * (or never) gets the next lead.
 */
export const leadRotation = pgTable("lead_rotation", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true, mode: "date" }),
});

/** A staff member's named lead-list views: the list's query string; one may be their default. */
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
    // At most one default per person.
    uniqueIndex("saved_views_user_default_idx").on(t.userId).where(sql`is_default`),
  ],
);

/**
 * One follow-up digest per person per day: the row is queued in the same transaction
 * as the e-mail, so however many instances try, each owner gets one a day.
 */
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

/**
 * An admin's invitation to join the staff: a link by e-mail, valid 7 days, once.
 * Only the token's SHA-256 is kept, so a database reader cannot accept an invitation.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedById: text("invited_by_id").references(() => user.id, { onDelete: "set null" }),
    invitedByEmail: text("invited_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("staff_invitations_email_idx").on(t.email)],
);

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

export type Incentive = typeof incentives.$inferSelect;
export type NewIncentive = typeof incentives.$inferInsert;
export type SiteContentBlock = typeof siteContent.$inferSelect;
export type NewSiteContentBlock = typeof siteContent.$inferInsert;
export type PolicyUpdate = typeof policyUpdates.$inferSelect;
export type NewPolicyUpdate = typeof policyUpdates.$inferInsert;
export type NewIndustryRecord = typeof industries.$inferInsert;
export type IndustryRecord = typeof industries.$inferSelect;
export type SolarDataRecord = typeof solarData.$inferSelect;
export type NewSolarDataRecord = typeof solarData.$inferInsert;
export type ContentRevision = typeof contentRevisions.$inferSelect;
export type ContentDraft = typeof contentDrafts.$inferSelect;
export type AuditEventRow = typeof auditEvents.$inferSelect;
