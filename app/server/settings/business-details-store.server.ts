import { eq } from "drizzle-orm";
import { builtInBusinessDetails } from "~/content/business";
import { BUSINESS_FIELDS, type BusinessDetails, businessDetailsSchema } from "~/lib/business-details";
import type { AppDatabase } from "../db/client.server";
import { siteSettings } from "../db/schema";

export const BUSINESS_KEY = "business";

/** The stored details, each field checked again: a value the form would refuse gives way to the built-in one. */
export async function readBusinessDetails(db: AppDatabase): Promise<BusinessDetails> {
  const [row] = await db.select().from(siteSettings).where(eqKey(BUSINESS_KEY));
  const stored = row?.values ?? {};
  const details = { ...builtInBusinessDetails };
  for (const field of BUSINESS_FIELDS) {
    const parsed = businessDetailsSchema.shape[field].safeParse(stored[field]);
    if (parsed.success && typeof parsed.data === "string") details[field] = parsed.data;
  }
  return details;
}

export function eqKey(key: string) {
  return eq(siteSettings.key, key);
}
