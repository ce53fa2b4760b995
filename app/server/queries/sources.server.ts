import { asc, isNull } from "drizzle-orm";
import { CONTENT_BLOCKS, type ContentSource, isContentBlockKey } from "~/lib/content-schemas";
import { sourcesAnchor } from "~/lib/sources-anchors";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, siteContent } from "../db/schema";

export type SourcedRecord = {
  anchor: string;
  title: string;
  shownAs: string;
  lastReviewedAt: string | null;
  sources: ContentSource[];
};

export type SourcesIndex = {
  federal: SourcedRecord[];
  state: SourcedRecord[];
  policy: SourcedRecord[];
  industries: SourcedRecord[];
  blocks: SourcedRecord[];
};

export async function readSourcesIndex(db: AppDatabase): Promise<SourcesIndex> {
  const [incentiveRows, policyRows, industryRows, blockRows] = await Promise.all([
    db
      .select({
        slug: incentives.slug,
        title: incentives.title,
        type: incentives.type,
        state: incentives.state,
        lastReviewedAt: incentives.lastReviewedAt,
        sources: incentives.sources,
      })
      .from(incentives)
      .where(isNull(incentives.retiredAt))
      .orderBy(asc(incentives.state), asc(incentives.priority), asc(incentives.title)),
    db
      .select({
        slug: policyUpdates.slug,
        title: policyUpdates.title,
        level: policyUpdates.level,
        lastReviewedAt: policyUpdates.lastReviewedAt,
        sources: policyUpdates.sources,
      })
      .from(policyUpdates)
      .where(isNull(policyUpdates.retiredAt))
      .orderBy(asc(policyUpdates.datePublished)),
    db
      .select({
        slug: industries.slug,
        title: industries.title,
        lastReviewedAt: industries.lastReviewedAt,
        sources: industries.sources,
      })
      .from(industries)
      .where(isNull(industries.retiredAt))
      .orderBy(asc(industries.title)),
    db
      .select({ key: siteContent.key, lastReviewedAt: siteContent.lastReviewedAt, sources: siteContent.sources })
      .from(siteContent)
      .orderBy(asc(siteContent.key)),
  ]);
  const incentive = (row: (typeof incentiveRows)[number]): SourcedRecord => ({
    anchor: sourcesAnchor.incentive(row.slug),
    title: row.title,
    shownAs: row.state ? `${row.type}, ${row.state}` : row.type,
    lastReviewedAt: row.lastReviewedAt,
    sources: row.sources,
  });
  return {
    federal: incentiveRows.filter((row) => row.type === "Federal").map(incentive),
    state: incentiveRows.filter((row) => row.type !== "Federal").map(incentive),
    policy: policyRows.map((row) => ({
      anchor: sourcesAnchor.policyUpdate(row.slug),
      title: row.title,
      shownAs: `Policy Watch, ${row.level}`,
      lastReviewedAt: row.lastReviewedAt,
      sources: row.sources,
    })),
    industries: industryRows.map((row) => ({
      anchor: sourcesAnchor.industry(row.slug),
      title: row.title,
      shownAs: "Industry page",
      lastReviewedAt: row.lastReviewedAt,
      sources: row.sources,
    })),
    blocks: blockRows
      .filter((row) => isContentBlockKey(row.key))
      .map((row) => {
        const block = CONTENT_BLOCKS[row.key as keyof typeof CONTENT_BLOCKS];
        return {
          anchor: sourcesAnchor.text(row.key),
          title: block.label,
          shownAs: block.shownOn,
          lastReviewedAt: row.lastReviewedAt,
          sources: row.sources,
        };
      }),
  };
}
