import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { policyUpdateSeed } from "~/content/seed/policy-updates";
import { stateIncentiveSeed } from "~/content/seed/state-incentives";
import IncentivesPage, { INCENTIVES_PAGE_SIZE, loader as incentivesLoader } from "~/routes/incentives";
import PolicyWatchPage, { POLICY_UPDATES_PAGE_SIZE, loader as policyLoader } from "~/routes/policy-watch";
import { saveDraft } from "~/server/content/editor.server";
import { previewOverlay } from "~/server/content/preview.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseForTests } from "~/server/db/db.server";
import { incentives, policyUpdates, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import {
  readIncentivePage,
  readIncentives,
  readPolicyUpdatePage,
  readPolicyUpdates,
} from "~/server/queries/incentives.server";
import { requestContext } from "~/server/request-context.server";
import { testSources } from "./content-sources";
import { dbTargets, openMigrated } from "./db-targets";
import { unwrap } from "./loader-result";

/**
 * The public searches: full-text search over the generated vectors of migration 0009,
 * ranked, with a prefix and then a substring fallback; and the pages of /incentives and
 * /policy-watch (total, page past the end, the page holding a previewed record).
 */
const program = (slug: string, fields: Partial<typeof incentives.$inferInsert>) => ({
  slug,
  title: slug,
  description: "A program.",
  type: "State",
  lastReviewedAt: "2026-11-20",
  state: null,
  priority: 50,
  ...fields,
});

const slugs = (rows: { slug: string }[]) => rows.map((row) => row.slug);

describe.each(dbTargets)("incentive search on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(incentives).values([
      program("itc", {
        type: "Federal",
        title: "Clean Electricity Investment Tax Credit (Section 48E)",
        description: "A credit of up to 30% of the cost of a solar system placed in service by 2027.",
        priority: 10,
      }),
      program("depreciation", {
        type: "Federal",
        title: "Bonus Depreciation",
        description: "Deduct the depreciable cost of solar equipment in the first year.",
        priority: 20,
      }),
      program("tx-exemption", {
        state: "TX",
        title: "Property Tax Exemption (Tax Code 11.27)",
        description: "The added value of an on-site power system is exempt from property tax.",
        priority: 10,
      }),
      program("in-edg", {
        state: "IN",
        title: "Excess Distributed Generation Rules",
        description: "Credits exported energy at a rate set by the utility commission.",
        priority: 10,
      }),
      program("ny-rebates", {
        type: "Utility",
        state: "NY",
        title: "Con Ed Business Rebates",
        description: "Rebates for batteries paired with panels.",
        priority: 5,
      }),
      program("nj-net-metering", {
        state: "NJ",
        title: "New Jersey Net Metering",
        description: "Net metering credits exports at the retail rate.",
        priority: 10,
      }),
      program("pct", {
        state: "CA",
        title: "100% off_sale",
        description: "literal % and _",
        priority: 10,
      }),
      program("retired-solar", {
        state: "CA",
        title: "Retired Solar Grant",
        description: "A solar grant that ended.",
        retiredAt: new Date("2026-01-01T00:00:00Z"),
      }),
    ]);
    await handle.db.insert(policyUpdates).values(
      Array.from({ length: 25 }, (_, i) => ({
        slug: `update-${String(i).padStart(2, "0")}`,
        lastReviewedAt: "2026-11-20",
        title: i % 5 === 0 ? `Net metering review ${i}` : `Deadline notice ${i}`,
        summary: i % 5 === 0 ? "The commission reviews export credits." : "A filing deadline moved.",
        status: "Confirmed",
        level: i % 2 ? "Federal" : "State",
        datePublished: `2026-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + i).padStart(2, "0")}`,
      })),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("keeps a generated search vector on every incentive and policy update", async () => {
    const rows = (await handle.db.execute(
      sql`select count(*)::int as n from incentives where search_vector is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
    const [tx] = (
      (await handle.db.execute(
        sql`select search_vector::text as v from incentives where slug = 'tx-exemption'`,
      )) as unknown as {
        rows: { v: string }[];
      }
    ).rows;
    // The state's name and its code are in the vector although the text names neither.
    expect(tx?.v).toContain("'texa':");
    expect(tx?.v).toContain("'tx':");
    // Editing a row rewrites its vector (a generated column).
    await handle.db.update(incentives).set({ description: "Now about geothermal." }).where(eq(incentives.slug, "pct"));
    expect(slugs(await readIncentives(handle.db, { search: "geothermal" }))).toEqual(["pct"]);
    await handle.db.update(incentives).set({ description: "literal % and _" }).where(eq(incentives.slug, "pct"));
  });

  it("finds words whatever their form, and ranks title matches first", async () => {
    expect(slugs(await readIncentives(handle.db, { search: "solar" }))).toEqual(["itc", "depreciation"]);
    // Stemming: "rebate" finds "Rebates", "battery" finds "batteries", "depreciating" the depreciation.
    expect(slugs(await readIncentives(handle.db, { search: "rebate" }))).toEqual(["ny-rebates"]);
    expect(slugs(await readIncentives(handle.db, { search: "battery" }))).toEqual(["ny-rebates"]);
    expect(slugs(await readIncentives(handle.db, { search: "depreciating" }))).toEqual(["depreciation"]);
    // Words anywhere, in any order, not only an exact substring.
    expect(slugs(await readIncentives(handle.db, { search: "tax property" }))).toEqual(["tx-exemption"]);
    // Relevance first (title A, description B, type and state C), then priority, then title.
    expect(slugs(await readIncentives(handle.db, { search: "credit" }))).toEqual(["itc", "in-edg", "nj-net-metering"]);
    // In a description (B) outranks being of that type (C), although the Utility program comes first by priority.
    expect(slugs(await readIncentives(handle.db, { search: "utility" }))).toEqual(["in-edg", "ny-rebates"]);
  });

  it("finds a section number, a state by name or code, and reads the visitor's search syntax", async () => {
    expect(slugs(await readIncentives(handle.db, { search: "48E" }))).toEqual(["itc"]);
    expect(slugs(await readIncentives(handle.db, { search: "Texas" }))).toEqual(["tx-exemption"]);
    expect(slugs(await readIncentives(handle.db, { search: "tx" }))).toEqual(["tx-exemption"]);
    // "IN" is an English stop word, yet the state code is found.
    expect(slugs(await readIncentives(handle.db, { search: "IN" }))).toEqual(["in-edg"]);
    expect(slugs(await readIncentives(handle.db, { search: "new york" }))).toEqual(["ny-rebates"]);
    expect(slugs(await readIncentives(handle.db, { search: '"net metering"' }))).toEqual(["nj-net-metering"]);
    expect(slugs(await readIncentives(handle.db, { search: "solar -depreciation" }))).toEqual(["itc"]);
    expect(slugs(await readIncentives(handle.db, { search: "federal" }))).toEqual(["itc", "depreciation"]);
  });

  it("falls back to a prefix while typing, then to the substring, and never to anything else", async () => {
    expect(slugs(await readIncentives(handle.db, { search: "sol" }))).toEqual(["itc", "depreciation"]);
    expect(slugs(await readIncentives(handle.db, { search: "net met" }))).toEqual(["nj-net-metering"]);
    expect(slugs(await readIncentives(handle.db, { search: "Excess Distrib" }))).toEqual(["in-edg"]);
    // Punctuation and parts of words the parser splits: the spec's case-insensitive substring.
    expect(slugs(await readIncentives(handle.db, { search: "100%" }))).toEqual(["pct"]);
    expect(slugs(await readIncentives(handle.db, { search: "f_s" }))).toEqual(["pct"]);
    expect(slugs(await readIncentives(handle.db, { search: "o_f" }))).toEqual([]);
    expect(slugs(await readIncentives(handle.db, { search: "11.27" }))).toEqual(["tx-exemption"]);
    expect(await readIncentives(handle.db, { search: "geothermal heat pump" })).toEqual([]);
  });

  it("answers any text without an error, and leaves retired records out", async () => {
    for (const search of [
      "'",
      '"',
      "\\",
      "a:*",
      "!(solar | tax) & <->",
      "''':*",
      "solar ''",
      "-",
      "ǆ² × Ω",
      "😀 solar",
      "x".repeat(100),
      "the and or",
    ]) {
      await expect(readIncentives(handle.db, { search })).resolves.toBeInstanceOf(Array);
      await expect(readIncentivePage(handle.db, { search }, { pageSize: 2 })).resolves.toHaveProperty("total");
    }
    expect(slugs(await readIncentives(handle.db, { search: "grant" }))).toEqual([]);
    expect(slugs(await readIncentives(handle.db, { search: "Retired" }))).toEqual([]);
  });

  it("combines the search with the type and state filters", async () => {
    expect(slugs(await readIncentives(handle.db, { type: "State", search: "tax" }))).toEqual(["tx-exemption"]);
    expect(slugs(await readIncentives(handle.db, { type: "Federal", search: "tax" }))).toEqual(["itc"]);
    expect(await readIncentives(handle.db, { type: "Utility", search: "depreciation" })).toEqual([]);
    expect(slugs(await readIncentives(handle.db, { state: "ny", search: "rebate" }))).toEqual(["ny-rebates"]);
  });

  it("pages a list: the total, each page in order with no repeats, and the last page past the end", async () => {
    const all = await readIncentives(handle.db);
    expect(all).toHaveLength(7);
    const first = await readIncentivePage(handle.db, {}, { page: 1, pageSize: 3 });
    const second = await readIncentivePage(handle.db, {}, { page: 2, pageSize: 3 });
    const third = await readIncentivePage(handle.db, {}, { page: 3, pageSize: 3 });
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect([first.page, second.page, third.page]).toEqual([1, 2, 3]);
    expect([...slugs(first.rows), ...slugs(second.rows), ...slugs(third.rows)]).toEqual(slugs(all));
    const past = await readIncentivePage(handle.db, {}, { page: 40, pageSize: 3 });
    expect(past).toMatchObject({ page: 3, total: 7, pageSize: 3 });
    expect(slugs(past.rows)).toEqual(slugs(third.rows));

    // A search is paged in its ranked order, and a page holds whole rows.
    const ranked = await readIncentives(handle.db, { search: "credit" });
    const page2 = await readIncentivePage(handle.db, { search: "credit" }, { page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect(slugs(page2.rows)).toEqual(slugs(ranked.slice(2)));
    expect(page2.rows[0]).toMatchObject({ title: "New Jersey Net Metering", state: "NJ", type: "State" });

    const none = await readIncentivePage(handle.db, { search: "geothermal heat pump" }, { page: 3, pageSize: 3 });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1 });
  });

  it("reads each page through a statement kept per shape, as the query built per request reads it", async () => {
    // A focus the list does not hold sends the read down the built-per-request path.
    const built = { focusId: randomUUID() };
    // Shapes that differ only by a filter come in pairs, each way round: a statement kept for one
    // must not answer the other.
    const cases = [
      [{ search: "tax" }, 1],
      [{ search: "tax", type: "State" }, 1],
      [{ search: "tax" }, 1],
      [{ search: "credit" }, 2],
      [{ search: "reb" }, 1],
      [{ search: "net met" }, 1],
      [{ search: "100%" }, 1],
      [{ search: "rebate", state: "ny" }, 1],
      [{ search: "rebate" }, 1],
      [{ type: "State" }, 1],
      [{}, 1],
      [{ state: null }, 1],
      [{ type: "State" }, 2],
      [{}, 9],
    ] as const;
    for (const [query, page] of cases) {
      const kept = await readIncentivePage(handle.db, query, { page, pageSize: 2 });
      const rebuilt = await readIncentivePage(handle.db, query, { page, pageSize: 2, ...built });
      expect({ query, ...kept, rows: slugs(kept.rows) }).toEqual({ query, ...rebuilt, rows: slugs(rebuilt.rows) });
    }
    // The same statement, other words: each search finds its own rows.
    const first = await readIncentivePage(handle.db, { search: "depreciation" }, { pageSize: 5 });
    const second = await readIncentivePage(handle.db, { search: "rebates" }, { pageSize: 5 });
    expect(slugs(first.rows)).toEqual(["depreciation"]);
    expect(slugs(second.rows)).not.toContain("depreciation");
    expect(second.total).toBeGreaterThan(0);
  });

  it("gives the page holding a record when asked to show it", async () => {
    const all = await readIncentives(handle.db);
    const sixth = all[5];
    if (!sixth) throw new Error("no sixth row");
    const page = await readIncentivePage(handle.db, {}, { page: 1, pageSize: 2, focusId: sixth.id });
    expect(page.page).toBe(3);
    expect(slugs(page.rows)).toContain(sixth.slug);
    // A record the list does not hold changes nothing.
    const other = await readIncentivePage(handle.db, { type: "Utility" }, { page: 1, pageSize: 2, focusId: sixth.id });
    expect(other.page).toBe(1);
  });

  it("shows a previewed new incentive on the page it will land on, and stores nothing", async () => {
    const editor = { id: `search-editor-${target.name}`, name: "Sam Editor", email: `sam-${target.name}@example.com` };
    await handle.db.insert(user).values(editor);
    const saved = await saveDraft(
      handle.db,
      "incentive",
      null,
      {
        title: "Zephyr County Solar Grant",
        description: "A grant for barns.",
        type: "State",
        state: "VT",
        link: "https://www.example.gov/zephyr",
        sources: testSources,
        priority: 99,
      },
      editor,
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    const preview = await previewOverlay(handle.db, "incentive", saved.id, { today: "2026-12-01" });
    const page = await readIncentivePage(handle.db, {}, { pageSize: 2, focusId: saved.id }, { preview });
    expect(page).toMatchObject({ total: 8, page: 4 });
    expect(page.rows.map((row) => row.title)).toContain("Zephyr County Solar Grant");
    const searched = await readIncentivePage(handle.db, { search: "zephyr" }, { pageSize: 2 }, { preview });
    expect(searched.rows.map((row) => row.id)).toEqual([saved.id]);
    expect(await readIncentives(handle.db, { search: "zephyr" })).toEqual([]);
  });

  it("searches and pages Policy Watch, newest first", async () => {
    const everything = await readPolicyUpdates(handle.db);
    const first = await readPolicyUpdatePage(handle.db, {}, { page: 1, pageSize: 10 });
    expect(first).toMatchObject({ total: 25, page: 1 });
    expect(slugs(first.rows)).toEqual(slugs(everything.slice(0, 10)));
    const last = await readPolicyUpdatePage(handle.db, {}, { page: 3, pageSize: 10 });
    expect(slugs(last.rows)).toEqual(slugs(everything.slice(20)));

    // "metered" finds "metering" (stemming); "review" and a prefix ("revi") too; order stays by date.
    const metering = await readPolicyUpdatePage(handle.db, { search: "metered" }, { page: 1, pageSize: 10 });
    expect(metering.total).toBe(5);
    const dates = metering.rows.map((row) => row.datePublished);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await readPolicyUpdates(handle.db, { search: "revi" })).map((row) => row.slug).sort()).toEqual(
      slugs(metering.rows).sort(),
    );
    const federal = await readPolicyUpdatePage(
      handle.db,
      { search: "deadline", level: "Federal" },
      { page: 1, pageSize: 10 },
    );
    expect(federal.total).toBe(10);
    expect(federal.rows.every((row) => row.level === "Federal" && row.title.startsWith("Deadline"))).toBe(true);
  });
});

type LoaderArgs = Parameters<typeof incentivesLoader>[0];
const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: requestContext("203.0.113.1") }) as unknown as LoaderArgs;

function render(Component: unknown, loaderData: unknown) {
  const Page = Component as (props: { loaderData: unknown }) => React.ReactNode;
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Page, { loaderData }) }]);
  return renderToString(createElement(Stub, { initialEntries: ["/"] }));
}

describe.each(dbTargets)("paged /incentives and /policy-watch on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    await seedDatabase(handle.db);
    useDatabaseForTests(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  const incentivesPage = async (query: string) => {
    const { page } = unwrap(await incentivesLoader(args(`http://localhost/incentives${query}`)));
    return { data: page, html: render(IncentivesPage, page) };
  };

  it("shows a page of cards, the total, and Previous/Next links that keep the filters", async () => {
    const { count } = await handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(incentives)
      .then((rows) => rows[0] ?? { count: 0 });
    const first = await incentivesPage("");
    expect(first.data.incentives).toHaveLength(INCENTIVES_PAGE_SIZE);
    expect(first.html).toContain(`Showing 1–${INCENTIVES_PAGE_SIZE} of ${count} incentives`);
    expect(first.html).toContain('aria-label="Incentive pages"');
    expect(first.html).toContain('href="/incentives?page=2" rel="next"');
    expect(first.html).not.toContain('rel="prev"');

    const pages = Math.ceil(count / INCENTIVES_PAGE_SIZE);
    const last = await incentivesPage(`?page=${pages}`);
    expect(last.data.incentives).toHaveLength(count - (pages - 1) * INCENTIVES_PAGE_SIZE);
    expect(last.html).toContain(`Page ${pages} of ${pages}`);
    expect(last.html).toContain(`href="/incentives?page=${pages - 1}" rel="prev"`);
    expect(last.html).not.toContain('rel="next"');
    // Past the end, or not a number: the last page, or the first.
    expect((await incentivesPage("?page=999")).data.paging.page).toBe(pages);
    expect((await incentivesPage("?page=-2")).data.paging.page).toBe(1);
    expect((await incentivesPage("?page=abc")).data.paging.page).toBe(1);

    const state = stateIncentiveSeed.filter((row) => row.type === "State").length;
    expect(state).toBeGreaterThan(INCENTIVES_PAGE_SIZE);
    const filtered = await incentivesPage("?type=State&page=2");
    expect(filtered.html).toContain(`Showing ${INCENTIVES_PAGE_SIZE + 1}–`);
    expect(filtered.html).toContain(`of ${state} incentives · State`);
    expect(filtered.html).toContain('href="/incentives?type=State" rel="prev"');
    // The filter buttons and the search start again at page 1.
    expect(filtered.html).toContain('href="/incentives?type=Federal"');
    expect(filtered.html).not.toContain('name="page"');
  });

  it("shows a short result without paging, and the spec's text when nothing matches", async () => {
    const texas = await incentivesPage("?q=texas");
    expect(texas.data.incentives.length).toBeGreaterThan(0);
    expect(texas.html).toContain(`${texas.data.incentives.length} incentives · matching “texas”`);
    expect(texas.html).not.toContain('data-testid="pagination"');
    const none = await incentivesPage("?q=zzyzx&page=3");
    expect(none.html).toContain("No incentives found matching your criteria.");
    expect(none.html).not.toContain('data-testid="pagination"');
  });

  it("pages Policy Watch with its filters in the links", async () => {
    const load = async (query: string) => {
      const { page } = unwrap(await policyLoader(args(`http://localhost/policy-watch${query}`) as never));
      return { data: page, html: render(PolicyWatchPage, page) };
    };
    expect(policyUpdateSeed.length).toBeGreaterThan(POLICY_UPDATES_PAGE_SIZE);
    const first = await load("");
    expect(first.data.updates).toHaveLength(POLICY_UPDATES_PAGE_SIZE);
    expect(first.html).toContain(`Showing 1–${POLICY_UPDATES_PAGE_SIZE} of ${policyUpdateSeed.length} policy updates`);
    expect(first.html).toContain('href="/policy-watch?page=2" rel="next"');
    const second = await load("?page=2");
    expect(second.data.updates).toHaveLength(policyUpdateSeed.length - POLICY_UPDATES_PAGE_SIZE);
    expect(second.html).toContain('href="/policy-watch" rel="prev"');
    const filtered = await load("?q=solar&level=Federal");
    expect(filtered.data.updates.every((update) => update.level === "Federal")).toBe(true);
    const none = await load("?q=no+such+words+anywhere");
    expect(none.html).toContain("No policy updates found matching your criteria.");
    expect(none.html).not.toContain("policy-count");
  });
});
