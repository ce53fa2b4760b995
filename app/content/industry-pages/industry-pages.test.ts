import { describe, expect, it } from "vitest";
import { SOLAR_DATA } from "~/content/solar-data";
import { falseClaims, unverifiedClaims } from "~/lib/content-claims";
import { computeExample, roundUsd } from "~/lib/industry-example";
import { exampleProblems, industryRow, paybackYears, savingsShare } from "~/lib/industry-page";
import { estimate } from "~/lib/solar-model";
import { costPerWAt } from "~/lib/solar-model/cost";
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
      // §30C ended for chargers placed in service after June 30, 2026.
      expect(
        text.filter((value) => /(30%|federal)[^.]*(EV|charg)[^.]*credit/i.test(value) && !/ended/i.test(value)),
      ).toEqual([]);
      expect(Object.keys(page.example).every((key) => EXAMPLE_INPUTS.includes(key))).toBe(true);
      expect(exampleProblems(page.example, { today: page.reviewedOn })).toEqual([]);
    },
  );
});

const EXAMPLE_INPUTS = ["title", "summary", "state", "monthlyBillUsd", "systemKw", "ownerType"];
const SLUGS = industries.map((entry) => entry.slug);
const CREDIT_DAYS = ["2026-11-23", "2026-11-26", "2027-12-31"];

function pageOf(slug: string) {
  const page = industryPages[slug];
  if (!page) throw new Error(slug);
  return page;
}

function modelRun(slug: string, today: string) {
  const { example } = pageOf(slug);
  const result = estimate({
    today,
    monthlyBill: example.monthlyBillUsd,
    state: example.state,
    maxSystemKw: example.systemKw,
    ownerType: example.ownerType,
  });
  if (result.status !== "ok") throw new Error(`${slug}: ${JSON.stringify(result.missing)}`);
  return { example, result };
}

describe("the industry pages' worked examples are the calculator's figures", () => {
  it.each(SLUGS)("%s: every figure shown is the model's, from the built-in sourced figures", (slug) => {
    for (const today of CREDIT_DAYS) {
      const { example, result } = modelRun(slug, today);
      const row = industryRow(pageOf(slug), today);
      const savings = roundUsd(result.firstYearSavings.value);
      const net = roundUsd(result.grossCost.value - result.federal.solarCredit.value);
      const bill = example.monthlyBillUsd * 12;
      const shown = { systemKw: example.systemKw, annualBillUsd: bill, annualSavingsUsd: savings, netCostUsd: net };
      expect(result.systemKwDc.value).toBe(example.systemKw);
      expect(result.federal.counted).toBe(true);
      expect(row.caseStudyMetrics.map((metric) => metric.text)).toEqual([
        `${example.systemKw.toLocaleString("en-US")} kW system`,
        `$${savings.toLocaleString("en-US")} saved a year (${savingsShare({ ...shown, title: "", summary: "" })}% of a $${bill.toLocaleString("en-US")} bill)`,
        `Payback in about ${paybackYears({ ...shown, title: "", summary: "" })} years on $${net.toLocaleString("en-US")} net cost`,
      ]);
      expect(row.caseStudyAuthor).toBe(`Illustrative example: ${example.title}`);
      const text = row.caseStudyQuote;
      expect(text.startsWith(`${example.summary} `)).toBe(true);
      const price = SOLAR_DATA.commercialPrice[example.state];
      const yieldRow = SOLAR_DATA.specificYield[example.state];
      if (!price || !yieldRow) throw new Error(slug);
      const perKw = Math.round(result.grossCost.value / example.systemKw);
      for (const figure of [
        `EIA's ${price.source.year} average commercial price`,
        `${Math.round(price.value * 10_000) / 100} cents per kWh`,
        `${yieldRow.value.toLocaleString("en-US")} kWh per kW`,
        `$${perKw.toLocaleString("en-US")} per kW`,
        `about $${roundUsd(result.grossCost.value).toLocaleString("en-US")}`,
        `about $${savings.toLocaleString("en-US")} saved`,
        `$${roundUsd(result.firstYearSavingsRange.low).toLocaleString("en-US")} to $${roundUsd(result.firstYearSavingsRange.high).toLocaleString("en-US")}`,
        `$${net.toLocaleString("en-US")} after the 30% federal credit`,
        "placed in service by December 31, 2027",
        `puts it at ${Math.round((result.simplePaybackYears?.value ?? Number.NaN) * 10) / 10} years`,
      ]) {
        expect(text, figure).toContain(figure);
      }
      expect(falseClaims(text)).toEqual([]);
      expect(unverifiedClaims(text)).toEqual([]);
      expect(text.length).toBeLessThanOrEqual(2000);
    }
  });

  it.each(SLUGS)("%s: implied price per kWh and cost per watt lie within the sourced figures", (slug) => {
    const { example, result } = modelRun(slug, "2026-11-26");
    const shown = computeExample(example, "2026-11-26");
    const price = SOLAR_DATA.commercialPrice[example.state]?.value ?? 0;
    const share = SOLAR_DATA.energyShareOfBillPct;
    const perKwh = shown.annualSavingsUsd / shown.firstYearKwh;
    expect(perKwh).toBeGreaterThanOrEqual((price * share.low) / 100);
    expect(perKwh).toBeLessThanOrEqual((price * share.high) / 100);
    expect(Math.abs(perKwh - (price * share.value) / 100)).toBeLessThanOrEqual(50 / shown.firstYearKwh);
    const grossPerW = result.grossCost.value / (example.systemKw * 1000);
    expect(grossPerW).toBeCloseTo(costPerWAt(SOLAR_DATA.costBands, example.systemKw).perW, 9);
    const costs = SOLAR_DATA.costBands.map((entry) => entry.value);
    expect(grossPerW).toBeGreaterThanOrEqual(Math.min(...costs));
    expect(grossPerW).toBeLessThanOrEqual(Math.max(...costs));
    expect(shown.netCostUsd / (example.systemKw * 1000)).toBeCloseTo(grossPerW * 0.7, 2);
    expect(shown.firstYearKwh).toBeCloseTo(example.systemKw * (SOLAR_DATA.specificYield[example.state]?.value ?? 0), 6);
  });

  it.each(SLUGS)("%s: from January 1, 2028 the example counts no federal credit and says so", (slug) => {
    for (const today of ["2028-01-01", "2029-06-30"]) {
      const { example, result } = modelRun(slug, today);
      expect(result.federal.counted).toBe(false);
      const shown = computeExample(example, today);
      expect(shown.federal.counted).toBe(false);
      expect(shown.netCostUsd).toBe(roundUsd(result.grossCost.value));
      expect(shown.netCostUsd).toBe(shown.grossCostUsd);
      expect(shown.summary).toContain(
        "with no federal credit: a solar system placed in service after December 31, 2027",
      );
      expect(shown.summary).not.toMatch(/after the \d+% federal credit/);
      const row = industryRow(pageOf(slug), today);
      expect(row.caseStudyMetrics[2]?.text).toContain(`on $${shown.grossCostUsd.toLocaleString("en-US")} net cost`);
      expect(falseClaims(row.caseStudyQuote)).toEqual([]);
    }
  });
});

