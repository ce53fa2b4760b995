import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { EstimateOk } from "~/lib/solar-model/types";
import { loader as quoteLoader } from "~/routes/check-my-quote";
import { action, loader } from "~/routes/solar-calculator";
import { readForEditor, saveAndPublish } from "~/server/content/editor.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { incentives, solarData, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { requestContext } from "~/server/request-context.server";
import { testSources } from "./content-sources";
import { dbTargets, openMigrated } from "./db-targets";

/** Wyoming without its price: the page must ask for one, not guess (tests/integration/unpriced-state.ts). */
vi.mock("~/server/calculator/model-data.server", async (original) =>
  (await import("./unpriced-state")).withoutPrice("WY", original),
);

type Answer = {
  data: { view: string; errors?: Record<string, string> } & Record<string, unknown>;
  init?: ResponseInit | null;
};
type LoaderArgs = Parameters<typeof loader>[0];
type ActionArgs = Parameters<typeof action>[0];
const context = requestContext("203.0.113.1");

/** The page's answer to a shared URL: the inputs are the query (a GET form). */
async function open(query: Record<string, string>) {
  return openUrl(`/solar-calculator?${new URLSearchParams(query)}`);
}

/** As a browser would: a redirect (to the short address of the inputs) is followed. */
async function openUrl(
  path: string,
  hops = 0,
): Promise<Answer["data"] & { status: number; headers: Headers; url: string }> {
  const request = new Request(`http://localhost${path}`);
  try {
    const answer = (await loader({ request, params: {}, context } as unknown as LoaderArgs)) as unknown as Answer;
    return {
      ...answer.data,
      status: answer.init?.status ?? 200,
      headers: new Headers(answer.init?.headers),
      url: path,
    };
  } catch (thrown) {
    if (!(thrown instanceof Response) || hops > 0) throw thrown;
    expect(thrown.status).toBe(302);
    return openUrl(thrown.headers.get("Location") ?? "", hops + 1);
  }
}

const resultOf = async (query: Record<string, string>) => {
  const page = await open(query);
  expect(page.view, JSON.stringify(page.errors ?? {})).toBe("result");
  return page as unknown as { result: EstimateOk };
};

