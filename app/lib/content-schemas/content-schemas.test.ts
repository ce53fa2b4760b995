import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { federalIncentiveSeed } from "~/content/seed/federal-incentives";
import { industrySeed } from "~/content/seed/industries";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { siteContentSeed } from "~/content/seed/site-content";
import { solarDataSeed } from "~/content/seed/solar-data";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import { KINDS } from "~/server/content/records.server";
import { HOME_PAGE_MESSAGE } from "./fields";
import {
  CONTENT_BLOCK_KEYS,
  type CONTENT_KINDS,
  contentFields,
  contentListFiltersFrom,
  HTTPS_URL_MESSAGE,
  incentiveMessages,
  incentiveSchema,
  industrySchema,
  policyUpdateMessages,
  SITE_LINK_MESSAGE,
  siteContentSchema,
  sourceMessages,
  validateContent,
} from "./index";

const incentive = {
  title: "Solar rebate",
  description: "Pays part of the cost.",
  type: "State",
  state: "NY",
  link: "https://www.nyserda.ny.gov/solar",
  moneyValue: "",
  status: "",
  priority: "20",
  expiresOn: "",
  sources: [{ url: "https://www.nyserda.ny.gov/solar", supports: "The rebate's rules and amount." }],
};

const blockSources = [{ url: "https://www.irs.gov/x", supports: "The deadline the text states." }];

const policy = {
  title: "Deadline set",
  summary: "Projects must be in service by the end of 2027.",
  status: "At Risk",
  level: "Federal",
  datePublished: "2025-07-04",
  expiresOn: "2028-01-01",
  link: "https://www.irs.gov/x",
  sources: [{ url: "https://www.irs.gov/x", supports: "The deadline this update reports." }],
};

