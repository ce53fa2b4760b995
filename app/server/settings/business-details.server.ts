import { builtInBusinessDetails } from "~/content/business";
import { type BusinessDetails, businessDetailsSchema, placeholderFields } from "~/lib/business-details";
import { fieldErrors } from "~/lib/content-schemas/fields";
import { REPLY_WITHIN_HOURS } from "~/lib/lead-workspace";
import { promisedHours } from "~/lib/reply-promise";
import { publishInvalidation } from "../cluster/cache-bus.server";
import { getConfig } from "../config.server";
import { sharedBusinessDetails } from "../content/shared-content.server";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { siteSettings } from "../db/schema";
import { errorFields, log } from "../log.server";
import { BUSINESS_KEY } from "./business-details-store.server";

export { BUSINESS_KEY, readBusinessDetails, readStoredBusinessDetails } from "./business-details-store.server";

/** Throws when the database cannot say (an e-mail waits and is retried). */
async function savedBusinessDetails(): Promise<BusinessDetails> {
  return sharedBusinessDetails(await getDb(), getConfig().HTML_CACHE_SECONDS);
}

/** `degraded` keeps the page out of every cache: placeholders must not outlive the outage. */
export async function businessDetailsForPage(): Promise<{ details: BusinessDetails; degraded: boolean }> {
  try {
    return { details: await savedBusinessDetails(), degraded: false };
  } catch (error) {
    log.warn(errorFields(error), "Business details could not be read; the built-in ones are shown");
    return { details: builtInBusinessDetails, degraded: true };
  }
}

export async function businessDetails(): Promise<BusinessDetails> {
  return (await businessDetailsForPage()).details;
}

export async function promisedReplyHours(): Promise<number> {
  return promisedHours(await businessDetails()) ?? REPLY_WITHIN_HOURS;
}

export type SaveResult = { ok: true; details: BusinessDetails } | { ok: false; errors: Record<string, string> };

export async function saveBusinessDetails(
  db: AppDatabase,
  input: Record<string, unknown>,
  by: { id: string; name: string },
): Promise<SaveResult> {
  const parsed = businessDetailsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  const values = { ...parsed.data };
  const row = { key: BUSINESS_KEY, values, updatedBy: by.id, updatedByName: by.name, updatedAt: new Date() };
  await db.insert(siteSettings).values(row).onConflictDoUpdate({ target: siteSettings.key, set: row });
  await publishInvalidation("site_settings", BUSINESS_KEY);
  return { ok: true, details: values };
}

export async function businessPlaceholders(): Promise<string[]> {
  return placeholderFields(await businessDetails());
}
