import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

export const NAVY = rgb(0.047, 0.133, 0.22);
export const AMBER = rgb(0.706, 0.325, 0.035);
export const SLATE = rgb(0.2, 0.25, 0.33);

type Color = ReturnType<typeof rgb>;

/** Characters the standard PDF fonts (WinAnsi) lack, in words they have. */
const REPLACEMENTS: Record<string, string> = { "≥": ">=", "≤": "<=", "−": "-", "→": "->", "≈": "~", "✓": "x" };

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

export async function textPdf(meta: { title: string; author: string; subject: string; created: Date }) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setSubject(meta.subject);
  pdf.setCreationDate(meta.created);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const width = 612 - margin * 2;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;

  // A character the font cannot draw would throw: it is replaced, never allowed to fail the mail.
  const drawable = (text: string, font: PDFFont) =>
    [...text]
      .map((ch) => REPLACEMENTS[ch] ?? ch)
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return "?";
        }
      })
      .join("");

  const ensure = (height: number) => {
    if (y - height < margin + 20) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
  };
  const write = (text: string, font: PDFFont, size: number, color: Color = SLATE, gap = 4) => {
    for (const line of wrap(drawable(text, font), font, size, width)) {
      ensure(size + gap);
      page.drawText(line, { x: margin, y: y - size, size, font, color });
      y -= size + gap;
    }
  };
  return {
    regular,
    bold,
    write,
    ensure,
    space: (points: number) => {
      y -= points;
    },
    save: () => pdf.save(),
  };
}