describe("exampleProblems", () => {
  const farm = industryPages.farms?.example;
  if (!farm) throw new Error("farms");
  const today = "2026-11-26";
  const modelled = computeExample(farm, today);

  it("passes the model's own figures", () => {
    expect(exampleProblems(farm, { today })).toEqual([]);
    expect(exampleProblems(farm, { today, shown: modelled })).toEqual([]);
  });

  it("fails figures typed by hand that disagree with the model", () => {
    // The dairy's old hand-typed figures: $12,000 saved on a $26,000 bill, $100,800 net for 60 kW.
    const typed = { ...modelled, annualBillUsd: 26_000, annualSavingsUsd: 12_000, netCostUsd: 100_800 };
    const problems = exampleProblems(farm, { today, shown: typed }).join("\n");
    expect(problems).toMatch(/first-year savings shown, 12,000, is not the model's 5,000/);
    // 60 kW on REopt's curve: 2,746 − 49/89 × 804 = $2,303.35/kW → $138,201; less 30% = $96,741.
    expect(problems).toMatch(/net cost shown, 100,800, is not the model's 96,700/);
    expect(problems).toMatch(/annual bill shown/);
    // 15.3 cents a kWh is beyond even 70% of Wisconsin's EIA price.
    expect(problems).toMatch(/savings of 15\.3 cents per kWh are outside 3\.8–8\.9 cents/);
    expect(exampleProblems(farm, { today, shown: { ...modelled, netCostUsd: 40_000 } }).join()).toMatch(
      /\/W is outside/,
    );
    expect(exampleProblems(farm, { today, shown: { ...modelled, summary: "Saves $12,000 a year." } })).toContain(
      "the text shown is not the one worked out from the model",
    );
  });

  it("fails an example whose own words type a figure or name another size", () => {
    const typed = { ...farm, summary: `${farm.summary} It saves $12,000 a year, 46% of the bill.` };
    const problems = exampleProblems(typed, { today }).join("\n");
    expect(problems).toMatch(/states \$12,000, which is not an input/);
    expect(problems).toMatch(/types "46%"/);
    expect(exampleProblems({ ...farm, title: "75 kW on a dairy" }, { today }).join()).toMatch(/"75 kW"/);
    expect(
      exampleProblems({ ...farm, summary: farm.summary.replace("Wisconsin", "the Midwest") }, { today }),
    ).toContain("the summary does not name the state, Wisconsin");
  });

  it("fails an example whose bill is too small for the size it names, or a state with no figures", () => {
    expect(exampleProblems({ ...farm, monthlyBillUsd: 500 }, { today }).join()).toMatch(/model sizes the system at/);
    expect(exampleProblems({ ...farm, state: "PR" }, { today }).join()).toMatch(/No sourced price and yield/);
  });

  it("flags a payback beyond the system's life (the dairy once the credit is gone)", () => {
    expect(exampleProblems(farm, { today: "2028-01-01" }).join()).toMatch(/beyond the model's 25-year life/);
  });
});
