import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readForEditor, saveAndPublish } from "~/server/content/editor.server";
import { checkAllSourceLinks, checkLinks, HOME_PAGE_DETAIL } from "~/server/content/link-check.server";
import { staleContent } from "~/server/content/stale.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, industries, policyUpdates, siteContent, user } from "~/server/db/schema";
import { readSourcesIndex } from "~/server/queries/sources.server";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * A local server on loopback that answers like the sources do: 200, 404, a redirect to the 200,
 * one that never answers, one that refuses HEAD. Never the internet.
 */
let server: Server;
let base: string;
let inFlight = 0;
let maxInFlight = 0;
const methods: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    methods.push(`${req.method} ${req.url}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => {
      inFlight--;
    });
    const path = req.url ?? "/";
    if (path === "/ok") return res.writeHead(200, { "content-type": "text/html" }).end("<p>ok</p>");
    if (path === "/missing") return res.writeHead(404).end("not found");
    if (path === "/statute") {
      return res
        .writeHead(200, { "content-type": "text/html" })
        .end("<h1>26 U.S.C. &sect;&nbsp;48E</h1><p>Sec.\n48E(a)</p>");
    }
    if (path === "/landing") {
      return res
        .writeHead(200, { "content-type": "text/html" })
        .end("<h1>Clean energy programs</h1><a href=/48e>more</a>");
    }
    if (path === "/notice.pdf") return res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7");
    if (path === "/moved") return res.writeHead(301, { location: "/ok" }).end();
    if (path === "/moved-twice") return res.writeHead(302, { location: `${base}/moved` }).end();
    if (path === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (path === "/broken") return res.writeHead(500).end();
    if (path === "/no-head") return res.writeHead(req.method === "HEAD" ? 405 : 200).end();
    if (path.startsWith("/slow")) {
      setTimeout(() => res.writeHead(200).end(), 80);
      return;
    }
    if (path === "/hang") return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("link checker", () => {
  it("tells a 200, a 404, a redirect to the 200 and a timeout apart", async () => {
    const results = await checkLinks([`${base}/ok`, `${base}/missing`, `${base}/moved`, `${base}/hang`, `${base}/ok`], {
      timeoutMs: 400,
      concurrency: 4,
    });
    expect(results).toEqual([
      { url: `${base}/ok`, outcome: "ok", status: 200, finalUrl: `${base}/ok`, detail: "HTTP 200" },
      { url: `${base}/missing`, outcome: "failed", status: 404, finalUrl: `${base}/missing`, detail: "HTTP 404" },
      {
        url: `${base}/moved`,
        outcome: "ok",
        status: 200,
        finalUrl: `${base}/ok`,
        detail: "HTTP 200 after 1 redirect",
      },
      {
        url: `${base}/hang`,
        outcome: "failed",
        status: null,
        finalUrl: `${base}/hang`,
        detail: "no answer within 0.4 s",
      },
    ]);
    // HEAD first; the redirect followed by hand.
    expect(methods).toContain("HEAD /moved");
    expect(methods).not.toContain("GET /ok");
  });

  it("falls back to GET when HEAD is refused, follows chains, and gives up on loops, errors and closed ports", async () => {
    const port = await closedPort();
    const results = await checkLinks(
      [
        `${base}/no-head`,
        `${base}/moved-twice`,
        `${base}/loop`,
        `${base}/broken`,
        `http://127.0.0.1:${port}/page`,
        "ftp://x.example/file",
      ],
      { timeoutMs: 2000 },
    );
    expect(results.map((result) => [result.outcome, result.detail])).toEqual([
      ["ok", "HTTP 200"],
      ["ok", "HTTP 200 after 2 redirects"],
      ["failed", "more than 5 redirects"],
      ["failed", "HTTP 500"],
      ["failed", "connection refused"],
      ["failed", "not a web address"],
    ]);
    expect(methods).toContain("GET /no-head");
  });

  it("keeps to its concurrency and its deadline", async () => {
    maxInFlight = 0;
    const urls = Array.from({ length: 8 }, (_, index) => `${base}/slow-${index}`);
    const results = await checkLinks(urls, { concurrency: 2 });
    expect(results.every((result) => result.outcome === "ok")).toBe(true);
    expect(maxInFlight).toBe(2);
    const late = await checkLinks([`${base}/ok`], { deadlineMs: 0 });
    expect(late).toMatchObject([{ outcome: "skipped" }]);
  });

  it("reads a page with a key term and fails it when its text does not show the term (a landing page)", async () => {
    const results = await checkLinks([
      { url: `${base}/statute`, keyTerm: "§ 48E" },
      { url: `${base}/landing`, keyTerm: "48E" },
      { url: `${base}/notice.pdf`, keyTerm: "48E" },
      `${base}/landing`,
    ]);
    expect(results.map((result) => [result.url.replace(base, ""), result.outcome, result.detail])).toEqual([
      ["/statute", "ok", "HTTP 200"],
      // The term only in a link's address is not on the page for a reader.
      ["/landing", "failed", 'the page does not show "48E"'],
      ["/notice.pdf", "ok", 'HTTP 200 (not a text page: "48E" not looked for)'],
      ["/landing", "ok", "HTTP 200"],
    ]);
    expect(methods).toContain("GET /statute");
  });

  it("uses an injected fetch (no network at all)", async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input, init) => {
      calls.push(`${init?.method} ${String(input)}`);
      return new Response(null, { status: 404 });
    };
    const [result] = await checkLinks(["https://www.example.gov/page"], { fetch: fake });
    expect(result).toMatchObject({ outcome: "failed", detail: "HTTP 404" });
    expect(calls).toEqual(["HEAD https://www.example.gov/page"]);
  });

  it("fails a site's home page without asking it: it answers 200 and proves nothing", async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(null, { status: 200 });
    };
    const results = await checkLinks(
      ["https://www.irs.gov", "https://www.irs.gov/", "https://www.irs.gov/pub/irs-drop/n-25-42.pdf"],
      {
        fetch: fake,
      },
    );
    expect(results.map((r) => [r.outcome, r.detail])).toEqual([
      ["failed", HOME_PAGE_DETAIL],
      ["failed", HOME_PAGE_DETAIL],
      ["ok", "HTTP 200"],
    ]);
    expect(calls).toEqual(["https://www.irs.gov/pub/irs-drop/n-25-42.pdf"]);
  });
});