describe.each(dbTargets)("calculator page on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseForTests(handle);
    // The built-in programs, with New Mexico's, South Carolina's and Utah's calculator terms.
    await seedDatabase(handle.db);
    await handle.db.insert(incentives).values([
      {
        slug: "test-tx-exemption",
        lastReviewedAt: "2026-11-20",
        title: "A Texas property tax exemption",
        description: "d",
        type: "State",
        state: "TX",
        moneyValue: "Value added by solar exempt from property tax",
        link: "https://example.org/tx-exemption",
        sources: testSources,
      },
      {
        lastReviewedAt: "2026-11-20",
        slug: "test-tx-rules",
        title: "Texas interconnection rules",
        description: "d",
        type: "Utility",
        state: "TX",
      },
      {
        slug: "test-tx-ended",
        lastReviewedAt: "2026-11-20",
        title: "An ended Texas rebate",
        description: "d",
        type: "State",
        state: "TX",
        moneyValue: "$1 per watt",
        expiresOn: "2020-01-01",
      },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("the empty form is a public page; a result is one visitor's, never kept by a shared cache", async () => {
    const form = await open({});
    expect(form.view).toBe("form");
    expect(form.headers.get("Cache-Control")).toBeNull();
    const result = await open({ monthlyBill: "2500", state: "TX" });
    expect(result.view).toBe("result");
    expect(result.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("Texas: no state money line from programs without a structured value; they are listed, the ended one is not", async () => {
    const { result } = await resultOf({ monthlyBill: "2500", state: "tx" });
    expect(result.stateIncentives.counted).toEqual([]);
    const listed = result.stateIncentives.mayAlsoApply.map((p) => p.title);
    expect(listed).toEqual(expect.arrayContaining(["A Texas property tax exemption", "Texas interconnection rules"]));
    expect(listed).not.toContain("An ended Texas rebate");
    // Savings are a range (energy charges 30–70% of the bill), never the spec's flat 70%.
    expect(result.firstYearSavingsRange.low).toBeCloseTo(9_000, 0);
    expect(result.firstYearSavingsRange.high).toBeCloseTo(21_000, 0);
  });

  it("fact check E4: New Mexico never counts more than $6,000 a year, South Carolina $3,500", async () => {
    for (const bill of ["2500", "20000"]) {
      // Claimed on personal income tax: counted for owners who pay it, never for a C corporation.
      const nm = (await resultOf({ monthlyBill: bill, state: "NM", owner: "pass-through" })).result;
      const credit = nm.stateIncentives.counted.find((p) => p.slug === "nm-solar-market-development-tax-credit");
      expect(credit).toBeDefined();
      for (const amount of credit?.byYear ?? []) expect(amount).toBeLessThanOrEqual(6_000);
      const corporation = (await resultOf({ monthlyBill: bill, state: "NM" })).result;
      expect(corporation.stateIncentives.counted).toEqual([]);
      const sc = (await resultOf({ monthlyBill: bill, state: "SC" })).result;
      const scCredit = sc.stateIncentives.counted.find((p) => p.slug === "sc-solar-energy-tax-credit");
      expect(scCredit).toBeDefined();
      for (const amount of scCredit?.byYear ?? []) expect(amount).toBeLessThanOrEqual(3_500);
    }
  });

  it("no federal line for a system placed in service in 2028 without a 2026 construction start", async () => {
    const late = (await resultOf({ monthlyBill: "2500", state: "TX", inService: "2028-03-01" })).result;
    expect(late.federal.counted).toBe(false);
    expect(late.federal.solarCredit.value).toBe(0);
    const begun = (await resultOf({ monthlyBill: "2500", state: "TX", inService: "2028-03-01", began: "2026" })).result;
    expect(begun.federal.counted).toBe(true);
  });

  it("refine inputs from the URL replace the defaults and are named as the visitor's", async () => {
    const { result } = await resultOf({
      monthlyBill: "5000",
      state: "CA",
      price: "0.25",
      energyShare: "60",
      yield: "1600",
      costPerW: "2.1",
      owner: "tax-exempt",
      financing: "loan",
      loanRate: "7",
      loanTerm: "10",
    });
    const ids = result.assumptions.map((a) => a.id);
    for (const id of ["input.pricePerKwh", "input.energySharePct", "input.specificYield", "input.installedCostPerW"])
      expect(ids).toContain(id);
    expect(result.federal.electivePay).toBe(true);
    expect(result.depreciation.value).toBe(0);
    expect(result.cashFlows[1]?.loanPayment).toBeGreaterThan(0);
  });

  it("the finance inputs (rates, an inverter replacement) from the URL are the visitor's; a cost needs its year", async () => {
    const { result } = await resultOf({
      monthlyBill: "5000",
      state: "TX",
      discountRate: "8",
      priceRise: "-1",
      omRise: "0",
      inverterCost: "15000",
      inverterYear: "12",
    });
    const ids = result.assumptions.map((a) => a.id);
    for (const id of ["discountRatePct", "priceEscalationPct", "omEscalationPct", "inverterCost", "inverterYear"])
      expect(ids).toContain(`input.${id}`);
    expect(result.npvAtHigherRate.ratePct).toBe(10);
    expect(result.cashFlows[12]?.operatingCost).toBeGreaterThan(15_000);
    const missing = await open({ monthlyBill: "5000", state: "TX", inverterCost: "15000", omRise: "11" });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({
      inverterYear: "Enter the year the inverter is replaced.",
      omRise: "Enter an O&M cost rise between -5% and 10% a year.",
    });
  });

  it("bad input: 400 with each field's message, nothing computed", async () => {
    const bad = await open({ monthlyBill: "", state: "", price: "abc", financing: "loan" });
    expect(bad.status).toBe(400);
    expect(bad.view).toBe("form");
    expect(bad.errors).toMatchObject({
      monthlyBill: "Monthly energy bill is required.",
      state: "State is required.",
      price: "Enter a price between $0.01 and $2.00 per kWh.",
      loanRate: "Enter the loan's interest rate.",
    });
  });

  it("the inverter and battery sizes from the URL decide each facility's rate; a battery without its power is asked for", async () => {
    const { result } = await resultOf({
      monthlyBill: "50000",
      state: "MA",
      maxKw: "195",
      acKw: "150",
      storageCost: "2500000",
      storageKw: "2000",
      began: "2025-early",
      inService: "2027-06-30",
    });
    expect([result.federal.solarRatePct, result.federal.storageRatePct]).toEqual([30, 6]);
    expect(result.assumptions.map((a) => a.id)).toEqual(
      expect.arrayContaining(["input.acKw", "input.storageKw", "rule.bonusPhaseDown"]),
    );
    expect(result.bonusDepreciationPct).toBe(0);
    const missing = await open({ monthlyBill: "2500", state: "MA", storageCost: "400000" });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({
      storageKw: "Enter the battery's power in kW (from its quote): its own size decides its credit rate.",
    });
    const tooBig = await open({ monthlyBill: "99999999", state: "TX" });
    expect(tooBig.errors).toEqual({
      monthlyBill: "Monthly energy bill can be at most $10,000,000; for a larger bill, talk to an advisor.",
    });
  });

  it("a state without a sourced price (Wyoming, as mocked here): the page asks for it instead of guessing", async () => {
    const wy = await open({ monthlyBill: "2500", state: "WY" });
    expect(wy.view).toBe("form");
    expect(String((wy.errors as Record<string, string>).price)).toContain("for Wyoming");
    expect((await resultOf({ monthlyBill: "2500", state: "WY", price: "0.11" })).result.status).toBe("ok");
  });

  it("an editor's calculator terms on a program decide what the estimate counts", async () => {
    const ada = { id: "editor-ada-calc", name: "Ada Editor", email: "ada-calc@example.com" };
    await handle.db.insert(user).values(ada);
    const [row] = await handle.db.select().from(incentives).where(eq(incentives.slug, "test-tx-exemption"));
    const values = (await readForEditor(handle.db, "incentive", row?.id ?? ""))?.values ?? {};
    const terms = {
      kind: "per-watt",
      rate: "0.25",
      capPerProject: "40000",
      owners: "both",
      conditions: "25 cents a watt, at most $40,000 a project.",
      sourceUrl: "https://example.org/texas-program/terms",
    };
    const saved = await saveAndPublish(
      handle.db,
      "incentive",
      row?.id ?? "",
      { ...values, calculatorTerms: [terms] },
      ada,
    );
    expect(saved).toMatchObject({ ok: true, changed: ["calculatorTerms"] });
    const { result } = await resultOf({ monthlyBill: "2500", state: "TX" });
    const counted = result.stateIncentives.counted.find((p) => p.slug === "test-tx-exemption");
    // 276.5 kW × 1,000 × $0.25 = $69,120, capped at $40,000 for the project.
    expect(counted?.total.value).toBe(40_000);
    expect(counted?.source.url).toBe("https://example.org/texas-program/terms");

    // Marked unconfirmed: listed, not counted.
    const again = (await readForEditor(handle.db, "incentive", row?.id ?? ""))?.values ?? {};
    await saveAndPublish(
      handle.db,
      "incentive",
      row?.id ?? "",
      { ...again, calculatorTerms: [{ ...terms, unconfirmed: "on" }] },
      ada,
    );
    const later = (await resultOf({ monthlyBill: "2500", state: "TX" })).result;
    expect(later.stateIncentives.counted).toEqual([]);
    expect(later.stateIncentives.mayAlsoApply.find((p) => p.slug === "test-tx-exemption")?.reason).toBe(
      "Its current value or funding could not be confirmed.",
    );
  });

  it("an editor's figure is what the estimate uses, with its source; a price typed in cents is refused", async () => {
    const grace = { id: "editor-grace-calc", name: "Grace Editor", email: "grace-calc@example.com" };
    await handle.db.insert(user).values(grace);
    const before = (await resultOf({ monthlyBill: "2500", state: "TX" })).result;
    expect(before.assumptions.find((a) => a.id === "data.price.TX")).toMatchObject({ value: 0.0882 });
    const values = (await readForEditor(handle.db, "solar_data", "commercial_price_tx"))?.values ?? {};
    expect(values).toMatchObject({ key: "commercial_price_tx", value: 0.0882, sourceYear: 2023 });

    const typo = await saveAndPublish(
      handle.db,
      "solar_data",
      "commercial_price_tx",
      { ...values, value: "9.5" },
      grace,
    );
    expect(typo).toMatchObject({ ok: false, errors: { value: expect.stringContaining("between 0.01 and 1.00") } });
    const [unchanged] = await handle.db.select().from(solarData).where(eq(solarData.key, "commercial_price_tx"));
    expect(unchanged?.value).toBe(0.0882);

    const saved = await saveAndPublish(
      handle.db,
      "solar_data",
      "commercial_price_tx",
      { ...values, value: "0.095", sourceYear: "2024", link: "https://www.eia.gov/electricity/monthly/" },
      grace,
    );
    expect(saved).toMatchObject({ ok: true });
    const after = (await resultOf({ monthlyBill: "2500", state: "TX" })).result;
    expect(after.assumptions.find((a) => a.id === "data.price.TX")).toMatchObject({
      value: 0.095,
      source: { url: "https://www.eia.gov/electricity/monthly/", year: 2024 },
    });
    // The refine input's hint names the figure in use, not the built-in one, on the result and the form.
    const page = await open({ monthlyBill: "2500", state: "TX" });
    expect((page.hints as Record<string, string>).price).toContain("9.5¢ per kWh, the 2024 average");
    const refused = await open({ monthlyBill: "", state: "TX" });
    expect((refused.hints as Record<string, string>).price).toContain("9.5¢ per kWh, the 2024 average");
    // $30,000 a year at $0.095: 315,789 kWh (it was 340,136 at $0.0882).
    expect(after.annualUseKwh.value).toBeCloseTo(30_000 / 0.095, 0);
    expect(before.annualUseKwh.value).toBeCloseTo(30_000 / 0.0882, 0);
    // The key is the address's, whatever the form says: a figure cannot be moved to another.
    const moved = await saveAndPublish(
      handle.db,
      "solar_data",
      "commercial_price_tx",
      { ...values, key: "commercial_price_ca", value: "0.3" },
      grace,
    );
    expect(moved).toMatchObject({ ok: true });
    const [ca] = await handle.db.select().from(solarData).where(eq(solarData.key, "commercial_price_ca"));
    expect(ca?.value).toBe(0.2391);
    // Restore the seeded figure for the other tests.
    await saveAndPublish(handle.db, "solar_data", "commercial_price_tx", values, grace);
  });

  it("the address keeps only the inputs given: empty and default fields are dropped by one redirect", async () => {
    const sent = "monthlyBill=2500&state=TX&price=&energyShare=55&owner=taxable&financing=cash&loanRate=";
    const page = await openUrl(`/solar-calculator?${sent}`);
    expect(page.url).toBe("/solar-calculator?monthlyBill=2500&state=TX&energyShare=55");
    expect(page.view).toBe("result");
    // Nothing but empty fields: the required ones stay, so their messages show.
    const empty = await openUrl("/solar-calculator?monthlyBill=&state=&price=");
    expect(empty.url).toBe("/solar-calculator?monthlyBill=&state=");
    expect(empty.status).toBe(400);
  });

  it("a low bill gets the lower-usage notice, not a breakdown", async () => {
    expect((await open({ monthlyBill: "300", state: "TX" })).view).toBe("low-bill");
  });

  it("a post answers with the shareable URL (303), or 400 with the messages", async () => {
    const post = (fields: Record<string, string>) =>
      action({
        request: new Request("http://localhost/solar-calculator", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        params: {},
        context,
      } as unknown as ActionArgs);
    const moved = (await post({ monthlyBill: "2500", state: "NM", price: "0.1" })) as Response;
    expect(moved.status).toBe(303);
    expect(moved.headers.get("Location")).toBe("/solar-calculator?monthlyBill=2500&state=NM&price=0.1");
    const refused = (await post({ monthlyBill: "", state: "" })) as unknown as Answer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toMatchObject({ monthlyBill: "Monthly energy bill is required." });
  });

  it("Check my quote: a GET address flags the proposal's lines; bad input gets each field's message", async () => {
    const quote = async (path: string) => {
      try {
        return (await quoteLoader({
          request: new Request(`http://localhost${path}`),
          params: {},
          context,
        } as unknown as Parameters<typeof quoteLoader>[0])) as unknown as Answer;
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    // A GET form sends every field: the address keeps only those given.
    const moved = (await quote("/check-my-quote?state=TX&kw=200&acKw=&cost=600000&kwh=&owner=taxable")) as Response;
    expect(moved.headers.get("Location")).toBe("/check-my-quote?state=TX&kw=200&cost=600000");
    const page = (await quote(
      "/check-my-quote?state=TX&kw=200&cost=600000&credit=180000&inService=2028-06-01",
    )) as Answer;
    expect(page.data.view).toBe("result");
    const lines = page.data.lines as { id: string; verdict: string }[];
    expect(lines.filter((line) => line.verdict === "flag").map((line) => line.id)).toEqual(["price", "credit"]);
    expect(page.init?.headers).toMatchObject({ "Cache-Control": expect.stringContaining("no-store") });
    const bad = (await quote("/check-my-quote?state=&kw=abc&cost=")) as Answer;
    expect(bad.init?.status).toBe(400);
    expect(bad.data.errors).toEqual({
      state: "State is required.",
      kw: "Enter a system size between 1 and 100,000 kW DC.",
      cost: "Enter the proposal's price for the solar system, in dollars.",
    });
  });
});
