import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { estimate } from "~/lib/solar-model";
import { estimatePdf } from "./estimate-pdf.server";

describe("the estimate's PDF report", () => {
  it("lists the figures, the cash flows and every assumption with its source, on US Letter pages", async () => {
    const result = estimate({
      today: "2026-11-26",
      monthlyBill: 8000,
      state: "NM",
      storageCost: 50_000,
      storageKw: 25,
    });
    if (result.status !== "ok") throw new Error("no estimate");
    const bytes = await estimatePdf(
      {
        modelVersion: result.modelVersion,
        today: result.today,
        stateName: "New Mexico",
        monthlyBill: 8000,
        query: "monthlyBill=8000&state=NM",
        result,
      },
      "https://solar.example",
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Solar estimate for New Mexico");
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    // pdf-lib compresses each page's stream and writes strings as hex.
    const drawn = pdf
      .getPages()
      .flatMap((page) => {
        const contents = page.node.Contents();
        return contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
      })
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1"))
      .join("");
    const hex = (text: string) => Buffer.from(text, "latin1").toString("hex").toUpperCase();
    for (const text of [
      "Every assumption and where it comes from",
      "Cash flows by year",
      "If an assumption is wrong",
      "Your solar estimate for New Mexico",
    ])
      expect(drawn.includes(hex(text)) || drawn.includes(text), text).toBe(true);
  });
});