describe.each(dbTargets)("source link check stored on the records on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores ok or failed with a reason per record, skips retired ones, and feeds the stale queue", async () => {
    const row = (slug: string, link: string, fields: Partial<typeof incentives.$inferInsert> = {}) => ({
      slug,
      title: slug,
      description: "d",
      type: "Federal",
      link,
      lastReviewedAt: "2026-11-30",
      ...fields,
    });
    await handle.db
      .insert(incentives)
      .values([
        row("good", `${base}/ok`),
        row("gone", `${base}/missing`),
        row("retired", `${base}/missing`, { retiredAt: new Date() }),
      ]);
    await handle.db.insert(policyUpdates).values([
      {
        slug: "moved",
        title: "moved",
        summary: "s",
        status: "Confirmed",
        level: "State",
        datePublished: "2026-01-01",
        link: `${base}/moved`,
        lastReviewedAt: "2026-11-30",
      },
      {
        slug: "silent",
        title: "silent",
        summary: "s",
        status: "Confirmed",
        level: "State",
        datePublished: "2026-01-01",
        link: `${base}/hang`,
        lastReviewedAt: "2026-11-30",
      },
    ]);

    const summary = await checkAllSourceLinks(handle.db, { timeoutMs: 400 });
    expect(summary).toMatchObject({ records: 4, links: 4, ok: 2, failed: 2, skipped: 0 });
    expect(summary.failures.map((failure) => [failure.title, failure.detail]).sort()).toEqual([
      ["gone", "HTTP 404"],
      ["silent", "no answer within 0.4 s"],
    ]);

    const stored = async (table: typeof incentives | typeof policyUpdates, slug: string) => {
      const [found] = await handle.db
        .select({
          status: table.sourceCheckStatus,
          detail: table.sourceCheckDetail,
          at: table.sourceCheckedAt,
        })
        .from(table)
        .where(eq(table.slug, slug));
      return found;
    };
    expect(await stored(incentives, "good")).toMatchObject({ status: "ok", detail: "HTTP 200" });
    expect((await stored(incentives, "good"))?.at).toBeInstanceOf(Date);
    expect(await stored(incentives, "gone")).toMatchObject({ status: "failed", detail: "HTTP 404" });
    expect(await stored(incentives, "retired")).toMatchObject({ status: null, detail: null, at: null });
    expect(await stored(policyUpdates, "moved")).toMatchObject({ status: "ok", detail: "HTTP 200 after 1 redirect" });
    expect(await stored(policyUpdates, "silent")).toMatchObject({ status: "failed" });

    const queue = await staleContent(handle.db, { today: "2026-12-01" });
    expect(queue.items.map((item) => [item.title, item.reasons])).toEqual(
      expect.arrayContaining([
        ["gone", ["source_failed"]],
        ["silent", ["source_failed"]],
      ]),
    );
    expect(queue.total).toBe(2);
  });
});

