import { eq } from "drizzle-orm";
import { builtInBusinessDetails } from "~/content/business";
import { BUSINESS_FIELDS, type BusinessDetails, businessDetailsSchema } from "~/lib/business-details";
import type { AppDatabase } from "../db/client.server";
import { siteSettings } from "../db/schema";

export const BUSINESS_KEY = "business";

export type StoredBusinessDetails = { details: BusinessDetails; saved: { at: string; by: string } | null };

/** Each field checked again: a value the form would refuse gives way to the built-in one. */
export async function readBusinessDetails(db: AppDatabase): Promise<BusinessDetails> {
  return (await readStoredBusinessDetails(db)).details;
}

export async function readStoredBusinessDetails(db: AppDatabase): Promise<StoredBusinessDetails> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, BUSINESS_KEY));
  const stored = row?.values ?? {};
  const details = { ...builtInBusinessDetails };
  for (const field of BUSINESS_FIELDS) {
    if (field === "replyHours") continue;
    const parsed = businessDetailsSchema.shape[field].safeParse(stored[field]);
    if (parsed.success && typeof parsed.data === "string") details[field] = parsed.data;
  }
  // A record saved before the reply time existed keeps the built-in one.
  if ("replyHours" in stored) {
    const parsed = businessDetailsSchema.shape.replyHours.safeParse(stored.replyHours);
    if (parsed.success) details.replyHours = parsed.data;
  }
  return { details, saved: row ? { at: row.updatedAt.toISOString(), by: row.updatedByName } : null };
}
