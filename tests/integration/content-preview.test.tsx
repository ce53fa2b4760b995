import { desc, eq, sql } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewPages, recordAnchor } from "~/lib/content-preview";
import { industryView } from "~/lib/industry-page";
import { action as contentEditorAction } from "~/routes/admin/content-editor";
import IncentivesPage, { loader as incentivesLoader } from "~/routes/incentives";
import IndustryPage from "~/routes/industry";
import PolicyWatchPage, { loader as policyLoader } from "~/routes/policy-watch";
import { createStaffAccount } from "~/server/auth/accounts.server";
import { getAuth } from "~/server/auth/auth.server";
import { readForEditor, saveAndPublish, saveDraft } from "~/server/content/editor.server";
import { recordView } from "~/server/content/editor-view.server";
import { previewOverlay, previewTarget } from "~/server/content/preview.server";
import { previewMiddleware } from "~/server/content/preview-access.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { incentives, industries, policyUpdates, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { readIncentives, readPolicyUpdates } from "~/server/queries/incentives.server";
import { readIndustry } from "~/server/queries/industries.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { requestContext } from "~/server/request-context.server";
import { testSourceFields, testSources } from "./content-sources";
import { dbTargets, openMigrated, pgliteTarget } from "./db-targets";
import { unwrap } from "./loader-result";
import { adminContextOf, formPost, ORIGIN } from "./staff-action";

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

describe("a preview opens on its record", () => {
  it("links each page with the record's anchor, where the page shows it on its own", () => {
    const id = "6f1e4a8e-0000-4000-8000-000000000000";
    const incentive = { slug: "vt-barn", type: "Federal", state: "VT", moneyValue: "$1" };
    expect(previewPages("incentive", id, incentive).map((page) => page.href)).toEqual([
      `/incentives?preview=incentive:${id}#incentive-vt-barn`,
      `/incentives/states/vt?preview=incentive:${id}#incentive-vt-barn`,
      `/?preview=incentive:${id}#incentive-vt-barn`,
    ]);
    expect(previewPages("policy_update", id, { slug: "nj-1" })[0]?.href).toBe(
      `/policy-watch?preview=policy_update:${id}#update-nj-1`,
    );
    const block = (key: string) => previewPages("site_content", key, { key })[0]?.href;
    expect(block("policy_watch_cta")).toBe("/policy-watch?preview=site_content:policy_watch_cta#text-policy-watch-cta");
    expect(block("incentive_cuts_banner")).toBe(
      "/?preview=site_content:incentive_cuts_banner#text-incentive-cuts-banner",
    );
    // The page itself, or its top: no anchor.
    expect(block("homepage_hero")).toBe("/?preview=site_content:homepage_hero");
    expect(previewPages("industry", id, { slug: "winery" })[0]?.href).toBe(`/winery?preview=industry:${id}`);
    expect(recordAnchor("incentive", {})).toBeNull();
  });
});

