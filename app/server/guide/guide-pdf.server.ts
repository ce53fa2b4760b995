import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { guide } from "~/content/guide";
import { site } from "~/content/site";

const NAVY = rgb(0.047, 0.133, 0.22);
const AMBER = rgb(0.706, 0.325, 0.035);
const SLATE = rgb(0.2, 0.25, 0.33);

/** Splits text into lines that fit `width` at `size` in `font`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && line) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

let cached: Promise<Uint8Array> | null = null;

/** The guide as a PDF (US Letter), generated once per process. */
export function guidePdf(): Promise<Uint8Array> {
  cached ??= renderGuide().catch((error) => {
    cached = null;
    throw error;
  });
  return cached;
}

async function renderGuide(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(guide.title);
  pdf.setAuthor(site.name);
  pdf.setSubject(guide.subtitle);
  pdf.setCreationDate(new Date("2026-11-23T00:00:00Z"));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  const margin = 56;
  const width = 612 - margin * 2;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;

  const ensure = (height: number) => {
    if (y - height < margin + 20) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
  };
  const write = (text: string, font: PDFFont, size: number, color = SLATE, gap = 4) => {
    for (const line of wrap(text, font, size, width)) {
      ensure(size + gap);
      page.drawText(line, { x: margin, y: y - size, size, font, color });
      y -= size + gap;
    }
  };

  write(site.name.toUpperCase(), bold, 10, AMBER);
  y -= 6;
  write(guide.title, bold, 24, NAVY, 6);
  write(guide.subtitle, regular, 13, SLATE);
  write(`Reviewed ${guide.reviewed}`, regular, 10, SLATE);
  y -= 10;
  write(guide.keyDates.title, bold, 13, NAVY, 5);
  for (const line of guide.keyDates.lines) write(`• ${line}`, regular, 11, SLATE, 4);
  y -= 14;

  guide.items.forEach((item, index) => {
    ensure(80);
    write(`${index + 1}. ${item.title}`, bold, 14, NAVY, 5);
    write(item.industry, bold, 10, AMBER);
    write(item.text, regular, 11, SLATE, 4);
    y -= 12;
  });

  ensure(80);
  write("Important", bold, 12, NAVY);
  for (const line of guide.disclaimers) write(`• ${line}`, regular, 9.5, SLATE, 3);
  y -= 8;
  write(`${site.contact.email} · ${site.contact.phone}`, regular, 9.5, SLATE);

  return pdf.save();
}
