import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { industrySeed } from "~/content/seed/industries";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { siteContentSeed } from "~/content/seed/site-content";
import { solarDataSeed } from "~/content/seed/solar-data";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import type { ContentKind } from "~/lib/content-schemas";
import { KINDS, snapshotOf } from "../content/records.server";
import { recordRevision, SEED_ACTOR } from "../content/revisions.server";
import type { AppDatabase } from "./client.server";
import type {
  NewIncentive,
  NewIndustryRecord,
  NewPolicyUpdate,
  NewSiteContentBlock,
  NewSolarDataRecord,
} from "./schema";
import { incentives, industries, policyUpdates, siteContent, solarData } from "./schema";
import { lockSeedState, recordSeedVersion } from "./seed-state.server";

type Counts = Record<"site_content" | "industries" | "incentives" | "policy_updates" | "solar_data", number>;
export type SeedResult = { inserted: Counts; corrected: Counts };
export type SeedIfChangedResult = SeedResult & { skipped: boolean };

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
  "calculatorTerms",
  "endKind",
  "sources",
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
  "endKind",
  "sources",
] as const;
const contentFields = [
  "key",
  "title",
  "content",
  "ctaLabel",
  "ctaLink",
  "imageUrl",
  "lastReviewedAt",
  "sources",
] as const;
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
  "sources",
] as const;
const solarDataFields = [
  "key",
  "value",
  "low",
  "high",
  "minKw",
  "maxKw",
  "label",
  "note",
  "sourceTitle",
  "link",
  "sourceYear",
  "lastReviewedAt",
] as const;

/** jsonb hands objects back with its own key order. */
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

/** Empty late fields are left out of the hash, so rows seeded before they existed still hash as unedited. */
const LATE_FIELDS = new Set(["calculatorTerms", "endKind", "lastReviewedAt", "sources"]);
const isEmpty = (value: unknown) => value === null || value === undefined || (Array.isArray(value) && !value.length);

function seedHash(record: Record<string, unknown>, fields: readonly string[]): string {
  const values = fields
    .filter((field) => !(LATE_FIELDS.has(field) && isEmpty(record[field])))
    .map((field) => canonical(record[field] ?? null));
  return createHash("sha256").update(JSON.stringify(values)).digest("base64url");
}

// Serialises seeding between instances starting together on one PostgreSQL database.
const SEED_LOCK_KEY = 7_202_512;

/** Bump when the seed's rules change (not its content: that is hashed). */
const SEED_RULES = 1;

type SeedSet = {
  kind: ContentKind;
  table: PgTable & { seedHash: PgColumn };
  keyColumn: PgColumn;
  keyField: string;
  fields: readonly string[];
  records: readonly Record<string, unknown>[];
};

function seedSets(): SeedSet[] {
  return [
    {
      kind: "site_content",
      table: siteContent,
      keyColumn: siteContent.key,
      keyField: "key",
      fields: contentFields,
      records: siteContentSeed satisfies readonly NewSiteContentBlock[],
    },
    {
      kind: "incentive",
      table: incentives,
      keyColumn: incentives.slug,
      keyField: "slug",
      fields: incentiveFields,
      records: [...federalIncentiveSeed, ...stateIncentiveSeed] satisfies readonly NewIncentive[],
    },
    {
      kind: "policy_update",
      table: policyUpdates,
      keyColumn: policyUpdates.slug,
      keyField: "slug",
      fields: policyFields,
      records: policyUpdateSeed satisfies readonly NewPolicyUpdate[],
    },
    {
      kind: "industry",
      table: industries,
      keyColumn: industries.slug,
      keyField: "slug",
      fields: industryFields,
      records: industrySeed satisfies readonly NewIndustryRecord[],
    },
    {
      kind: "solar_data",
      table: solarData,
      keyColumn: solarData.key,
      keyField: "key",
      fields: solarDataFields,
      records: solarDataSeed satisfies readonly NewSolarDataRecord[],
    },
  ];
}

export function builtInContentVersion(): string {
  return versionOf(seedSets());
}

function versionOf(sets: SeedSet[]): string {
  const parts = sets.map((set) => [
    set.kind,
    set.fields,
    set.records.map((record) => [record[set.keyField], seedHash(record, set.fields)]),
  ]);
  return createHash("sha256")
    .update(JSON.stringify([SEED_RULES, parts]))
    .digest("base64url");
}

/** Inserts missing rows and corrects rows staff never edited (values still hash to `seed_hash`); idempotent. */
export async function seedDatabase(db: AppDatabase): Promise<SeedResult> {
  const { inserted, corrected } = await seed(db, { onlyIfChanged: false });
  return { inserted, corrected };
}

export function seedIfChanged(db: AppDatabase): Promise<SeedIfChangedResult> {
  return seed(db, { onlyIfChanged: true });
}

const none = (): Counts => ({ site_content: 0, industries: 0, incentives: 0, policy_updates: 0, solar_data: 0 });
const countKey: Record<ContentKind, keyof Counts> = {
  site_content: "site_content",
  incentive: "incentives",
  policy_update: "policy_updates",
  industry: "industries",
  solar_data: "solar_data",
};

async function seed(db: AppDatabase, options: { onlyIfChanged: boolean }): Promise<SeedIfChangedResult> {
  const sets = seedSets();
  const current = versionOf(sets);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const inserted = none();
    const corrected = none();
    const applied = await lockSeedState(tx as unknown as AppDatabase);
    if (options.onlyIfChanged && applied === current) return { inserted, corrected, skipped: true };
    const history = tx as unknown as AppDatabase;
    for (const { kind, table, keyColumn, keyField, fields, records } of sets) {
      const existing = (await tx.select().from(table)) as Record<string, unknown>[];
      const byKey = new Map(existing.map((row) => [row[keyField], row]));
      const recordId = (row: Record<string, unknown>) => String(row[KINDS[kind].idField]);
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
          inserted[countKey[kind]]++;
          continue;
        }
        if (row.retiredAt) continue;
        const now = seedHash(row, fields);
        const unedited = row.seedHash === null || row.seedHash === now;
        if (!unedited || (now === hash && row.seedHash === hash)) continue;
        const values = Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));
        const [updated] = (await tx
          .update(table)
          // updatedAt: a source-link check that read the row before this correction keeps no result for it.
          .set({ ...values, seedHash: hash, updatedAt: new Date() })
          .where(eq(keyColumn, record[keyField] as string))
          .returning()) as Record<string, unknown>[];
        if (now !== hash) {
          corrected[countKey[kind]]++;
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
    }
    await recordSeedVersion(tx as unknown as AppDatabase, current);
    return { inserted, corrected, skipped: false };
  });
}

export async function isContentEmpty(db: AppDatabase): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`
    select (select count(*) from ${siteContent}) + (select count(*) from ${incentives})
      + (select count(*) from ${industries}) + (select count(*) from ${policyUpdates}) as n`);
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0) === 0;
}
