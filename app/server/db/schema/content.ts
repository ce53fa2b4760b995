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

const staffColumns = () => ({
  lastReviewedBy: text("last_reviewed_by").references(() => user.id, { onDelete: "set null" }),
  retiredAt: timestamp("retired_at", { withTimezone: true, mode: "date" }),
  retiredBy: text("retired_by").references(() => user.id, { onDelete: "set null" }),
});

const sourceCheckColumns = {
  sourceCheckStatus: text("source_check_status"),
  sourceCheckedAt: timestamp("source_checked_at", { withTimezone: true, mode: "date" }),
  sourceCheckDetail: text("source_check_detail"),
};

/** `search_vector` (migration 0009) is generated, so it is not declared: the preview upsert would write it back. */
export const incentives = pgTable(
  "incentives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type").notNull(),
    state: text("state"),
    link: text("link"),
    /** A passed `expiresOn` decides over it: see app/lib/content-status.ts. */
    status: text("status"),
    priority: integer("priority").notNull().default(100),
    /** The first day the program no longer applies. */
    expiresOn: date("expires_on", { mode: "string" }),
    endKind: text("end_kind"),
    moneyValue: text("money_value"),
    calculatorTerms: jsonb("calculator_terms").$type<CalculatorTerms[]>().notNull().default([]),
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    // No default: only a review sets it, so every insert says when its facts were checked.
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
    ...staffColumns(),
    ...sourceCheckColumns,
    /** Hash of the built-in values the seed last wrote; lets the seed correct rows nobody edited. */
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("incentives_slug_key").on(t.slug),
    index("incentives_type_state_priority_idx").on(t.type, t.state, t.priority),
    // fastupdate off: PGlite never runs VACUUM by itself, and every search scans a pending list.
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
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
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
    subtitle: text("subtitle"),
    metaDescription: text("meta_description"),
    heroImage: text("hero_image"),
    heroImageAlt: text("hero_image_alt"),
    faq: jsonb("faq").$type<{ question: string; answer: string }[]>().notNull().default([]),
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    lastReviewedAt: date("last_reviewed_at", { mode: "string" }).notNull(),
    ...staffColumns(),
    seedHash: text("seed_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("industries_slug_key").on(t.slug)],
);

export const solarData = pgTable("solar_data", {
  key: text("key").primaryKey(),
  value: doublePrecision("value").notNull(),
  low: doublePrecision("low"),
  high: doublePrecision("high"),
  /** kW DC: from `min_kw` up to (not including) `max_kw`; null: no limit. */
  minKw: doublePrecision("min_kw"),
  maxKw: doublePrecision("max_kw"),
  label: text("label"),
  note: text("note"),
  sourceTitle: text("source_title").notNull(),
  link: text("link").notNull(),
  sourceYear: integer("source_year").notNull(),
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
    status: text("status").notNull(),
    level: text("level").notNull(),
    datePublished: date("date_published", { mode: "string" }).notNull(),
    link: text("link"),
    /** From that day its status shows Expired. */
    expiresOn: date("expires_on", { mode: "string" }),
    endKind: text("end_kind"),
    sources: jsonb("sources").$type<ContentSource[]>().notNull().default([]),
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
