import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CalculatorTerms } from "~/lib/content-schemas/incentive";
import type { ContentSource } from "~/lib/content-schemas/sources";
import { user } from "./auth";

/** The public content records staff edit in the content editor, and the columns they share. */

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
