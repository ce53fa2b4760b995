import { describe, expect, it } from "vitest";
import { historyValueText } from "./content-editor-view";

describe("historyValueText", () => {
  it("names a list's items by title, question, text or a source's page, never as raw JSON", () => {
    expect(historyValueText([{ title: "Lower bills" }, { question: "Can we?" }])).toBe("Lower bills; Can we?");
    expect(
      historyValueText([
        { url: "https://www.irs.gov/credits", supports: "The rate." },
        { url: "https://www.law.cornell.edu/uscode/text/26/48E", supports: "The size rule." },
      ]),
    ).toBe("https://www.irs.gov/credits; https://www.law.cornell.edu/uscode/text/26/48E");
    expect(historyValueText([])).toBe("(no items)");
    expect(historyValueText(null)).toBe("(empty)");
  });
});
