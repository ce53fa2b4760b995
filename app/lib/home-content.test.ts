import { describe, expect, it } from "vitest";
import { fallbackFederalIncentives, heroFallback } from "~/content/home";
import { homeIncentives, resolveHero } from "./home-content";

describe("resolveHero", () => {
  it("uses the built-in fallback when the block is missing", () => {
    expect(resolveHero(null)).toEqual({ ...heroFallback });
  });
  it("takes each field from the block and falls back field by field", () => {
    const hero = resolveHero({ title: "Custom", content: " ", ctaLabel: null, ctaLink: "#industries", imageUrl: null });
    expect(hero.title).toBe("Custom");
    expect(hero.content).toBe(heroFallback.content);
    expect(hero.ctaLabel).toBe(heroFallback.ctaLabel);
    expect(hero.imageUrl).toBe(heroFallback.imageUrl);
  });
});

describe("homeIncentives", () => {
  const row = (n: number, status: string | null = null) => ({
    title: `T${n}`,
    description: "d",
    type: "Federal",
    state: null,
    status,
    link: null,
  });

  it("shows at most three of the rows read, marking At Risk ones", () => {
    const { items, fallback } = homeIncentives([row(1, "At Risk"), row(2), row(3), row(4)]);
    expect(fallback).toBe(false);
    expect(items.map((item) => item.title)).toEqual(["T1", "T2", "T3"]);
    expect(items.map((item) => item.atRisk)).toEqual([true, false, false]);
  });

  it("does not mark the third row At Risk when it came from the database", () => {
    expect(homeIncentives([row(1), row(2), row(3)]).items[2]?.atRisk).toBe(false);
  });

  it("falls back to the three built-in federal items, the third marked At Risk", () => {
    const { items, fallback } = homeIncentives([]);
    expect(fallback).toBe(true);
    expect(items.map((item) => item.title)).toEqual(fallbackFederalIncentives.map((item) => item.title));
    expect(items.map((item) => item.atRisk)).toEqual([false, false, true]);
  });
});