const editor = { id: "editor-link-check", name: "Lin Editor", email: "lin@example.com" };

describe.each(dbTargets)("every page a record cites is checked on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("checks sources and calculator terms beside the link; page texts and industry pages are reported", async () => {
    const source = (path: string, supports = "The statement this page proves.") => ({
      url: `${base}${path}`,
      supports,
    });
    await handle.db.insert(incentives).values([
      {
        slug: "second-source-gone",
        title: "Second source gone",
        description: "d",
        type: "Federal",
        link: `${base}/ok`,
        sources: [source("/ok"), source("/missing")],
        lastReviewedAt: "2026-11-30",
      },
      {
        slug: "terms-page-broken",
        title: "Terms page broken",
        description: "d",
        type: "State",
        state: "NM",
        link: `${base}/ok`,
        sources: [source("/moved")],
        calculatorTerms: [
          {
            kind: "fixed",
            rate: 1000,
            years: null,
            capPerYear: null,
            capPerProject: null,
            carryForwardYears: null,
            minKw: null,
            maxKw: null,
            storageRequiredFromKw: null,
            owners: "both",
            inServiceBefore: null,
            unconfirmed: false,
            statewideCap: false,
            conditions: "c",
            sourceUrl: `${base}/broken`,
          },
        ],
        lastReviewedAt: "2026-11-30",
      },
    ]);
    await handle.db.insert(siteContent).values({ key: "site_banner", content: "c", sources: [source("/missing")] });
    await handle.db.insert(industries).values({
      slug: "wineries",
      title: "Wineries",
      sources: [{ ...source("/landing"), keyTerm: "48E" }],
      lastReviewedAt: "2026-11-30",
    });
    await handle.db.insert(industries).values({
      slug: "farms",
      title: "Farms",
      sources: [source("/ok"), source("/no-head")],
      lastReviewedAt: "2026-11-30",
    });

    const summary = await checkAllSourceLinks(handle.db, { timeoutMs: 400 });
    // Six distinct pages: /ok, /missing, /moved, /broken, /no-head, /landing with its term; five records.
    expect(summary).toMatchObject({ records: 5, links: 6, ok: 1, failed: 4, skipped: 0 });
    expect(summary.failures.map((failure) => [failure.kind, failure.title, failure.link, failure.detail])).toEqual(
      expect.arrayContaining([
        ["incentive", "Second source gone", `${base}/missing`, "HTTP 404"],
        ["incentive", "Terms page broken", `${base}/broken`, "HTTP 500"],
        ["site_content", "Site banner", `${base}/missing`, "HTTP 404"],
        ["industry", "Wineries", `${base}/landing`, 'the page does not show "48E"'],
      ]),
    );
    const stored = async (slug: string) => {
      const [found] = await handle.db
        .select({ status: incentives.sourceCheckStatus, detail: incentives.sourceCheckDetail })
        .from(incentives)
        .where(eq(incentives.slug, slug));
      return found;
    };
    // The failing page is named: the record's own link answered.
    expect(await stored("second-source-gone")).toEqual({ status: "failed", detail: `HTTP 404: ${base}/missing` });
    expect(await stored("terms-page-broken")).toEqual({ status: "failed", detail: `HTTP 500: ${base}/broken` });
    const queue = await staleContent(handle.db, { today: "2026-12-01" });
    expect(queue.items.map((item) => [item.title, item.reasons])).toEqual(
      expect.arrayContaining([
        ["Second source gone", ["source_failed"]],
        ["Terms page broken", ["source_failed"]],
      ]),
    );

    // Staff replace the failing source: the stored answer was about another page, so it is cleared.
    // (The editor takes https pages only; the loopback server's pages stand in for them above.)
    await handle.db.insert(user).values(editor);
    const https = (path: string) => ({
      url: `https://www.example.gov${path}`,
      supports: "The statement this page proves.",
    });
    await handle.db
      .update(incentives)
      .set({ link: "https://www.example.gov/ok", sources: [https("/ok"), https("/missing")] })
      .where(eq(incentives.slug, "second-source-gone"));
    expect(await stored("second-source-gone")).toMatchObject({ status: "failed" });
    const [gone] = await handle.db.select().from(incentives).where(eq(incentives.slug, "second-source-gone"));
    const values = (await readForEditor(handle.db, "incentive", gone?.id ?? ""))?.values ?? {};
    const saved = await saveAndPublish(
      handle.db,
      "incentive",
      gone?.id ?? "",
      { ...values, sources: [https("/ok"), https("/replacement")] },
      editor,
    );
    expect(saved).toMatchObject({ ok: true, changed: ["sources"] });
    expect(await stored("second-source-gone")).toEqual({ status: null, detail: null });
  });

  it("/sources lists published records only: a retired one is left out; every entry has its own anchor", async () => {
    const source = { url: `${base}/ok`, supports: "The statement this page proves." };
    await handle.db.insert(policyUpdates).values(
      ["live-update", "retired-update"].map((slug) => ({
        slug,
        title: slug,
        summary: "s",
        status: "Confirmed",
        level: "State",
        datePublished: "2026-01-01",
        link: `${base}/ok`,
        sources: [source],
        lastReviewedAt: "2026-11-30",
        ...(slug === "retired-update" ? { retiredAt: new Date() } : {}),
      })),
    );
    // An incentive with the same slug as an update: each keeps its own entry (ids were slugs).
    await handle.db.insert(incentives).values({
      slug: "live-update",
      title: "Same slug",
      description: "d",
      type: "Federal",
      lastReviewedAt: "2026-11-30",
      sources: [source],
    });
    const index = await readSourcesIndex(handle.db);
    const anchors = index.policy.map((record) => record.anchor);
    expect(anchors).toContain("update-live-update");
    expect(anchors).not.toContain("update-retired-update");
    expect(index.policy.find((record) => record.anchor === "update-live-update")).toMatchObject({
      lastReviewedAt: "2026-11-30",
      sources: [source],
    });
    expect(index.federal.map((record) => record.anchor)).toContain("incentive-live-update");
    expect(index.blocks.map((record) => record.anchor)).toEqual(["text-site-banner"]);
    const all = Object.values(index).flatMap((records) => records.map((record) => record.anchor));
    expect(new Set(all).size).toBe(all.length);
  });
});
