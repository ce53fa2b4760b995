import { desc, eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { industryView } from "~/lib/industry-page";
import IncentivesPage, { loader as incentivesLoader } from "~/routes/incentives";
import IndustryPage from "~/routes/industry";
import PolicyWatchPage, { loader as policyLoader } from "~/routes/policy-watch";
import { readForEditor, saveAndPublish, saveDraft } from "~/server/content/editor.server";
import { previewOverlay, previewTarget } from "~/server/content/preview.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseHandle } from "~/server/db/db.server";
import { incentives, industries, policyUpdates, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { readIncentives, readPolicyUpdates } from "~/server/queries/incentives.server";
import { readIndustry } from "~/server/queries/industries.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { requestContext } from "~/server/request-context.server";
import { testSources } from "./content-sources";
import { dbTargets, openMigrated, pgliteTarget } from "./db-targets";
import { unwrap } from "./loader-result";

const ada = { id: "editor-ada", name: "Ada Editor", email: "ada@example.com" };
const today = "2026-12-01";

type LoaderArgs = Parameters<typeof incentivesLoader>[0];
const args = (url: string) =>
  ({ request: new Request(url), params: {}, context: requestContext("203.0.113.1") }) as unknown as LoaderArgs;

function render(Component: React.ComponentType<{ loaderData: unknown; actionData?: unknown }>, loaderData: unknown) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <Component loaderData={loaderData} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe.each(dbTargets)("preview of drafts through the public queries on $name", (target) => {
  let handle: DatabaseHandle;
  const incentiveCount = async () =>
    Number((await handle.db.select({ n: sql<number>`count(*)::int` }).from(incentives))[0]?.n);

  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(user).values(ada);
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("shows an edited incentive where and how it will be live, and stores nothing", async () => {
    const [third] = await handle.db.select().from(incentives).where(eq(incentives.slug, "usda-reap"));
    if (!third) throw new Error("no row");
    const values = (await readForEditor(handle.db, "incentive", third.id))?.values ?? {};
    await saveDraft(handle.db, "incentive", third.id, { ...values, title: "REAP, previewed", priority: 1 }, ada);

    const preview = await previewOverlay(handle.db, "incentive", third.id);
    expect(preview).toMatchObject({
      kind: "incentive",
      id: third.id,
      row: { id: third.id, slug: third.slug, title: "REAP, previewed", priority: 1, seedHash: third.seedHash },
    });

    const home = { type: "Federal" as const, state: null, limit: 4 };
    const previewed = await readIncentives(handle.db, home, { preview });
    expect(previewed[0]).toMatchObject({ id: third.id, title: "REAP, previewed" });
    expect(previewed).toHaveLength(4);
    // A preview of another kind changes nothing here.
    expect((await readIncentives(handle.db, home, { preview: null }))[0]?.id).not.toBe(third.id);

    const live = await readIncentives(handle.db, home);
    expect(live.find((row) => row.id === third.id)?.title ?? third.title).toBe(third.title);
    const [stored] = await handle.db.select().from(incentives).where(eq(incentives.id, third.id));
    expect(stored).toMatchObject({ title: third.title, priority: third.priority });
  });

  it("shows a new record's draft on its pages before it exists", async () => {
    const before = await incentiveCount();
    const saved = await saveDraft(
      handle.db,
      "incentive",
      null,
      {
        title: "Brand new Vermont program",
        description: "Previewed before it exists.",
        type: "State",
        state: "VT",
        link: "https://www.example.gov/vt",
        sources: testSources,
      },
      ada,
    );
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    const preview = await previewOverlay(handle.db, "incentive", saved.id, { today });
    expect(preview?.row).toMatchObject({ id: saved.id, title: "Brand new Vermont program", lastReviewedAt: today });
    const rows = await readIncentives(handle.db, { state: "VT" }, { preview });
    expect(rows.map((row) => row.title)).toContain("Brand new Vermont program");
    expect(await readIncentives(handle.db, { state: "VT", search: "brand new" })).toHaveLength(0);
    expect(await incentiveCount()).toBe(before);
  });

  it("decides a previewed policy update's shown status in SQL like a live one", async () => {
    const [update] = await handle.db
      .select()
      .from(policyUpdates)
      .where(eq(policyUpdates.slug, "2026-03-new-jersey-community-solar-expansion"));
    if (!update) throw new Error("no row");
    const values = (await readForEditor(handle.db, "policy_update", update.id))?.values ?? {};
    await saveDraft(handle.db, "policy_update", update.id, { ...values, expiresOn: "2026-11-01" }, ada);
    const preview = await previewOverlay(handle.db, "policy_update", update.id);
    const expired = await readPolicyUpdates(handle.db, { status: "Expired", today }, { preview });
    expect(expired.map((row) => row.id)).toContain(update.id);
    const live = await readPolicyUpdates(handle.db, { status: "Expired", today });
    expect(live.map((row) => row.id)).not.toContain(update.id);
  });

  it("swaps in a previewed industry page or page text", async () => {
    const [winery] = await handle.db.select().from(industries).where(eq(industries.slug, "winery"));
    if (!winery) throw new Error("no row");
    const values = (await readForEditor(handle.db, "industry", winery.id))?.values ?? {};
    await saveDraft(handle.db, "industry", winery.id, { ...values, subtitle: "Previewed subtitle" }, ada);
    const preview = await previewOverlay(handle.db, "industry", winery.id);
    expect((await readIndustry(handle.db, "winery", { preview }))?.subtitle).toBe("Previewed subtitle");
    expect((await readIndustry(handle.db, "farms", { preview }))?.slug).toBe("farms");
    expect((await readIndustry(handle.db, "winery"))?.subtitle).toBe(winery.subtitle);

    await saveDraft(
      handle.db,
      "site_content",
      "policy_watch_alert",
      { content: "Previewed alert", ctaLabel: "See", ctaLink: "/incentives", sources: testSources },
      ada,
    );
    const block = await previewOverlay(handle.db, "site_content", "policy_watch_alert");
    expect((await readContentBlock(handle.db, "policy_watch_alert", { preview: block }))?.content).toBe(
      "Previewed alert",
    );
    expect((await readContentBlock(handle.db, "policy_watch_cta", { preview: block }))?.content).not.toBe(
      "Previewed alert",
    );
    expect((await readContentBlock(handle.db, "policy_watch_alert"))?.content).not.toBe("Previewed alert");
    expect(await previewOverlay(handle.db, "incentive", "6f1e4a8e-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("preview parameter", () => {
  it("names a record of a known kind, or nothing", () => {
    const id = "6f1e4a8e-0000-4000-8000-000000000000";
    const at = (query: string) => previewTarget(new URL(`http://localhost/incentives${query}`));
    expect(at(`?preview=incentive:${id}`)).toEqual({ kind: "incentive", id });
    expect(at("?preview=site_content:site_banner")).toEqual({ kind: "site_content", id: "site_banner" });
    expect(at("")).toBeNull();
    expect(at(`?preview=lead:${id}`)).toBeNull();
    expect(at("?preview=incentive:not-a-uuid")).toBeNull();
    expect(at("?preview=site_content:Robert'); drop table")).toBeNull();
  });
});

describe("text typed into the editor reaches the public pages as text, never HTML", () => {
  let handle: DatabaseHandle;
  const attack = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

  beforeAll(async () => {
    handle = await openMigrated(pgliteTarget);
    useDatabaseHandle(handle);
    await handle.db.insert(user).values(ada);
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("renders an incentive's and a policy update's HTML escaped", async () => {
    const created = await saveAndPublish(
      handle.db,
      "incentive",
      null,
      {
        title: `Rebate ${attack}`,
        description: attack,
        type: "Federal",
        link: "https://www.example.gov/x",
        sources: testSources,
      },
      ada,
    );
    expect(created).toMatchObject({ ok: true });
    const [stored] = await handle.db
      .select()
      .from(incentives)
      .where(eq(incentives.title, `Rebate ${attack}`));
    expect(stored?.description).toBe(attack);

    const page = unwrap(await incentivesLoader(args("http://localhost/incentives?q=rebate"))).page;
    const html = render(IncentivesPage as never, page);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");

    // The newest update: on the first page of Policy Watch (the list is paged).
    const newest = await handle.db.select().from(policyUpdates).orderBy(desc(policyUpdates.datePublished)).limit(1);
    const id = newest[0]?.id ?? "";
    const values = (await readForEditor(handle.db, "policy_update", id))?.values ?? {};
    await saveAndPublish(handle.db, "policy_update", id, { ...values, summary: attack }, ada);
    const policy = unwrap(await policyLoader(args("http://localhost/policy-watch") as never)).page;
    const policyHtml = render(PolicyWatchPage as never, policy);
    expect(policyHtml).toContain("&lt;script&gt;");
    expect(policyHtml).not.toContain("<script>alert");
  });

  it("keeps HTML in an industry page's title and FAQ out of its markup and its JSON-LD", async () => {
    const [farms] = await handle.db.select().from(industries).where(eq(industries.slug, "farms"));
    if (!farms) throw new Error("no row");
    const values = (await readForEditor(handle.db, "industry", farms.id))?.values as Record<string, unknown>;
    const faq = [{ question: `</script>${attack}`, answer: attack }];
    // The title is in the page's Service data too (the FAQ is shown as text only).
    const title = `Farms </script>${attack}`;
    expect(await saveAndPublish(handle.db, "industry", farms.id, { ...values, title, faq }, ada)).toMatchObject({
      ok: true,
    });
    const row = await readIndustry(handle.db, "farms");
    if (!row) throw new Error("no row");
    const html = render(IndustryPage as never, { label: "Farms", view: industryView(row, "Farms") });
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)");
    expect(html).toContain("\\u003c/script>\\u003cscript>");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("</script><script>");
  });
});
