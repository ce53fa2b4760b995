import { eq } from "drizzle-orm";
import type { PreviewOption } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type IndustryRecord, industries } from "../db/schema";

export type IndustryRead = { state: "live"; row: IndustryRecord } | { state: "retired" } | { state: "missing" };

/** A retired page must 404; no row at all falls back to the built-in content. */
export async function readIndustryPage(
  db: AppDatabase,
  slug: string,
  options: PreviewOption = {},
): Promise<IndustryRead> {
  const preview = options.preview;
  const [row] =
    preview?.kind === "industry" && preview.row.slug === slug
      ? [preview.row]
      : await db.select().from(industries).where(eq(industries.slug, slug)).limit(1);
  if (!row) return { state: "missing" };
  return row.retiredAt ? { state: "retired" } : { state: "live", row };
}

export async function readIndustry(db: AppDatabase, slug: string, options: PreviewOption = {}) {
  const found = await readIndustryPage(db, slug, options);
  return found.state === "live" ? found.row : null;
}