describe("a staff preview of a list's record, on its page and marked", () => {
  let handle: DatabaseHandle;
  let cookie = "";
  const editor = { email: "preview@editor.example", password: "Pr3view!pass" };

  beforeAll(async () => {
    handle = await openMigrated(pgliteTarget);
    useDatabaseForTests(handle);
    await seedDatabase(handle.db);
    await createStaffAccount(handle.db, { ...editor, role: "editor" });
    const response = await (await getAuth()).api.signInEmail({ body: editor, asResponse: true });
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  });
  afterAll(async () => {
    await closeDb();
  });

  /** The editor's form posted as the browser posts it; its redirect's address. */
  const editorPost = async (id: string, fields: Record<string, string>) => {
    const [account] = await handle.db.select().from(user).where(eq(user.email, editor.email));
    const context = adminContextOf({ id: account?.id ?? "", email: editor.email, name: "Preview Editor" });
    try {
      await contentEditorAction({
        request: formPost(`/admin/content/incentives/${id}`, fields),
        context,
        params: { kind: "incentives", id },
      } as unknown as Parameters<typeof contentEditorAction>[0]);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("Location") ?? "";
      throw thrown;
    }
    throw new Error("no redirect");
  };
  /** The list page as the server makes it: the public shell's preview middleware, then the loader. */
  const listPage = async (url: string, signedIn: boolean) => {
    const request = new Request(`${ORIGIN}${url}`, { headers: signedIn ? { Cookie: cookie } : {} });
    const loaderArgs = { ...args(ORIGIN), request } as never as LoaderArgs;
    let loaded: unknown;
    await previewMiddleware(loaderArgs as never, async () => {
      loaded = await incentivesLoader(loaderArgs);
      return new Response(null);
    });
    const { page } = unwrap(loaded as Awaited<ReturnType<typeof incentivesLoader>>);
    return { page, html: render(IncentivesPage as never, page) };
  };

  it("Preview lands on the page of the list that holds the card, on the card, outlined for staff only", async () => {
    const fields = {
      title: "Zz Preview Barn Grant",
      description: "A grant for barn roofs.",
      type: "State",
      state: "VT",
      link: "https://www.example.gov/barn",
      moneyValue: "",
      status: "",
      // Last in the list's order: on its last page.
      priority: "999",
      expiresOn: "",
      ...testSourceFields,
    };
    const created = await editorPost("new", { intent: "publish", ...fields });
    const id = /incentives\/([0-9a-f-]{36})/.exec(created)?.[1] ?? "";
    const [row] = await handle.db.select().from(incentives).where(eq(incentives.id, id));
    const anchor = `incentive-${row?.slug}`;

    const location = await editorPost(id, { intent: "preview", ...fields, moneyValue: "$9 per barn" });
    expect(location).toBe(`/incentives?preview=incentive:${id}#${anchor}`);
    const previewed = await listPage(location.split("#")[0] ?? "", true);
    expect(previewed.page.paging.page).toBeGreaterThan(1);
    expect(previewed.page.preview?.anchor).toBe(anchor);
    expect(previewed.html).toContain(`<li id="${anchor}" data-previewed="true">`);
    expect(previewed.html.match(/data-previewed/g)).toHaveLength(1);
    expect(previewed.html).toContain("$9 per barn");
    // The editor's own "Preview the draft" link is the same address.
    const view = await recordView(handle.db, "incentive", id, "America/New_York");
    expect(view?.record?.pages[0]?.href).toBe(location);

    // A visitor with the same address: the live list's first page, the anchor but no mark.
    const visitor = await listPage(location.split("#")[0] ?? "", false);
    expect(visitor.page.paging.page).toBe(1);
    expect(visitor.html).not.toContain("data-previewed");
    const last = await listPage(`/incentives?page=${previewed.page.paging.page}`, false);
    expect(last.html).toContain(`<li id="${anchor}">`);
  });

  it("a record never published lands on its draft's card", async () => {
    const location = await editorPost("new", {
      intent: "preview",
      title: "Brand New Preview Rebate",
      description: "Not published yet.",
      type: "Federal",
      state: "",
      link: "https://www.example.gov/new",
      moneyValue: "",
      status: "",
      priority: "1",
      expiresOn: "",
      ...testSourceFields,
    });
    const [, id = "", anchor = ""] =
      /preview=incentive:([0-9a-f-]{36})#(incentive-preview-[a-z0-9-]+)$/.exec(location) ?? [];
    expect(anchor).toMatch(/^incentive-preview-brand-new-preview-rebate-/);
    const previewed = await listPage(location.split("#")[0] ?? "", true);
    expect(previewed.html).toContain(`<li id="${anchor}" data-previewed="true">`);
    expect((await recordView(handle.db, "incentive", id, "America/New_York"))?.record?.pages[0]?.href).toBe(location);
  });
});

describe("text typed into the editor reaches the public pages as text, never HTML", () => {
  let handle: DatabaseHandle;
  const attack = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

  beforeAll(async () => {
    handle = await openMigrated(pgliteTarget);
    useDatabaseForTests(handle);
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
