import { eq } from "drizzle-orm";
import type { TextBlockKey } from "~/content/content-blocks";
import type { AppDatabase } from "../db/client.server";
import { type SiteContentBlock, siteContent } from "../db/schema";

export type ContentKey = "homepage_hero" | "how_it_works_intro" | TextBlockKey;

/** Spec section 7 "Read site content blocks": a single row or none. */
export async function readContentBlock(db: AppDatabase, key: ContentKey): Promise<SiteContentBlock | null> {
  const rows = await db.select().from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return rows[0] ?? null;
}
