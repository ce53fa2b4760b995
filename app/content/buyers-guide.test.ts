import { describe, expect, it } from "vitest";
import { isSpecificPage } from "~/lib/content-schemas/fields";
import { buyersGuideFaq, buyersGuideSections, buyersGuideSources } from "./buyers-guide";

describe("the buyer's guide", () => {
  it("gives every statement and answer a source page (never a home page) and every statement a review date", () => {
    const statements = buyersGuideSections.flatMap((section) => section.statements);
    expect(statements.length).toBeGreaterThanOrEqual(20);
    for (const statement of statements) {
      expect(statement.sources.length, statement.text).toBeGreaterThan(0);
      expect(statement.reviewedOn, statement.text).toMatch(/^2026-\d{2}-\d{2}$/);
    }
    for (const item of buyersGuideFaq) expect(item.sources.length, item.question).toBeGreaterThan(0);
    for (const source of buyersGuideSources) {
      expect(source.url, source.title).toMatch(/^https:\/\//);
      expect(isSpecificPage(source.url), source.url).toBe(true);
    }
  });

  it("covers what the fact check found missing: placed in service, the continuity window, foreign entities, storage", () => {
    const text = buyersGuideSections.map((section) => section.statements.map((s) => s.text).join(" ")).join(" ");
    expect(text).toContain("placed in service");
    expect(text).toContain("four calendar years");
    expect(text).toContain("40% for construction beginning in 2026, 45% in 2027");
    expect(text).toContain("for storage 55% in 2026, 60% in 2027");
    expect(text).toContain("construction beginning by December 31, 2033");
    expect(buyersGuideSections.map((s) => s.id)).toEqual([
      "placed-in-service",
      "continuity-window",
      "foreign-entity",
      "storage",
      "bonus-depreciation",
      "elective-pay",
      "deadline",
    ]);
  });
});
