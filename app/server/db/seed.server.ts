import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { industrySeed } from "~/content/seed/industries";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { siteContentSeed } from "~/content/seed/site-content";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import type { ContentKind } from "~/lib/content-schemas";
import { snapshotOf } from "../content/records.server";
import { recordRevision, SEED_ACTOR } from "../content/revisions.server";
import type { AppDatabase } from "./client.server";
import { incentives, industries, policyUpdates, siteContent } from "./schema";

type Counts = Record<"site_content" | "industries" | "incentives" | "policy_updates", number>;
export type SeedResult = { inserted: Counts; corrected: Counts };

/** The seed's fields of each content table (what a built-in record sets), in a fixed order. */
const incentiveFields = [
  "slug",
  "title",
  "description",
  "type",
  "state",
  "link",
  "status",
  "priority",
  "expiresOn",
  "moneyValue",
  "lastReviewedAt",
] as const;
const policyFields = [
  "slug",
  "title",
  "summary",
  "status",
  "level",
  "datePublished",
  "link",
  "expiresOn",
  "lastReviewedAt",
] as const;
const contentFields = ["key", "title", "content", "ctaLabel", "ctaLink", "imageUrl"] as const;
const industryFields = [
  "slug",
  "title",
  "intro",
  "benefits",
  "incentives",
  "useCases",
  "caseStudyQuote",
  "caseStudyAuthor",
  "caseStudyMetrics",
  "ctaText",
  "subtitle",
  "metaDescription",
  "heroImage",
  "heroImageAlt",
  "faq",
  "active",
  "lastReviewedAt",
] as const;

/** JSON with object keys sorted: jsonb hands objects back with its own key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A stable hash of a record's seeded fields (a missing optional field counts as null). */
export function seedHash(record: Record<string, unknown>, fields: readonly string[]): string {
  const values = fields.map((field) => canonical(record[field] ?? null));
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

// Serialises seeding between instances starting together on one PostgreSQL database.
const SEED_LOCK_KEY = 7_202_512;

/**
 * Brings the built-in content into the database, keyed by slug/key, in one transaction:
 * - a missing row is inserted;
 * - a row that still holds exactly what the seed last wrote (its values hash to its `seed_hash`)
 *   is corrected to the current built-in values, so fixed facts reach existing databases;
 * - a row staff have edited (values no longer match its `seed_hash`) is never touched, nor is a
 *   row staff retired (it is never re-created either: it is still there) or created (its
 *   `seed_hash` is never a hash);
 * - every insert and correction is recorded in the record's history (`seed`, by "Built-in
 *   content"), so the built-in version can be restored after an edit.
 * Rows written before `seed_hash` existed have none; nothing could edit content then (there was
 * no editor), so they count as unedited. Idempotent: a second run changes nothing.
 */
export async function seedDatabase(db: AppDatabase): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const history = tx as unknown as AppDatabase;
    const sync = async <R extends Record<string, unknown>>(
      kind: ContentKind,
      table: PgTable & { seedHash: PgColumn },
      keyColumn: PgColumn,
      keyField: string,
      fields: readonly string[],
      records: readonly R[],
    ) => {
      const existing = (await tx.select().from(table)) as Record<string, unknown>[];
      const byKey = new Map(existing.map((row) => [row[keyField], row]));
      const recordId = (row: Record<string, unknown>) => String(kind === "site_content" ? row.key : row.id);
      let inserted = 0;
      let corrected = 0;
      for (const record of records) {
        const hash = seedHash(record, fields);
        const row = byKey.get(record[keyField]);
        if (!row) {
          const [added] = (await tx
            .insert(table)
            .values({ ...record, seedHash: hash })
            .returning()) as Record<string, unknown>[];
          if (added) {
            await recordRevision(history, {
              kind,
              recordId: recordId(added),
              action: "seed",
              actor: SEED_ACTOR,
              before: null,
              after: snapshotOf(kind, added),
            });
          }
          inserted++;
          continue;
        }
        // Retired by staff: kept as it is, never corrected (nor re-created: the row stays).
        if (row.retiredAt) continue;
        const current = seedHash(row, fields);
        const unedited = row.seedHash === null || row.seedHash === current;
        if (!unedited || (current === hash && row.seedHash === hash)) continue;
        const values = Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
        const [updated] = (await tx
          .update(table)
          .set({ ...values, seedHash: hash })
          .where(eq(keyColumn, record[keyField] as string))
          .returning()) as Record<string, unknown>[];
        if (current !== hash) {
          corrected++;
          if (updated) {
            await recordRevision(history, {
              kind,
              recordId: recordId(updated),
              action: "seed",
              actor: SEED_ACTOR,
              before: snapshotOf(kind, row),
              after: snapshotOf(kind, updated),
              beforeAt: (row.updatedAt ?? row.createdAt ?? null) as Date | null,
            });
          }
        }
      }
      return { inserted, corrected };
    };

    const content = await sync("site_content", siteContent, siteContent.key, "key", contentFields, siteContentSeed);
    const incentiveRows = await sync("incentive", incentives, incentives.slug, "slug", incentiveFields, [
      ...federalIncentiveSeed,
      ...stateIncentiveSeed,
    ]);
    const policy = await sync(
      "policy_update",
      policyUpdates,
      policyUpdates.slug,
      "slug",
      policyFields,
      policyUpdateSeed,
    );
    const industryRows = await sync("industry", industries, industries.slug, "slug", industryFields, industrySeed);
    return {
      inserted: {
        site_content: content.inserted,
        industries: industryRows.inserted,
        incentives: incentiveRows.inserted,
        policy_updates: policy.inserted,
      },
      corrected: {
        site_content: content.corrected,
        industries: industryRows.corrected,
        incentives: incentiveRows.corrected,
        policy_updates: policy.corrected,
      },
    };
  });
}

/** True when no content table has a row yet: a fresh database that `npm start` should seed. */
export async function isContentEmpty(db: AppDatabase): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`
    select (select count(*) from ${siteContent}) + (select count(*) from ${incentives})
      + (select count(*) from ${industries}) + (select count(*) from ${policyUpdates}) as n`);
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}
