import { describe, expect, it } from "vitest";
import { isSpecificPage } from "~/lib/content-schemas/fields";
import { fallbackFederalIncentives } from "../home";
import { states } from "../states";
import { federalIncentiveSeed } from "./federal-incentives";
import { policyUpdateSeed } from "./policy-updates";
import { solarDataSeed } from "./solar-data";
import { stateIncentiveSeed } from "./state-incentives";

describe("seed data", () => {
  const all = [...federalIncentiveSeed, ...stateIncentiveSeed];

  it("links every source to the page that proves it, never a site's home page (fact check 2026-11-25)", () => {
    const links = [
      ...all.map((row) => [row.slug, row.link] as const),
      ...fallbackFederalIncentives.map((row) => [row.title, row.link] as const),
      ...all.flatMap((row) => (row.calculatorTerms ?? []).map((terms) => [row.slug, terms.sourceUrl] as const)),
      ...policyUpdateSeed.map((row) => [row.slug, row.link] as const),
      ...solarDataSeed.map((row) => [row.key, row.link] as const),
    ];
    expect(links.length).toBeGreaterThan(200);
    for (const [id, link] of links) {
      if (link === null || link === undefined) continue;
      expect(link, id).toMatch(/^https:\/\//);
      expect(isSpecificPage(link), `${id}: ${link}`).toBe(true);
    }
    expect(isSpecificPage("https://www.irs.gov/")).toBe(false);
  });

  it("has at least one incentive of its own for every one of the 50 states", () => {
    for (const state of states) {
      expect(stateIncentiveSeed.filter((row) => row.state === state.code).length, state.name).toBeGreaterThan(0);
    }
  });

  it("gives every incentive a unique slug, an https source, its own review date and a valid type/state", () => {
    expect(new Set(all.map((row) => row.slug)).size).toBe(all.length);
    const codes = new Set(states.map((state) => state.code));
    for (const row of all) {
      expect(row.link, row.slug).toMatch(/^https:\/\//);
      expect(row.lastReviewedAt, row.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect((row.lastReviewedAt ?? "") >= "2026-11-23", `${row.slug} checked by the November 2026 fact check`).toBe(
        true,
      );
      if (row.expiresOn) expect(row.expiresOn, row.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (row.type === "Federal") expect(row.state, row.slug).toBeNull();
      else {
        expect(["State", "Utility"]).toContain(row.type);
        expect(codes.has(row.state ?? ""), row.slug).toBe(true);
      }
    }
  });

  it("includes the programs the task names", () => {
    const titles = stateIncentiveSeed.map((row) => `${row.state} ${row.title} ${row.description}`);
    for (const [state, pattern] of [
      ["NY", /NY-Sun/],
      ["MA", /SMART/],
      ["IL", /Illinois Shines/],
      ["NJ", /SuSI|Successor Solar/],
      ["CA", /net billing/i],
      ["CA", /SGIP|Self-Generation/],
      ["CT", /NRES|Non-Residential Renewable/],
      ["OR", /Energy Trust/],
      ["TX", /11\.27/],
      ["MD", /SREC/],
    ] as const) {
      expect(
        titles.some((text) => text.startsWith(`${state} `) && pattern.test(text)),
        `${state} ${pattern}`,
      ).toBe(true);
    }
  });

  it("gives every policy update a review date", () => {
    for (const row of policyUpdateSeed) expect(row.lastReviewedAt, row.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("has at least 12 dated policy updates across the four statuses and both levels", () => {
    expect(policyUpdateSeed.length).toBeGreaterThanOrEqual(12);
    expect(new Set(policyUpdateSeed.map((row) => row.status))).toEqual(
      new Set(["At Risk", "Confirmed", "Extended", "Expired"]),
    );
    const levels = new Set(policyUpdateSeed.map((row) => row.level));
    expect(levels.has("Federal") && levels.has("State")).toBe(true);
  });
});
