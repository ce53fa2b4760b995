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
  const TODAY = "2026-11-23";
  const row = (n: number, status: string | null = null, expiresOn: string | null = null) => ({
    title: `T${n}`,
    description: "d",
    type: "Federal",
    state: null,
    status,
    link: null,
    expiresOn,
    lastReviewedAt: "2026-11-23",
  });

  it("shows at most three of the rows read, marking At Risk ones", () => {
    const { items, fallback } = homeIncentives([row(1, "At Risk"), row(2), row(3, null, TODAY), row(4)], TODAY);
    expect(fallback).toBe(false);
    expect(items.map((item) => item.title)).toEqual(["T1", "T2", "T3"]);
    expect(items.map((item) => item.shownStatus)).toEqual(["At Risk", "Active", "Expired"]);
  });

  it("does not mark the third row At Risk when it came from the database", () => {
    expect(homeIncentives([row(1), row(2), row(3)], TODAY).items[2]?.shownStatus).toBe("Active");
  });

  it("falls back to the three built-in federal items, the third marked At Risk", () => {
    const { items, fallback } = homeIncentives([], TODAY);
    expect(fallback).toBe(true);
    expect(items.map((item) => item.title)).toEqual(fallbackFederalIncentives.map((item) => item.title));
    expect(items.map((item) => item.shownStatus)).toEqual(["Active", "Active", "At Risk"]);
  });

  it("shows the built-in federal credit as Expired from January 1, 2028", () => {
    expect(homeIncentives([], "2027-12-31").items[0]?.shownStatus).toBe("Active");
    expect(homeIncentives([], "2028-01-01").items[0]?.shownStatus).toBe("Expired");
  });
});
