import { describe, expect, it } from "vitest";
import { incentiveStatus } from "~/lib/content-status";
import { estimate } from "~/lib/solar-model";
import { builtInBlocks } from "./content-blocks";
import { SOLAR_CREDIT_EXPIRES_ON } from "./federal-deadlines";
import { guide } from "./guide";
import { fallbackFederalIncentives, incentiveCutsBanner, testimonials } from "./home";
import { industries } from "./industries";
import { federalIncentiveSeed } from "./seed/federal-incentives";
import { policyUpdateSeed } from "./seed/policy-updates";
import { siteContentSeed } from "./seed/site-content";
import { stateIncentiveSeed } from "./seed/state-incentives";

/**
 * The 18 harmful findings of ../shared/reviews/content-fact-check-2026-11.md, section 1, each
 * tested so the text the review found fails. Findings 16 and 17 are in
 * tests/e2e/content-truth.spec.ts.
 */
const REVIEW_DAY = "2026-11-23";
const federal = (slug: string) => {
  const row = federalIncentiveSeed.find((r) => r.slug === slug);
  if (!row) throw new Error(`no federal row ${slug}`);
  return row;
};
const stateRow = (slug: string) => {
  const row = stateIncentiveSeed.find((r) => r.slug === slug);
  if (!row) throw new Error(`no state row ${slug}`);
  return row;
};
const policy = (slug: string) => {
  const row = policyUpdateSeed.find((r) => r.slug === slug);
  if (!row) throw new Error(`no policy update ${slug}`);
  return row;
};
const guideItem = (title: RegExp) => {
  const item = guide.items.find((i) => title.test(i.title));
  if (!item) throw new Error(`no guide item ${title}`);
  return item;
};
const seededBlock = (key: string) => siteContentSeed.find((b) => b.key === key);

