import { describe, expect, it } from "vitest";
import { incentiveListJsonLd, jsonLdScript } from "./structured-data";

describe("incentiveListJsonLd", () => {
  it("lists each program by position, name and page only: no descriptions", () => {
    const description = "A long description that the page already shows. ".repeat(10);
    const data = incentiveListJsonLd("https://solar.example", "Solar incentives", [
      { title: "Dairy grant", link: "https://www.example.gov/dairy" },
      { title: "Net metering", link: null },
    ]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Dairy grant", url: "https://www.example.gov/dairy" },
      { "@type": "ListItem", position: 2, name: "Net metering" },
    ]);
    expect(data.numberOfItems).toBe(2);
    expect(jsonLdScript(data)).not.toContain(description.slice(0, 20));
    const many = Array.from({ length: 24 }, (_, index) => ({
      title: `Program number ${index} with a long-ish name`,
      link: `https://www.example.gov/programs/${index}`,
    }));
    expect(jsonLdScript(incentiveListJsonLd("https://solar.example", "x", many)).length).toBeLessThan(5000);
  });
});