describe("content editor schemas", () => {
  it("accept every built-in record unchanged (so saving an untouched record changes nothing)", () => {
    const check = (kind: (typeof CONTENT_KINDS)[number], rows: readonly Record<string, unknown>[]) => {
      for (const row of rows) {
        const result = validateContent(kind, row);
        expect(result, `${kind} ${String(row.slug ?? row.key)}`).toMatchObject({ ok: true });
        if (!result.ok) continue;
        for (const [field, value] of Object.entries(result.values)) {
          expect(value, `${kind} ${String(row.slug ?? row.key)} ${field}`).toEqual(row[field] ?? null);
        }
      }
    };
    check("incentive", [...federalIncentiveSeed, ...stateIncentiveSeed]);
    check("policy_update", policyUpdateSeed);
    check("site_content", siteContentSeed);
    check("industry", industrySeed);
    check("solar_data", solarDataSeed);
  });

  it("cover exactly the columns the services write", () => {
    const keysOf = (kind: (typeof CONTENT_KINDS)[number], input: unknown) => {
      const result = validateContent(kind, input);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      return Object.keys(result.values).filter((key) => key !== "key");
    };
    expect(keysOf("incentive", incentive).sort()).toEqual([...KINDS.incentive.editable].sort());
    expect(keysOf("policy_update", policy).sort()).toEqual([...KINDS.policy_update.editable].sort());
    expect(keysOf("site_content", siteContentSeed[0]).sort()).toEqual([...KINDS.site_content.editable].sort());
    expect(keysOf("industry", industrySeed[0]).sort()).toEqual([...KINDS.industry.editable].sort());
    expect(keysOf("solar_data", solarDataSeed[0]).sort()).toEqual([...KINDS.solar_data.editable].sort());
    const figureFields = new Set(
      ["energy_share", "cost_band_all", "commercial_price_az"].flatMap((key) =>
        contentFields("solar_data", key)
          .filter((field) => field.input !== "readonly")
          .map((field) => field.name),
      ),
    );
    expect([...figureFields].sort()).toEqual([...KINDS.solar_data.editable].sort());
    for (const kind of ["incentive", "policy_update", "industry"] as const) {
      const named = contentFields(kind)
        .filter((field) => field.input !== "readonly")
        .map((field) => field.name);
      expect(named.sort(), kind).toEqual([...KINDS[kind].editable].sort());
    }
  });

  it("refuse a bad source address, an end date before the start and control characters, with the field's message", () => {
    expect(validateContent("incentive", { ...incentive, link: "www.example.gov" })).toEqual({
      ok: false,
      errors: { link: HTTPS_URL_MESSAGE },
    });
    for (const link of ["http://www.irs.gov", "javascript:alert(1)", "https://localhost/x", "https://a b.gov"]) {
      expect(validateContent("incentive", { ...incentive, link })).toMatchObject({
        errors: { link: HTTPS_URL_MESSAGE },
      });
    }
    // A home page proves nothing: the page itself is asked for.
    for (const link of ["https://www.irs.gov", "https://www.irs.gov/"]) {
      expect(validateContent("incentive", { ...incentive, link })).toEqual({
        ok: false,
        errors: { link: HOME_PAGE_MESSAGE },
      });
      expect(validateContent("solar_data", { ...solarDataSeed[0], link })).toMatchObject({
        errors: { link: HOME_PAGE_MESSAGE },
      });
    }
    expect(
      validateContent("incentive", { ...incentive, link: "https://www.irs.gov/pub/irs-drop/n-25-42.pdf" }),
    ).toMatchObject({ ok: true });
    expect(validateContent("policy_update", { ...policy, expiresOn: "2025-07-03" })).toEqual({
      ok: false,
      errors: { expiresOn: policyUpdateMessages.endBeforeStart },
    });
    expect(validateContent("policy_update", { ...policy, expiresOn: "2025-07-04" })).toMatchObject({ ok: true });
    expect(validateContent("incentive", { ...incentive, title: "Solar\u0000 rebate" })).toEqual({
      ok: false,
      errors: { title: "Title contains characters that are not allowed. Please retype it." },
    });
    expect(validateContent("incentive", { ...incentive, description: "Two\u202Elines" })).toMatchObject({
      errors: { description: "Description contains characters that are not allowed. Please retype it." },
    });
    expect(validateContent("incentive", { ...incentive, description: "Line one.\nLine two." })).toMatchObject({
      ok: true,
    });
    expect(validateContent("incentive", { ...incentive, expiresOn: "2027-02-30" })).toMatchObject({
      errors: { expiresOn: "Enter a date as YYYY-MM-DD." },
    });
  });

  it("show every message of a submission at once", () => {
    const result = validateContent("policy_update", { ...policy, link: "nope", expiresOn: "2025-01-01", title: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        title: "Enter the update's headline.",
        link: HTTPS_URL_MESSAGE,
        expiresOn: policyUpdateMessages.endBeforeStart,
      },
    });
  });

  it("tie an incentive's state to its type", () => {
    expect(validateContent("incentive", { ...incentive, type: "Federal" })).toMatchObject({
      errors: { state: incentiveMessages.federalHasNoState },
    });
    expect(validateContent("incentive", { ...incentive, state: "" })).toMatchObject({
      errors: { state: incentiveMessages.stateNeeded },
    });
    expect(validateContent("incentive", { ...incentive, state: "ZZ" })).toMatchObject({
      errors: { state: incentiveMessages.state },
    });
    expect(validateContent("incentive", { ...incentive, state: "ny" })).toMatchObject({
      ok: true,
      values: { state: "NY", priority: 20, moneyValue: null, status: null, expiresOn: null },
    });
  });

  it("keep HTML as the text it is (pages render it as text)", () => {
    const result = validateContent("incentive", { ...incentive, title: "<script>alert(1)</script> & co" });
    expect(result).toMatchObject({ ok: true, values: { title: "<script>alert(1)</script> & co" } });
  });

  it("let a button go to a page, a section or https, never javascript:", () => {
    const banner = { key: "site_banner", content: "Text", ctaLabel: "Go", sources: blockSources };
    for (const ctaLink of ["/submit-bill", "#industries", "https://www.irs.gov/"]) {
      expect(validateContent("site_content", { ...banner, ctaLink })).toMatchObject({ ok: true });
    }
    for (const ctaLink of ["javascript:alert(1)", "//evil.example/", "/\\evil.example", "data:text/html,x"]) {
      expect(validateContent("site_content", { ...banner, ctaLink })).toMatchObject({
        errors: { ctaLink: SITE_LINK_MESSAGE },
      });
    }
  });

  it("ask each page text for the fields it shows, and store the others empty", () => {
    expect(validateContent("site_content", { key: "homepage_hero", title: "T", content: "C" })).toEqual({
      ok: false,
      errors: {
        ctaLabel: "Enter the button's label.",
        ctaLink: "Enter where the button goes.",
        imageUrl: "Enter the image's path.",
        sources: sourceMessages.none,
      },
    });
    expect(
      validateContent("site_content", {
        key: "how_it_works_intro",
        title: "T",
        content: "C",
        ctaLabel: "ignored",
        sources: blockSources,
      }),
    ).toEqual({
      ok: true,
      values: {
        key: "how_it_works_intro",
        title: "T",
        content: "C",
        ctaLabel: null,
        ctaLink: null,
        imageUrl: null,
        sources: blockSources,
      },
    });
    expect(CONTENT_BLOCK_KEYS).toEqual(
      expect.arrayContaining(["site_banner", "homepage_hero", "how_it_works_intro", "policy_watch_alert"]),
    );
    expect([...CONTENT_BLOCK_KEYS].sort()).toEqual(siteContentSeed.map((row) => row.key).sort());
  });

  it("read a submitted form with conform, nested list fields named as conform names them", () => {
    const form = new FormData();
    form.set("title", "Commercial Solar for Farms");
    form.set("benefits[0].icon", "sun");
    form.set("benefits[0].title", "Lower bills");
    form.set("benefits[0].description", "Power for pumps.");
    form.set("benefits[1].icon", "nope");
    form.set("benefits[1].title", "lower BILLS");
    form.set("benefits[1].description", "");
    form.set("heroImage", "//evil.example/x.png");
    const submission = parseWithZod(form, { schema: industrySchema });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : null).toMatchObject({
      heroImage: [expect.stringContaining("Enter a path on this site")],
      "benefits[1].icon": ["Choose an icon from the list."],
      "benefits[1].description": ["Enter the item's text."],
      "benefits[1].title": ["Each benefit needs its own title."],
    });
    const good = new FormData();
    for (const [name, value] of Object.entries(incentive)) if (typeof value === "string") good.set(name, value);
    good.set("sources[0].url", "https://www.nyserda.ny.gov/solar");
    good.set("sources[0].supports", "The rebate's rules and amount.");
    const parsed = parseWithZod(good, { schema: incentiveSchema });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toMatchObject({ priority: 20, state: "NY", moneyValue: null });
    const block = new FormData();
    block.set("key", "policy_watch_alert");
    block.set("content", "Alert");
    block.set("ctaLabel", "See");
    block.set("ctaLink", "/incentives");
    block.set("sources[0].url", "https://www.irs.gov/x");
    block.set("sources[0].supports", "The deadline the alert states.");
    expect(parseWithZod(block, { schema: siteContentSchema }).status).toBe("success");
  });

  it("read the list's filters from its URL, ignoring unknown values", () => {
    expect(
      contentListFiltersFrom(new URLSearchParams("q=%20solar%00&status=draft&type=State&state=ny&page=2")),
    ).toEqual({ q: "solar", status: "draft", type: "State", state: "NY", page: 2 });
    expect(contentListFiltersFrom(new URLSearchParams("status=gone&type=x&state=zz&page=-1"))).toEqual({
      q: "",
      status: null,
      type: null,
      state: null,
      page: 1,
    });
  });
});

