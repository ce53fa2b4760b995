import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ContentKind } from "~/lib/content-schemas";
import { isUuid } from "~/lib/ids";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, siteContent, solarData } from "../db/schema";

/**
 * What the content services need to know about each record kind's table, in one place: the
 * columns the editor may change (exactly the fields of the kind's shared schema), the record's
 * identity (a uuid `id`, or a page text's `key`), and what the kind supports.
 */
export type KindMeta = {
  table: PgTable;
  /** The column `record_id` refers to: `id` (uuid) or, for page texts, `key`. */
  idColumn: PgColumn;
  idField: "id" | "key";
  /** The natural key the seed matches rows by (slug or key): never changed by the editor. */
  naturalKey: "slug" | "key";
  editable: readonly string[];
  creatable: boolean;
  retirable: boolean;
  /** Has `last_reviewed_at` / `last_reviewed_by` (Mark reviewed, the stale queue). */
  reviewed: boolean;
  /** Has a source link checked by `npm run content:check-links`. */
  sourceChecked: boolean;
  hasUpdatedAt: boolean;
};

export const KINDS: Record<ContentKind, KindMeta> = {
  incentive: {
    table: incentives,
    idColumn: incentives.id,
    idField: "id",
    naturalKey: "slug",
    editable: [
      "title",
      "description",
      "type",
      "state",
      "link",
      "moneyValue",
      "status",
      "priority",
      "expiresOn",
      "endKind",
      "calculatorTerms",
      "sources",
    ],
    creatable: true,
    retirable: true,
    reviewed: true,
    sourceChecked: true,
    hasUpdatedAt: true,
  },
  policy_update: {
    table: policyUpdates,
    idColumn: policyUpdates.id,
    idField: "id",
    naturalKey: "slug",
    editable: ["title", "summary", "status", "level", "datePublished", "link", "expiresOn", "endKind", "sources"],
    creatable: true,
    retirable: true,
    reviewed: true,
    sourceChecked: true,
    hasUpdatedAt: true,
  },
  site_content: {
    table: siteContent,
    idColumn: siteContent.key,
    idField: "key",
    naturalKey: "key",
    editable: ["title", "content", "ctaLabel", "ctaLink", "imageUrl", "sources"],
    creatable: false,
    retirable: false,
    reviewed: true,
    sourceChecked: false,
    hasUpdatedAt: true,
  },
  industry: {
    table: industries,
    idColumn: industries.id,
    idField: "id",
    naturalKey: "slug",
    editable: [
      "title",
      "subtitle",
      "metaDescription",
      "intro",
      "heroImage",
      "heroImageAlt",
      "benefits",
      "incentives",
      "useCases",
      "caseStudyAuthor",
      "caseStudyQuote",
      "caseStudyMetrics",
      "faq",
      "ctaText",
      "sources",
      "active",
    ],
    creatable: false,
    retirable: true,
    reviewed: true,
    sourceChecked: false,
    hasUpdatedAt: true,
  },
  solar_data: {
    table: solarData,
    idColumn: solarData.key,
    idField: "key",
    naturalKey: "key",
    editable: ["value", "low", "high", "minKw", "maxKw", "label", "note", "sourceTitle", "link", "sourceYear"],
    creatable: false,
    retirable: false,
    reviewed: true,
    sourceChecked: true,
    hasUpdatedAt: true,
  },
};

/**
 * `seed_hash` of a row staff created: never a real hash, so the seed counts the row as edited and
 * leaves it alone even if a later built-in record took the same slug.
 */
export const STAFF_CREATED_SEED_HASH = "staff-created";

/** Whether `id` can name a record of `kind` at all (a uuid, or a page text's key). */
export function isRecordId(kind: ContentKind, id: string): boolean {
  return KINDS[kind].idField === "key" ? /^[a-z_]{1,64}$/.test(id) : isUuid(id);
}

export function newRecordId(): string {
  return randomUUID();
}

/** A new record's slug: readable from its title, unique by a piece of its id. */
export function newSlug(title: string, id: string): string {
  const base = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${base || "record"}-${id.slice(0, 8)}`;
}

export type Row = Record<string, unknown>;

/** The row of a record, or null (locked for update inside a transaction when `lock` is set). */
export async function readRow(db: AppDatabase, kind: ContentKind, id: string, lock = false): Promise<Row | null> {
  if (!isRecordId(kind, id)) return null;
  const meta = KINDS[kind];
  const query = db.select().from(meta.table).where(eq(meta.idColumn, id)).limit(1);
  const rows = (await (lock ? query.for("update") : query)) as Row[];
  return rows[0] ?? null;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The record as history keeps it: its natural key, every editable field, and its review and
 * retirement state. Plain JSON (dates as ISO strings), so it compares and stores as jsonb.
 */
export function snapshotOf(kind: ContentKind, row: Row): Record<string, unknown> {
  const meta = KINDS[kind];
  const snapshot: Record<string, unknown> = { [meta.naturalKey]: row[meta.naturalKey] ?? null };
  for (const field of meta.editable) snapshot[field] = iso(row[field]);
  if (meta.reviewed) {
    snapshot.lastReviewedAt = iso(row.lastReviewedAt);
    snapshot.lastReviewedBy = iso(row.lastReviewedBy);
  }
  if (meta.retirable) {
    snapshot.retiredAt = iso(row.retiredAt);
    snapshot.retiredBy = iso(row.retiredBy);
  }
  return snapshot;
}

/** The editable fields of a row, as the editor's form starts from them. */
export function editableValues(kind: ContentKind, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of KINDS[kind].editable) values[field] = iso(row[field]);
  if (KINDS[kind].idField === "key") values.key = row.key;
  return values;
}

/** JSON with object keys sorted (jsonb hands objects back in its own order). */
function canonicalJson(value: unknown): string {
  const sort = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sort);
    if (item && typeof item === "object" && !(item instanceof Date)) {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sort((item as Row)[key])]),
      );
    }
    return item instanceof Date ? item.toISOString() : (item ?? null);
  };
  return JSON.stringify(sort(value));
}

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** The before and after of each field whose value differs between two snapshots. */
export function diffSnapshots(before: Row | null, after: Row): FieldChanges {
  const changes: FieldChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after)]);
  for (const field of fields) {
    const a = before?.[field] ?? null;
    const b = after[field] ?? null;
    if (canonicalJson(a) !== canonicalJson(b)) changes[field] = { before: a, after: b };
  }
  return changes;
}
