import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ContentKind } from "~/lib/content-schemas";
import { isUuid } from "~/lib/ids";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, siteContent, solarData } from "../db/schema";

export type KindMeta = {
  table: PgTable;
  idColumn: PgColumn;
  idField: "id" | "key";
  /** The natural key the seed matches rows by: never changed by the editor. */
  naturalKey: "slug" | "key";
  editable: readonly string[];
  creatable: boolean;
  retirable: boolean;
  reviewed: boolean;
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

/** Never a real hash, so the seed leaves a staff-created row alone even if a built-in record takes its slug. */
export const STAFF_CREATED_SEED_HASH = "staff-created";

export function isRecordId(kind: ContentKind, id: string): boolean {
  return KINDS[kind].idField === "key" ? /^[a-z_]{1,64}$/.test(id) : isUuid(id);
}

export function newRecordId(): string {
  return randomUUID();
}

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

export async function readRow(db: AppDatabase, kind: ContentKind, id: string, lock = false): Promise<Row | null> {
  if (!isRecordId(kind, id)) return null;
  const meta = KINDS[kind];
  const query = db.select().from(meta.table).where(eq(meta.idColumn, id)).limit(1);
  const rows = (await (lock ? query.for("update") : query)) as Row[];
  return rows[0] ?? null;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** Plain JSON (dates as ISO strings), so it compares and stores as jsonb. */
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

export function editableValues(kind: ContentKind, row: Row): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of KINDS[kind].editable) values[field] = iso(row[field]);
  if (KINDS[kind].idField === "key") values.key = row.key;
  return values;
}

/** jsonb hands objects back in its own key order. */
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
