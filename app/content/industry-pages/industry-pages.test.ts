import { describe, expect, it } from "vitest";
import { falseClaims } from "~/lib/content-claims";
import { exampleMetrics, exampleProblems, paybackYears } from "~/lib/industry-page";
import { industries } from "../industries";
import { industryPages } from ".";

const PLACEHOLDER = /coming soon|lorem|ipsum|\bTBD\b|\bTODO\b|\bXXX\b|placeholder/i;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) strings(item, out);
  return out;
}

describe("the 18 industry pages' built-in content", () => {
  it("has a page for every industry of the navigation, titled by its label", () => {
    expect(Object.keys(industryPages).sort()).toEqual(industries.map((entry) => entry.slug).sort());
    for (const entry of industries)
      expect(industryPages[entry.slug]?.title).toBe(`Commercial Solar for ${entry.label}`);
  });

  it.each(industries.map((entry) => entry.slug))(
    "%s: complete, without placeholders or claims no longer true",
    (slug) => {
      const page = industryPages[slug];
      if (!page) throw new Error(slug);
      expect(page.benefits).toHaveLength(4);
      expect(page.incentives.length).toBeGreaterThanOrEqual(3);
      expect(page.incentives.length).toBeLessThanOrEqual(5);
      expect(page.useCases.length).toBeGreaterThanOrEqual(3);
      expect(page.useCases.length).toBeLessThanOrEqual(4);
      expect(page.faq.length).toBeGreaterThanOrEqual(3);
      expect(page.faq.length).toBeLessThanOrEqual(4);
      expect(page.metaDescription.length).toBeLessThanOrEqual(160);
      const text = strings(page);
      expect(text.filter((value) => PLACEHOLDER.test(value))).toEqual([]);
      expect(text.flatMap(falseClaims)).toEqual([]);
      // §30C ended for chargers placed in service after June 30, 2026: no page may offer it.
      expect(
        text.filter((value) => /(30%|federal)[^.]*(EV|charg)[^.]*credit/i.test(value) && !/ended/i.test(value)),
      ).toEqual([]);
      // The example's figures hold together: savings below the bill, payback from cost and savings.
      expect(exampleProblems(page.example)).toEqual([]);
      expect(exampleMetrics(page.example)[2]?.text).toContain(`${paybackYears(page.example)} years`);
    },
  );
});

describe("exampleProblems", () => {
  it("fails an impossible or inconsistent success story", () => {
    const good = {
      title: "t",
      summary: "s",
      systemKw: 100,
      annualBillUsd: 60_000,
      annualSavingsUsd: 24_000,
      netCostUsd: 140_000,
    };
    expect(exampleProblems(good)).toEqual([]);
    expect(exampleProblems({ ...good, annualSavingsUsd: 104_000, annualBillUsd: 102_000 })).toContain(
      "savings must be below the annual bill",
    );
    expect(exampleProblems({ ...good, netCostUsd: 900_000 }).join()).toMatch(/payback/);
    expect(exampleProblems({ ...good, systemKw: 10 }).join()).toMatch(/per kW/);
  });
});
