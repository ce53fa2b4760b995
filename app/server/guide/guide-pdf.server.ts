import { builtInBusinessDetails } from "~/content/business";
import { BUYERS_GUIDE_PATH, BUYERS_GUIDE_TITLE } from "~/content/buyers-guide";
import { guide } from "~/content/guide";
import { site } from "~/content/site";
import type { BusinessDetails } from "~/lib/business-details";
import { getConfig } from "../config.server";
import { AMBER, NAVY, SLATE, textPdf } from "../pdf/text-pdf.server";

let cached: { key: string; pdf: Promise<Uint8Array> } | null = null;

/** Generated once per process and version of the contact details. */
export function guidePdf(contact: BusinessDetails = builtInBusinessDetails): Promise<Uint8Array> {
  const key = JSON.stringify(contact);
  if (cached?.key !== key) {
    const entry = {
      key,
      pdf: renderGuide(contact).catch((error) => {
        if (cached === entry) cached = null;
        throw error;
      }),
    };
    cached = entry;
  }
  return cached.pdf;
}

async function renderGuide(contact: BusinessDetails): Promise<Uint8Array> {
  const doc = await textPdf({
    title: guide.title,
    author: site.name,
    subject: guide.subtitle,
    created: new Date("2026-11-23T00:00:00Z"),
  });
  const { regular, bold, write, ensure, space } = doc;

  write(site.name.toUpperCase(), bold, 10, AMBER);
  space(6);
  write(guide.title, bold, 24, NAVY, 6);
  write(guide.subtitle, regular, 13, SLATE);
  write(`Reviewed ${guide.reviewed}`, regular, 10, SLATE);
  space(10);
  write(guide.keyDates.title, bold, 13, NAVY, 5);
  for (const line of guide.keyDates.lines) write(`• ${line}`, regular, 11, SLATE, 4);
  write(
    `${BUYERS_GUIDE_TITLE}, every rule with its source: ${getConfig().SITE_URL}${BUYERS_GUIDE_PATH}`,
    bold,
    11,
    NAVY,
    4,
  );
  space(14);

  guide.items.forEach((item, index) => {
    ensure(80);
    write(`${index + 1}. ${item.title}`, bold, 14, NAVY, 5);
    write(item.industry, bold, 10, AMBER);
    write(item.text, regular, 11, SLATE, 4);
    space(12);
  });

  ensure(80);
  write("Important", bold, 12, NAVY);
  for (const line of guide.disclaimers) write(`• ${line}`, regular, 9.5, SLATE, 3);
  space(8);
  write(`${contact.email} · ${contact.phone} · ${contact.address}`, regular, 9.5, SLATE);

  return doc.save();
}