describe("fact check 2026-11: harmful findings", () => {
  it("1. the site-wide banner no longer urges locking in a 30% credit, and gives the real deadline", () => {
    for (const text of [builtInBlocks.site_banner.content, seededBlock("site_banner")?.content ?? ""]) {
      expect(text).not.toMatch(/lock in|repeal/i);
      expect(text).toContain("December 31, 2027");
    }
    expect(builtInBlocks.site_banner.ctaLabel).toBe("Get My Custom Solar Quote");
    expect(builtInBlocks.site_banner.ctaLink).toBe("/submit-bill");
  });

  it("2. the home page's red banner says the begin-construction window has closed", () => {
    expect(incentiveCutsBanner.text).not.toMatch(/must begin construction by July 4, 2026 or/);
    expect(incentiveCutsBanner.text).toMatch(/closed on July 4, 2026/);
    expect(incentiveCutsBanner.text).toMatch(/placed in service by December 31, 2027/);
    expect(seededBlock("incentive_cuts_banner")?.content).toBe(incentiveCutsBanner.text);
  });

  it("3. the fallback federal credit card ends with 2027, not 2032", () => {
    const [credit] = fallbackFederalIncentives;
    expect(credit?.description).not.toMatch(/2032/);
    expect(credit?.description).toMatch(/placed in service by December 31, 2027/);
    expect(credit?.expiresOn).toBe(SOLAR_CREDIT_EXPIRES_ON);
  });

  it("4. the calculator counts no state money where no program has a structured value", () => {
    for (const code of ["ID", "SD", "AL", "GA", "TN", "KY", "LA", "OK", "WY", "MO"]) {
      const rows = stateIncentiveSeed.filter((r) => r.state === code);
      expect(rows.length, code).toBeGreaterThan(0);
      const result = estimate({ today: REVIEW_DAY, monthlyBill: 2500, state: code, pricePerKwh: 0.12 });
      expect(result.status === "ok" && result.stateIncentives.counted, code).toEqual([]);
    }
  });

  it("5. the federal line has a date after which the calculator drops it", () => {
    expect(SOLAR_CREDIT_EXPIRES_ON).toBe("2028-01-01");
    expect(federal("clean-electricity-investment-credit").expiresOn).toBe(SOLAR_CREDIT_EXPIRES_ON);
  });

  it("6. Policy Watch no longer says the credit 'may be under review' or 'lock in'", () => {
    const alert = builtInBlocks.policy_watch_alert;
    const cta = builtInBlocks.policy_watch_cta;
    for (const text of [alert.content, cta.title, cta.content]) expect(text).not.toMatch(/under review|lock in/i);
    expect(alert.content).toMatch(/cut by law in July 2025/);
    expect(alert.ctaLink).toBe("/incentives");
  });

  it("7. elective pay states the domestic-content condition (0% for 1 MW+ begun after 2025)", () => {
    expect(federal("elective-pay-and-transferability").description).toMatch(/domestic-content/);
    expect(federal("elective-pay-and-transferability").description).toMatch(/0%/);
    expect(guideItem(/Elective pay/).text).toMatch(/0% unless the domestic-content requirement/);
    expect(testimonials.find((t) => /clinic/i.test(t.title))?.text).toMatch(/domestic-content rule/);
    expect(policy("2025-07-elective-pay-transferability-kept").summary).toMatch(/domestic-content/);
  });

  it("8. REAP is 25% of cost from regular funds, 50% only for IRA-funded awards, with the 2025 limits", () => {
    const texts = [
      federal("usda-reap").description,
      fallbackFederalIncentives[2]?.description ?? "",
      guideItem(/REAP/).text,
    ];
    for (const text of texts) {
      expect(text).toMatch(/25%/);
      expect(text).toMatch(/50 kW/);
      expect(text).not.toMatch(/covering up to 50% of system costs|can fund a large share/);
    }
    expect(federal("usda-reap").status).toBe("At Risk");
    expect(policy("2026-11-usda-reap-funding-and-limits").summary).toMatch(/25%/);
  });

  it("9. Notice 2025-42's vacatur (June 6, 2026) is reported, its appeal status stated as unsettled", () => {
    const ruling = policy("2026-06-court-vacates-notice-2025-42");
    expect(ruling.datePublished).toBe("2026-06-06");
    expect(ruling.summary).toMatch(/vacated/);
    expect(ruling.summary).toMatch(/could not be confirmed as of November 23, 2026/);
    expect(policy("2025-08-notice-2025-42-begin-construction").summary).toMatch(/vacated/);
    expect(policy("2026-07-solar-begin-construction-window-closed").summary).toMatch(/vacat/);
  });

  it("10. the guide no longer counts on the ended 30C credit", () => {
    expect(guide.items.some((i) => /while it lasts/i.test(i.title))).toBe(false);
    expect(guideItem(/EV chargers/).text).toMatch(/ended for chargers placed in service after June 30, 2026/);
    expect(incentiveStatus(federal("ev-charger-credit-30c"), REVIEW_DAY)).toBe("Expired");
  });

  it("11. the guide gives the December 31, 2027 deadline and the FEOC rule, and no '2025 deadlines'", () => {
    const all = [...guide.keyDates.lines, ...guide.items.map((i) => i.text)].join(" ");
    expect(guide.keyDates.lines.join(" ")).toMatch(/placed in service by December 31, 2027/);
    expect(guide.keyDates.lines.join(" ")).toMatch(/FEOC/);
    expect(all).not.toMatch(/2025 deadlines/);
  });

  it("12. the Utah credit carries its placed-in-service-before-2028 end date", () => {
    const utah = stateRow("ut-renewable-energy-systems-tax-credit");
    expect(utah.expiresOn).toBe("2028-01-01");
    expect(utah.description).toMatch(/H\.B\. 264/);
  });

  it("13. Illinois Shines no longer says commercial projects are paid mostly upfront", () => {
    const shines = stateRow("il-illinois-shines").description;
    expect(shines).not.toMatch(/most of the value typically paid as the system is energized/);
    expect(shines).toMatch(/25 kW/);
    expect(shines).toMatch(/20-year/);
  });

  it("14. SGIP is described with its lapsed authorization, not as paying today", () => {
    const sgip = stateRow("ca-sgip-storage-incentives");
    expect(sgip.description).not.toMatch(/^The Self-Generation Incentive Program \(SGIP\)[^.]* pays/);
    expect(sgip.description).toMatch(/January 1, 2026/);
    expect(sgip.moneyValue).toBeNull();
    expect(guideItem(/storage/i).text).toMatch(/authorized only until January 1, 2026/);
  });

  it("15. the fallback depreciation card does not state 5-year MACRS as settled", () => {
    const depreciation = fallbackFederalIncentives[1]?.description ?? "";
    expect(depreciation).not.toMatch(/^Businesses can recover the cost of solar equipment over a 5-year schedule/);
    expect(depreciation).toMatch(/2025 law changed/);
  });

  it("18. storage units are not told to sell power back", () => {
    const blurb = industries.find((i) => i.slug === "storage-units")?.blurb ?? "";
    expect(blurb).not.toMatch(/sell power back/);
  });
});

describe("fact check 2026-11: lower-harm findings", () => {
  it("statuses: 30C Expired, Illinois supply-only in effect, the NJ ADI hold Expired with a follow-up", () => {
    expect(incentiveStatus(federal("ev-charger-credit-30c"), REVIEW_DAY)).toBe("Expired");
    expect(policy("2025-01-illinois-net-metering-supply-only").status).toBe("Confirmed");
    expect(policy("2026-02-new-jersey-adi-incentives-held").expiresOn).toBe("2026-06-01");
    expect(policy("2026-11-new-jersey-adi-hold-ended").summary).toMatch(/could not be confirmed/);
  });

  it("RI REG runs through 2033, NY-Sun C/I excludes Long Island, Iowa's value of solar is not dated mid-2027", () => {
    expect(stateRow("ri-renewable-energy-growth-program").description).toMatch(/2033/);
    expect(stateRow("ri-renewable-energy-growth-program").description).not.toMatch(/through 2029/);
    expect(stateRow("ny-nysun-commercial-industrial").description).toMatch(/Long Island[^.]*(excluded|not)/i);
    expect(stateRow("ia-iuc-net-metering-inflow-outflow").description).not.toMatch(/by mid-2027/);
  });

  it("the low-income bonus is for projects of less than 5 MW", () => {
    expect(federal("low-income-communities-bonus").description).toMatch(/less than 5 MW/);
  });

  it("no blanket review date: every row carries its own, none the old 2026-11-01", () => {
    for (const row of [...federalIncentiveSeed, ...stateIncentiveSeed, ...policyUpdateSeed]) {
      expect(row.lastReviewedAt, row.slug).not.toBe("2026-11-01");
    }
  });
});
