import { eq } from "drizzle-orm";
import type { PreviewOption } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type IndustryRecord, industries } from "../db/schema";

/** What the database says about an industry page: its row, retired (404), or no row (built-in). */
export type IndustryRead = { state: "live"; row: IndustryRecord } | { state: "retired" } | { state: "missing" };

/**
 * The industry page's row by slug, told apart from a retired page (which must 404) and from no
 * row at all (the page may fall back to its built-in content). With `{ preview }` of this page,
 * the previewed row (app/server/content/preview.server.ts).
 */
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

/** Spec section 7 "Read industry": all columns of the page's row, or none (also when retired). */
export async function readIndustry(db: AppDatabase, slug: string, options: PreviewOption = {}) {
  const found = await readIndustryPage(db, slug, options);
  return found.state === "live" ? found.row : null;
}
