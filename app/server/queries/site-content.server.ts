import { eq } from "drizzle-orm";
import type { TextBlockKey } from "~/content/content-blocks";
import type { PreviewOption } from "../content/preview.server";
import type { AppDatabase } from "../db/client.server";
import { type SiteContentBlock, siteContent } from "../db/schema";

export type ContentKey = "homepage_hero" | "how_it_works_intro" | TextBlockKey;

export async function readContentBlock(
  db: AppDatabase,
  key: ContentKey,
  options: PreviewOption = {},
): Promise<SiteContentBlock | null> {
  const preview = options.preview;
  if (preview?.kind === "site_content" && preview.id === key) return preview.row;
  const rows = await db.select().from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return rows[0] ?? null;
}
