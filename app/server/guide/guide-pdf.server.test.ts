import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { guide } from "~/content/guide";
import { guidePdf } from "./guide-pdf.server";

describe("guidePdf", () => {
  it("is a real PDF titled like the guide, with its ten incentives", async () => {
    const bytes = await guidePdf();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(guide.title);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(guide.items).toHaveLength(10);
  });
});
