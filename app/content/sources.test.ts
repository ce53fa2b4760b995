import { describe, expect, it } from "vitest";
import { contentSchemas, contentSourceSchema, isSpecificPage } from "~/lib/content-schemas";
import { isPlausibleDate } from "~/lib/content-schemas/fields";
import { buyersGuideSections, buyersGuideSources } from "./buyers-guide";
import { fallbackFederalIncentives } from "./home";
import { federalIncentiveSeed } from "./seed/federal-incentives";
import { industrySeed } from "./seed/industries";
import { policyUpdateSeed } from "./seed/policy-updates";
import { siteContentSeed } from "./seed/site-content";
import { solarDataSeed } from "./seed/solar-data";
import { stateIncentiveSeed } from "./seed/state-incentives";

const FACT_CHECK = "2026-11-23";
/** The date this was written: a review date after it is one nobody reviewed on. */
const WRITTEN = "2026-11-29";

type Sourced = { id: string; sources: readonly { url: string; supports: string }[] | undefined; reviewed: unknown };

const records: Sourced[] = [
  ...[...federalIncentiveSeed, ...stateIncentiveSeed].map((row) => ({
    id: `incentive ${row.slug}`,
    sources: row.sources,
    reviewed: row.lastReviewedAt,
  })),
  ...policyUpdateSeed.map((row) => ({ id: `policy ${row.slug}`, sources: row.sources, reviewed: row.lastReviewedAt })),
  ...industrySeed.map((row) => ({ id: `industry ${row.slug}`, sources: row.sources, reviewed: row.lastReviewedAt })),
  ...siteContentSeed.map((row) => ({ id: `block ${row.key}`, sources: row.sources, reviewed: row.lastReviewedAt })),
];

describe("every built-in record, block and text is backed by the page that proves it", () => {
  it("covers every record kind the site shows", () => {
    expect(records.length).toBe(
      federalIncentiveSeed.length +
        stateIncentiveSeed.length +
        policyUpdateSeed.length +
        industrySeed.length +
        siteContentSeed.length,
    );
    expect(siteContentSeed.length).toBe(6);
    expect(industrySeed.length).toBe(18);
  });

  it.each(records)("$id: at least one specific source, each saying what it proves", ({ sources }) => {
    expect(sources?.length ?? 0).toBeGreaterThan(0);
    for (const source of sources ?? []) {
      expect(contentSourceSchema.safeParse(source).success, source.url).toBe(true);
      expect(isSpecificPage(source.url), source.url).toBe(true);
      expect(source.supports.length, source.url).toBeGreaterThan(20);
    }
    expect(new Set(sources?.map((source) => source.url)).size).toBe(sources?.length);
  });

  it.each(records)("$id: a review date from a review (the fact check or later, never a future day)", ({ reviewed }) => {
    expect(typeof reviewed === "string" && isPlausibleDate(reviewed), String(reviewed)).toBe(true);
    expect((reviewed as string) >= FACT_CHECK && (reviewed as string) <= WRITTEN, String(reviewed)).toBe(true);
  });

  it("every built-in record passes the editor's schema, sources included (staff can save it as it is)", () => {
    for (const row of [...federalIncentiveSeed, ...stateIncentiveSeed]) {
      const parsed = contentSchemas.incentive.safeParse(row);
      expect(parsed.success, `${row.slug}: ${parsed.error?.message}`).toBe(true);
    }
    for (const row of policyUpdateSeed) {
      const parsed = contentSchemas.policy_update.safeParse(row);
      expect(parsed.success, `${row.slug}: ${parsed.error?.message}`).toBe(true);
    }
    for (const row of siteContentSeed) {
      const parsed = contentSchemas.site_content.safeParse(row);
      expect(parsed.success, `${row.key}: ${parsed.error?.message}`).toBe(true);
    }
    for (const row of industrySeed) {
      const parsed = contentSchemas.industry.safeParse(row);
      expect(parsed.success, `${row.slug}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("the editor refuses a record without a source, a home page, a source without what it proves, a page twice", () => {
    const [row] = federalIncentiveSeed;
    if (!row) throw new Error("no federal incentive");
    const errorsOf = (sources: unknown) =>
      contentSchemas.incentive.safeParse({ ...row, sources }).error?.issues.map((issue) => issue.message) ?? [];
    expect(errorsOf([])).toContain("Add at least one source: the page that proves the statements, and what it proves.");
    expect(errorsOf([{ url: "https://www.irs.gov/", supports: "The credit." }]).join()).toMatch(
      /not the site's home page/,
    );
    expect(errorsOf([{ url: "https://www.irs.gov/credits", supports: "" }])).toContain(
      "Say which statement this page proves.",
    );
    const page = { url: "https://www.irs.gov/credits", supports: "The credit's rate." };
    expect(errorsOf([page, page])).toContain("Each page is listed once: this address is already a source above.");
  });

  it("an industry page cites storage's credit schedule only when its text is about batteries", () => {
    const cites45Y = (slug: string) =>
      industrySeed.find((row) => row.slug === slug)?.sources.some((source) => source.url.endsWith("/26/45Y"));
    expect(cites45Y("farms")).toBe(true); // "a battery can carry critical fans"
    expect(cites45Y("winery")).toBe(false); // "barrel storage" is not energy storage
  });

  it("calculator figures, the fallback cards and the buyer's guide cite specific pages with dates", () => {
    for (const row of solarDataSeed) {
      expect(isSpecificPage(row.link), `${row.key}: ${row.link}`).toBe(true);
      expect(row.sourceTitle.length, row.key).toBeGreaterThan(10);
      expect(row.lastReviewedAt >= FACT_CHECK, row.key).toBe(true);
    }
    for (const card of fallbackFederalIncentives) {
      expect(isSpecificPage(card.link ?? ""), card.title).toBe(true);
      expect(card.lastReviewedAt >= FACT_CHECK, card.title).toBe(true);
    }
    for (const section of buyersGuideSections) {
      for (const statement of section.statements) {
        expect(statement.sources.length, statement.text).toBeGreaterThan(0);
        expect(statement.reviewedOn >= FACT_CHECK, statement.text).toBe(true);
      }
    }
    for (const source of buyersGuideSources) expect(isSpecificPage(source.url), source.url).toBe(true);
  });
});
