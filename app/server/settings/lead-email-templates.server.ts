import { eq, like } from "drizzle-orm";
import { LEAD_EMAIL_TEMPLATES, type LeadEmailTemplateId } from "~/content/lead-email-templates";
import type { LeadEmailTemplate } from "~/lib/lead-email";
import type { AppDatabase } from "../db/client.server";
import { siteSettings } from "../db/schema";

/** One `site_settings` row per edited template; read when a lead page opens, so an edit shows on every instance. */
const PREFIX = "lead-email-template:";

export async function leadEmailTemplates(db: AppDatabase): Promise<LeadEmailTemplate[]> {
  const rows = await db
    .select()
    .from(siteSettings)
    .where(like(siteSettings.key, `${PREFIX}%`));
  return LEAD_EMAIL_TEMPLATES.map((builtIn) => {
    const row = rows.find((candidate) => candidate.key === `${PREFIX}${builtIn.id}`);
    const stored = row?.values as { subject?: unknown; body?: unknown } | undefined;
    const edited = typeof stored?.subject === "string" && typeof stored.body === "string";
    return {
      id: builtIn.id,
      label: builtIn.label,
      subject: edited ? String(stored?.subject) : builtIn.subject,
      body: edited ? String(stored?.body) : builtIn.body,
      edited: edited ? { by: row?.updatedByName ?? "", at: row?.updatedAt.toISOString() ?? "" } : null,
    };
  });
}

export const isTemplateId = (value: unknown): value is LeadEmailTemplateId =>
  LEAD_EMAIL_TEMPLATES.some((template) => template.id === value);

export async function saveLeadEmailTemplate(
  db: AppDatabase,
  id: LeadEmailTemplateId,
  text: { subject: string; body: string },
  by: { id: string; name: string },
) {
  const row = { key: `${PREFIX}${id}`, values: text, updatedBy: by.id, updatedByName: by.name, updatedAt: new Date() };
  await db.insert(siteSettings).values(row).onConflictDoUpdate({ target: siteSettings.key, set: row });
}

export async function resetLeadEmailTemplate(db: AppDatabase, id: LeadEmailTemplateId) {
  await db.delete(siteSettings).where(eq(siteSettings.key, `${PREFIX}${id}`));
}
