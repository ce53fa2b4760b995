import { describe, expect, it } from "vitest";
import { leadSentence } from "./lead-sentence";

const rest = "Systems must be placed in service by December 31, 2027, and pass the prohibited-foreign-entity tests.";

describe("leadSentence", () => {
  it("splits after the first sentence", () => {
    expect(leadSentence(`The main federal credit for solar. ${rest}`)).toEqual({
      lead: "The main federal credit for solar.",
      rest,
    });
  });

  it("never splits inside U.S., e.g. or a single initial", () => {
    expect(leadSentence(`Grants for U.S. farms and rural businesses. ${rest}`).lead).toBe(
      "Grants for U.S. farms and rural businesses.",
    );
    expect(leadSentence(`Pays per watt, e.g. Austin Energy. ${rest}`).lead).toBe("Pays per watt, e.g. Austin Energy.");
  });

  it("never splits after a month, a section or a company abbreviation staff may type", () => {
    for (const start of [
      "Apply by Dec. 31, 2027 for the grant.",
      "Under Sec. 48E the credit applies.",
      "Run by Acme Corp. Local offices apply.",
    ]) {
      expect(leadSentence(`${start} ${rest}`).lead).toBe(start);
    }
  });

  it("keeps a short rest, or a text of one sentence, whole", () => {
    expect(leadSentence("One sentence. Two.")).toEqual({ lead: "One sentence. Two.", rest: "" });
    expect(leadSentence("No end here")).toEqual({ lead: "No end here", rest: "" });
  });
});