describe("an incentive's calculator terms", () => {
  const base = {
    title: "A state credit",
    description: "d",
    type: "State",
    state: "NM",
    link: "https://example.org/credit",
    sources: [{ url: "https://example.org/credit", supports: "The credit's rate and cap." }],
  };
  const terms = {
    kind: "percent-of-cost",
    rate: "10",
    owners: "taxable",
    conditions: "10% of cost.",
    sourceUrl: "https://example.org/credit/terms",
  };

  it("reads the form's text as numbers, empty as none, and a checkbox as a flag", () => {
    const result = validateContent("incentive", {
      ...base,
      calculatorTerms: [{ ...terms, capPerYear: "6000", unconfirmed: "on" }],
    });
    expect(result).toMatchObject({
      ok: true,
      values: {
        calculatorTerms: [
          { kind: "percent-of-cost", rate: 10, capPerYear: 6000, capPerProject: null, unconfirmed: true },
        ],
      },
    });
    expect(validateContent("incentive", base)).toMatchObject({ ok: true, values: { calculatorTerms: [] } });
  });

  it("refuses what the model could not use, each with its message", () => {
    const refused = (extra: Record<string, string>) => {
      const result = validateContent("incentive", { ...base, calculatorTerms: [{ ...terms, ...extra }] });
      return result.ok ? {} : result.errors;
    };
    expect(refused({ rate: "150" })).toMatchObject({
      "calculatorTerms[0].rate": "A percent of cost is between 0 and 100.",
    });
    expect(refused({ kind: "per-kwh" })).toMatchObject({
      "calculatorTerms[0].years": "Enter for how many years it pays per kWh (1–30).",
    });
    expect(refused({ rate: "ten" })).toHaveProperty("calculatorTerms[0].rate");
    expect(refused({ sourceUrl: "http://example.org" })).toHaveProperty("calculatorTerms[0].sourceUrl");
    const two = validateContent("incentive", { ...base, calculatorTerms: [terms, terms] });
    expect(two.ok).toBe(false);
  });
});
