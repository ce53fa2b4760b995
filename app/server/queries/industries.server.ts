import { eq } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { industries } from "../db/schema";

/** Spec section 7 "Read industry": all columns of the row whose slug is the page's, or none. */
export async function readIndustry(db: AppDatabase, slug: string) {
  const [row] = await db.select().from(industries).where(eq(industries.slug, slug)).limit(1);
  return row ?? null;
}
