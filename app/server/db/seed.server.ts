import { sql } from "drizzle-orm";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { industrySeed } from "~/content/seed/industries";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { siteContentSeed } from "~/content/seed/site-content";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import type { AppDatabase } from "./client.server";
import { incentives, industries, policyUpdates, siteContent } from "./schema";

export type SeedResult = { inserted: Record<string, number> };

/**
 * Inserts the built-in content rows that are missing, keyed by slug/key. Idempotent: a second
 * run inserts nothing, and rows staff have edited are never overwritten.
 */
export async function seedDatabase(db: AppDatabase): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const counts = {
      site_content: (
        await tx
          .insert(siteContent)
          .values(siteContentSeed)
          .onConflictDoNothing({ target: siteContent.key })
          .returning({ id: siteContent.id })
      ).length,
      industries: (
        await tx
          .insert(industries)
          .values(industrySeed)
          .onConflictDoNothing({ target: industries.slug })
          .returning({ id: industries.id })
      ).length,
      incentives: (
        await tx
          .insert(incentives)
          .values([...federalIncentiveSeed, ...stateIncentiveSeed])
          .onConflictDoNothing({ target: incentives.slug })
          .returning({ id: incentives.id })
      ).length,
      policy_updates: (
        await tx
          .insert(policyUpdates)
          .values(policyUpdateSeed)
          .onConflictDoNothing({ target: policyUpdates.slug })
          .returning({ id: policyUpdates.id })
      ).length,
    };
    return { inserted: counts };
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
