import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HTTPS_URL_MESSAGE, policyUpdateMessages } from "~/lib/content-schemas";
import {
  discardDraft,
  editorMessages,
  history,
  markReviewed,
  publish,
  readForEditor,
  restore,
  retire,
  saveAndPublish,
  saveDraft,
  unretire,
} from "~/server/content/editor.server";
import { listContent } from "~/server/content/list.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import {
  contentDrafts,
  contentRevisions,
  incentives,
  industries,
  policyUpdates,
  siteContent,
  user,
} from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { getHtmlCache } from "~/server/html-cache.server";
import { readIncentives, readPolicyUpdates, readStatePageIncentives } from "~/server/queries/incentives.server";
import { readIndustry, readIndustryPage } from "~/server/queries/industries.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { testSourceFields, testSources } from "./content-sources";
import { dbTargets, openMigrated } from "./db-targets";

const ada = { id: "editor-ada", name: "Ada Editor", email: "ada@example.com" };
const bo = { id: "editor-bo", name: "", email: "bo@example.com" };
const today = "2026-12-01";

const newIncentive = {
  title: "Empire Solar Rebate",
  description: "A rebate for business solar.",
  type: "State",
  state: "NY",
  link: "https://www.nyserda.ny.gov/rebate",
  moneyValue: "Up to $10,000",
  status: "",
  priority: "15",
  expiresOn: "2027-07-01",
  sources: testSources,
};

const newPolicy = {
  title: "State extends its program",
  summary: "The program runs two more years.",
  status: "Extended",
  level: "State",
  datePublished: "2026-03-01",
  expiresOn: "2028-03-01",
  link: "https://www.example.gov/news",
  sources: testSources,
};

/** Fills the HTML cache with one page, as a visitor's request would. */
function cachePage() {
  const cache = getHtmlCache(60);
  cache.set("/incentives", { status: 200, headers: [], body: Buffer.from("<html>old</html>") }, 60);
  expect(cache.size).toBeGreaterThan(0);
  return cache;
}

async function count(handle: DatabaseHandle, table: typeof contentDrafts | typeof contentRevisions) {
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n ?? 0);
}

describe.each(dbTargets)("content editor services on $name", (target) => {
  let handle: DatabaseHandle;
  let federalId: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(user).values([
      { id: ada.id, name: ada.name, email: ada.email },
      { id: bo.id, name: "Bo", email: bo.email },
    ]);
    await seedDatabase(handle.db);
    const [federal] = await handle.db
      .select()
      .from(incentives)
      .where(eq(incentives.slug, "clean-electricity-investment-credit"));
    federalId = federal?.id ?? "";
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(() => {
    getHtmlCache(60).clear();
  });

  it("refuses an invalid record with each field's message and saves nothing", async () => {
    const drafts = await count(handle, contentDrafts);
    const revisions = await count(handle, contentRevisions);
    const rows = await handle.db.select({ n: sql<number>`count(*)::int` }).from(policyUpdates);

    const badUrl = await saveDraft(handle.db, "incentive", null, { ...newIncentive, link: "nyserda.ny.gov" }, ada);
    expect(badUrl).toEqual({ ok: false, errors: { link: HTTPS_URL_MESSAGE } });

    const endBeforeStart = await saveAndPublish(
      handle.db,
      "policy_update",
      null,
      { ...newPolicy, expiresOn: "2026-02-01" },
      ada,
    );
    expect(endBeforeStart).toEqual({ ok: false, errors: { expiresOn: policyUpdateMessages.endBeforeStart } });

    const control = await saveAndPublish(
      handle.db,
      "incentive",
      federalId,
      { ...newIncentive, type: "Federal", state: "", title: "Credit\u0000" },
      ada,
    );
    expect(control).toEqual({
      ok: false,
      errors: { title: "Title contains characters that are not allowed. Please retype it." },
    });

    // A form as the browser posts it is refused the same way, nested names included.
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...newIncentive, ...testSourceFields })) {
      if (typeof value === "string") form.set(name, value);
    }
    form.set("link", "javascript:alert(1)");
    expect(await saveDraft(handle.db, "incentive", null, form, ada)).toEqual({
      ok: false,
      errors: { link: HTTPS_URL_MESSAGE },
    });

    expect(await count(handle, contentDrafts)).toBe(drafts);
    expect(await count(handle, contentRevisions)).toBe(revisions);
    const after = await handle.db.select({ n: sql<number>`count(*)::int` }).from(policyUpdates);
    expect(after[0]?.n).toBe(rows[0]?.n);
    const [federal] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    expect(federal?.title).not.toContain("\u0000");
  });

  it("records who, when and the before and after of each changed field when a draft is published", async () => {
    const [before] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    if (!before) throw new Error("no federal row");
    const editor = await readForEditor(handle.db, "incentive", federalId);
    const values = { ...(editor?.values as Record<string, unknown>) };
    const saved = await saveDraft(
      handle.db,
      "incentive",
      federalId,
      { ...values, moneyValue: "30% of eligible cost", priority: 5 },
      ada,
    );
    expect(saved).toEqual({ ok: true, id: federalId });

    // A draft changes nothing public.
    const [still] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    expect(still?.moneyValue).toBe(before.moneyValue);
    const draftView = await readForEditor(handle.db, "incentive", federalId);
    expect(draftView?.draft?.values).toMatchObject({ moneyValue: "30% of eligible cost", priority: 5 });
    expect(draftView?.live).toMatchObject({ moneyValue: before.moneyValue });

    const started = Date.now();
    const published = await publish(handle.db, "incentive", federalId, ada, { today });
    expect(published).toEqual({ ok: true, id: federalId, changed: ["moneyValue", "priority"] });

    const [row] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    expect(row).toMatchObject({ moneyValue: "30% of eligible cost", priority: 5, seedHash: before.seedHash });
    expect(await readForEditor(handle.db, "incentive", federalId)).toMatchObject({ draft: null });

    const entries = await history(handle.db, "incentive", federalId);
    const [latest] = entries;
    expect(latest).toMatchObject({
      action: "publish",
      changedBy: ada.id,
      changedByName: "Ada Editor",
      changes: {
        moneyValue: { before: before.moneyValue, after: "30% of eligible cost" },
        priority: { before: before.priority, after: 5 },
      },
      snapshot: { slug: before.slug, title: before.title, moneyValue: "30% of eligible cost", priority: 5 },
    });
    // Only the changed fields, in the form's order.
    expect(Object.keys(latest?.changes ?? {})).toEqual(["moneyValue", "priority"]);
    expect(new Date(latest?.changedAt ?? 0).getTime()).toBeGreaterThanOrEqual(started - 5_000);
    // The seed's insert is the record's first version.
    expect(entries.at(-1)).toMatchObject({ action: "seed", changedBy: null, changedByName: "Built-in content" });
  });

  it("clears the cached pages at once when a change goes live", async () => {
    const cache = cachePage();
    const result = await saveAndPublish(
      handle.db,
      "site_content",
      "site_banner",
      { content: "New banner text", ctaLabel: "Get a quote", ctaLink: "/submit-bill", sources: testSources },
      ada,
    );
    expect(result).toMatchObject({ ok: true, changed: ["content", "ctaLabel", "sources"] });
    expect(cache.size).toBe(0);
    expect((await readContentBlock(handle.db, "site_banner"))?.content).toBe("New banner text");

    // A draft is not live: the cache stays.
    cachePage();
    await saveDraft(
      handle.db,
      "site_content",
      "site_banner",
      { content: "Draft text", ctaLabel: "Get a quote", ctaLink: "/submit-bill", sources: testSources },
      ada,
    );
    expect(cache.size).toBe(1);
    await publish(handle.db, "site_content", "site_banner", ada);
    expect(cache.size).toBe(0);
  });

  it("creates a record from a new draft under the draft's id, with a slug that never changes", async () => {
    const saved = await saveDraft(handle.db, "incentive", null, newIncentive, ada);
    if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
    expect(await readIncentives(handle.db, { state: "NY", search: "Empire" })).toHaveLength(0);
    const listed = await listContent(handle.db, "incentive", { q: "empire", today });
    expect(listed.rows).toMatchObject([{ id: saved.id, isNew: true, hasDraft: true, title: "Empire Solar Rebate" }]);

    const published = await publish(handle.db, "incentive", saved.id, bo, { today });
    expect(published).toMatchObject({ ok: true, id: saved.id });
    const [row] = await handle.db.select().from(incentives).where(eq(incentives.id, saved.id));
    expect(row).toMatchObject({
      title: "Empire Solar Rebate",
      state: "NY",
      priority: 15,
      expiresOn: "2027-07-01",
      lastReviewedAt: today,
      lastReviewedBy: bo.id,
      seedHash: "staff-created",
    });
    expect(row?.slug).toMatch(/^empire-solar-rebate-[0-9a-f]{8}$/);
    const [created] = await history(handle.db, "incentive", saved.id);
    expect(created).toMatchObject({ action: "create", changedBy: bo.id, changedByName: "bo@example.com" });
    expect(created?.changes.title).toEqual({ before: null, after: "Empire Solar Rebate" });

    const renamed = await saveAndPublish(handle.db, "incentive", saved.id, { ...newIncentive, title: "Renamed" }, ada);
    expect(renamed).toMatchObject({ ok: true, changed: ["title"] });
    const [renamedRow] = await handle.db.select().from(incentives).where(eq(incentives.id, saved.id));
    expect(renamedRow?.slug).toBe(row?.slug);
    expect(await readIncentives(handle.db, { state: "NY", search: "Renamed" })).toHaveLength(1);
  });

  it("publishes nothing, and writes no history, when nothing changed; refuses what it cannot do", async () => {
    const editor = await readForEditor(handle.db, "incentive", federalId);
    const revisions = await count(handle, contentRevisions);
    const same = await saveAndPublish(handle.db, "incentive", federalId, editor?.values ?? {}, ada);
    expect(same).toEqual({ ok: true, id: federalId, changed: [] });
    expect(await count(handle, contentRevisions)).toBe(revisions);

    expect(await publish(handle.db, "incentive", federalId, ada)).toEqual({
      ok: false,
      errors: { form: editorMessages.noDraft },
    });
    expect(await saveDraft(handle.db, "industry", null, {}, ada)).toEqual({
      ok: false,
      errors: { form: editorMessages.cannotCreate },
    });
    expect(await saveDraft(handle.db, "incentive", "6f1e4a8e-0000-4000-8000-000000000000", newIncentive, ada)).toEqual({
      ok: false,
      errors: { form: editorMessages.notFound },
      notFound: true,
    });
    expect(await saveDraft(handle.db, "incentive", "not-a-uuid", newIncentive, ada)).toMatchObject({ notFound: true });
    expect(await saveDraft(handle.db, "site_content", "no_such_block", { content: "x" }, ada)).toMatchObject({
      notFound: true,
    });
    expect(await retire(handle.db, "site_content", "site_banner", ada)).toEqual({
      ok: false,
      errors: { form: editorMessages.cannotRetire },
    });
    expect(await readForEditor(handle.db, "incentive", "6f1e4a8e-0000-4000-8000-000000000000")).toBeNull();
  });

  it("restores an earlier version's values, as a recorded change of its own", async () => {
    const original = (
      await readForEditor(handle.db, "policy_update", await policyId("2025-07-obbba-wind-solar-deadlines"))
    )?.live;
    const id = await policyId("2025-07-obbba-wind-solar-deadlines");
    const first = await saveAndPublish(handle.db, "policy_update", id, { ...original, title: "First edit" }, ada);
    expect(first).toMatchObject({ ok: true, changed: ["title"] });
    const second = await saveAndPublish(
      handle.db,
      "policy_update",
      id,
      { ...original, title: "Second edit", summary: "Changed summary." },
      bo,
    );
    expect(second).toMatchObject({ ok: true, changed: ["title", "summary"] });

    const entries = await history(handle.db, "policy_update", id);
    const seeded = entries.find((entry) => entry.action === "seed");
    if (!seeded) throw new Error("no seed entry");
    const cache = cachePage();
    const restored = await restore(handle.db, "policy_update", id, seeded.id, ada);
    expect(restored).toMatchObject({ ok: true, changed: ["title", "summary"] });
    expect(cache.size).toBe(0);

    const [row] = await handle.db.select().from(policyUpdates).where(eq(policyUpdates.id, id));
    expect(row).toMatchObject({ title: original?.title, summary: original?.summary });
    const [latest] = await history(handle.db, "policy_update", id);
    expect(latest).toMatchObject({
      action: "restore",
      changedBy: ada.id,
      changes: {
        title: { before: "Second edit", after: original?.title },
        summary: { before: "Changed summary.", after: original?.summary },
      },
    });
    // Any earlier version, not only the first.
    const firstEdit = (await history(handle.db, "policy_update", id)).find(
      (entry) => entry.snapshot.title === "First edit",
    );
    expect(await restore(handle.db, "policy_update", id, firstEdit?.id ?? "", ada)).toMatchObject({
      ok: true,
      changed: ["title"],
    });
    expect((await history(handle.db, "policy_update", id))[0]?.snapshot.title).toBe("First edit");
    expect(await restore(handle.db, "policy_update", id, federalRevisionIdPlaceholder, ada)).toMatchObject({
      ok: false,
      notFound: true,
    });
  });

  it("restores a version, or publishes a draft, saved before records had sources: the current sources stay", async () => {
    const [row] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    if (!row) throw new Error("no row");
    expect(row.sources.length).toBeGreaterThan(0);
    // A version as history kept it before migration 0037: every field but sources.
    const { sources: _none, ...old } = { ...row, title: `${row.title} (2025 wording)` };
    const [revision] = await handle.db
      .insert(contentRevisions)
      .values({
        kind: "incentive",
        recordId: federalId,
        action: "update",
        changedBy: null,
        changedByName: "Before sources",
        changes: {},
        snapshot: { slug: old.slug, ...Object.fromEntries(Object.entries(old).filter(([key]) => key !== "id")) },
      })
      .returning();
    expect(await restore(handle.db, "incentive", federalId, revision?.id ?? "", ada)).toMatchObject({ ok: true });
    const [restored] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    expect(restored?.title).toBe(`${row.title} (2025 wording)`);
    expect(restored?.sources).toEqual(row.sources);

    // A draft from before sources existed publishes the same way.
    await handle.db.insert(contentDrafts).values({
      kind: "incentive",
      recordId: federalId,
      values: { ...old, title: row.title },
      updatedBy: ada.id,
      updatedByName: ada.name,
    });
    expect(await publish(handle.db, "incentive", federalId, ada)).toMatchObject({ ok: true });
    const [published] = await handle.db.select().from(incentives).where(eq(incentives.id, federalId));
    expect(published?.title).toBe(row.title);
    expect(published?.sources).toEqual(row.sources);
  });

  it("keeps a baseline of a record edited for the first time that has no history yet", async () => {
    const [row] = await handle.db
      .insert(incentives)
      .values({
        slug: "old-row",
        title: "Old row",
        description: "From before history was kept.",
        type: "Federal",
        link: "https://www.irs.gov/old",
        sources: testSources,
        lastReviewedAt: "2026-01-01",
      })
      .returning();
    if (!row) throw new Error("no row");
    const values = (await readForEditor(handle.db, "incentive", row.id))?.values ?? {};
    await saveAndPublish(handle.db, "incentive", row.id, { ...values, title: "Old row, edited" }, ada);
    const entries = await history(handle.db, "incentive", row.id);
    expect(entries.map((entry) => entry.action)).toEqual(["update", "baseline"]);
    expect(entries[1]?.snapshot).toMatchObject({ title: "Old row" });
    expect(await restore(handle.db, "incentive", row.id, entries[1]?.id ?? "", ada)).toMatchObject({ ok: true });
    const [back] = await handle.db.select().from(incentives).where(eq(incentives.id, row.id));
    expect(back?.title).toBe("Old row");
  });

  it("retires a record out of every public read, keeping its row and history, and brings it back", async () => {
    const id = await policyId("2026-03-new-jersey-community-solar-expansion");
    const visible = async () => (await readPolicyUpdates(handle.db, {})).some((row) => row.id === id);
    expect(await visible()).toBe(true);
    const cache = cachePage();

    expect(await retire(handle.db, "policy_update", id, ada)).toMatchObject({
      ok: true,
      changed: ["retiredAt", "retiredBy"],
    });
    expect(cache.size).toBe(0);
    expect(await visible()).toBe(false);
    expect(await readPolicyUpdates(handle.db, { status: "Extended", today })).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const [kept] = await handle.db.select().from(policyUpdates).where(eq(policyUpdates.id, id));
    expect(kept?.retiredAt).toBeInstanceOf(Date);
    expect(kept?.retiredBy).toBe(ada.id);
    expect((await history(handle.db, "policy_update", id))[0]).toMatchObject({ action: "retire", changedBy: ada.id });
    const editor = await readForEditor(handle.db, "policy_update", id);
    expect(editor?.retired).toMatchObject({ byName: "Ada Editor" });
    expect(await retire(handle.db, "policy_update", id, ada)).toMatchObject({ ok: true, changed: [] });

    // The editor's list hides it unless asked.
    const q = { q: "expands community solar", today };
    expect((await listContent(handle.db, "policy_update", q)).rows).toHaveLength(0);
    expect((await listContent(handle.db, "policy_update", { ...q, includeRetired: true })).rows).toHaveLength(1);
    expect((await listContent(handle.db, "policy_update", { ...q, status: "retired" })).rows).toMatchObject([
      { id, retired: true },
    ]);

    expect(await unretire(handle.db, "policy_update", id, bo)).toMatchObject({ ok: true });
    expect(await visible()).toBe(true);
    expect((await history(handle.db, "policy_update", id))[0]).toMatchObject({ action: "unretire", changedBy: bo.id });
  });

  it("retires incentives from the lists, state pages and calculator reads", async () => {
    const [ny] = await handle.db.select().from(incentives).where(eq(incentives.state, "NY")).limit(1);
    if (!ny) throw new Error("no NY incentive");
    await retire(handle.db, "incentive", ny.id, ada);
    expect(await readIncentives(handle.db, { state: "NY" })).not.toContainEqual(expect.objectContaining({ id: ny.id }));
    expect((await readStatePageIncentives(handle.db, "ny")).state).not.toContainEqual(
      expect.objectContaining({ id: ny.id }),
    );
    expect(await readIncentives(handle.db, {})).not.toContainEqual(expect.objectContaining({ id: ny.id }));
    await unretire(handle.db, "incentive", ny.id, ada);
    expect(await readIncentives(handle.db, { state: "NY" })).toContainEqual(expect.objectContaining({ id: ny.id }));
  });

  it("tells a retired industry page apart from a missing one (the page must 404)", async () => {
    const [farms] = await handle.db.select().from(industries).where(eq(industries.slug, "farms"));
    if (!farms) throw new Error("no farms row");
    expect((await readIndustryPage(handle.db, "farms")).state).toBe("live");
    await retire(handle.db, "industry", farms.id, ada);
    expect(await readIndustryPage(handle.db, "farms")).toEqual({ state: "retired" });
    expect(await readIndustry(handle.db, "farms")).toBeNull();
    expect(await readIndustryPage(handle.db, "no-such-page")).toEqual({ state: "missing" });
    await unretire(handle.db, "industry", farms.id, ada);
    expect((await readIndustry(handle.db, "farms"))?.id).toBe(farms.id);
  });

  it("edits an industry page's lists and keeps them in order", async () => {
    const [farms] = await handle.db.select().from(industries).where(eq(industries.slug, "farms"));
    if (!farms) throw new Error("no farms row");
    const values = (await readForEditor(handle.db, "industry", farms.id))?.values as Record<string, unknown>;
    const faq = [...(values.faq as { question: string; answer: string }[])].reverse();
    const result = await saveAndPublish(handle.db, "industry", farms.id, { ...values, faq }, ada);
    expect(result).toMatchObject({ ok: true, changed: ["faq"] });
    expect((await readIndustry(handle.db, "farms"))?.faq).toEqual(faq);
    // The same values again (jsonb hands objects back with its own key order): no change.
    expect(await saveAndPublish(handle.db, "industry", farms.id, { ...values, faq }, ada)).toMatchObject({
      changed: [],
    });
  });

  it("marks a record reviewed today by the staff member, as a recorded change", async () => {
    const id = await policyId("2025-01-illinois-net-metering-supply-only");
    const cache = cachePage();
    expect(await markReviewed(handle.db, "policy_update", id, bo, { today })).toMatchObject({
      ok: true,
      changed: ["lastReviewedAt", "lastReviewedBy"],
    });
    expect(cache.size).toBe(0);
    const [row] = await handle.db.select().from(policyUpdates).where(eq(policyUpdates.id, id));
    expect(row).toMatchObject({ lastReviewedAt: today, lastReviewedBy: bo.id });
    expect((await history(handle.db, "policy_update", id))[0]).toMatchObject({
      action: "review",
      changedBy: bo.id,
      changes: {
        lastReviewedAt: { before: "2026-11-23", after: today },
        lastReviewedBy: { before: null, after: bo.id },
      },
    });
    expect((await readForEditor(handle.db, "policy_update", id))?.review).toEqual({
      lastReviewedAt: today,
      lastReviewedByName: "Bo",
    });
    // Page texts are reviewed too; calculator figures and the rest keep their own rules.
    expect(await markReviewed(handle.db, "site_content", "site_banner", bo, { today })).toMatchObject({ ok: true });
    expect((await readForEditor(handle.db, "site_content", "site_banner"))?.review).toEqual({
      lastReviewedAt: today,
      lastReviewedByName: "Bo",
    });
  });

  it("forgets the last link check when the source link changes", async () => {
    const id = await policyId("2025-01-treasury-final-rules-48e-45y");
    await handle.db
      .update(policyUpdates)
      .set({ sourceCheckStatus: "failed", sourceCheckedAt: new Date(), sourceCheckDetail: "HTTP 404" })
      .where(eq(policyUpdates.id, id));
    const values = (await readForEditor(handle.db, "policy_update", id))?.values ?? {};
    await saveAndPublish(handle.db, "policy_update", id, { ...values, link: "https://home.treasury.gov/new" }, ada);
    const [row] = await handle.db.select().from(policyUpdates).where(eq(policyUpdates.id, id));
    expect(row).toMatchObject({ sourceCheckStatus: null, sourceCheckedAt: null, sourceCheckDetail: null });
  });

  it("lists a kind searched, filtered and paged in SQL", async () => {
    const all = await listContent(handle.db, "incentive", { today, pageSize: 10 });
    expect(all.rows).toHaveLength(10);
    expect(all.total).toBeGreaterThan(80);
    const page2 = await listContent(handle.db, "incentive", { today, pageSize: 10, page: 2 });
    expect(page2.rows[0]?.id).not.toBe(all.rows[0]?.id);
    // Public order: federal first, by priority.
    expect(all.rows[0]).toMatchObject({ type: "Federal", detail: "Federal" });

    const ny = await listContent(handle.db, "incentive", { today, state: "ny", type: "State" });
    expect(ny.rows.length).toBeGreaterThan(0);
    expect(ny.rows.every((row) => row.state === "NY" && row.type === "State")).toBe(true);
    expect(ny.rows[0]?.detail).toBe("State – NY");

    // % is a literal, not a wildcard.
    const pct = await listContent(handle.db, "incentive", { today, q: "100%" });
    expect(pct.rows).toContainEqual(expect.objectContaining({ slug: "bonus-depreciation" }));
    expect(pct.total).toBeLessThan(10);

    const expired = await listContent(handle.db, "policy_update", { today, q: "179D" });
    expect(expired.rows[0]).toMatchObject({ shownStatus: "Expired" });

    await saveDraft(
      handle.db,
      "industry",
      (await industryId("winery")) ?? "",
      {
        ...((await readForEditor(handle.db, "industry", (await industryId("winery")) ?? ""))?.values ?? {}),
        subtitle: "Draft subtitle",
      },
      ada,
    );
    const drafts = await listContent(handle.db, "industry", { status: "draft" });
    expect(drafts.rows).toMatchObject([{ slug: "winery", hasDraft: true, isNew: false }]);
    expect(await discardDraft(handle.db, "industry", (await industryId("winery")) ?? "")).toBe(true);

    const blocks = await listContent(handle.db, "site_content", {});
    expect(blocks.rows.map((row) => row.id)).toEqual([
      "site_banner",
      "homepage_hero",
      "how_it_works_intro",
      "policy_watch_alert",
      "incentive_cuts_banner",
      "policy_watch_cta",
    ]);
    expect((await listContent(handle.db, "site_content", { q: "policy watch" })).total).toBe(2);
  });

  it("creates a page text missing from the database when it is published", async () => {
    await handle.db.delete(siteContent).where(eq(siteContent.key, "how_it_works_intro"));
    const editor = await readForEditor(handle.db, "site_content", "how_it_works_intro");
    expect(editor).toMatchObject({ isNew: true, live: null, values: { key: "how_it_works_intro" } });
    const result = await saveAndPublish(
      handle.db,
      "site_content",
      "how_it_works_intro",
      { key: "site_banner", title: "Intro", content: "<b>Plain</b> text", sources: testSources },
      ada,
    );
    expect(result).toMatchObject({ ok: true, id: "how_it_works_intro" });
    const row = await readContentBlock(handle.db, "how_it_works_intro");
    expect(row).toMatchObject({ key: "how_it_works_intro", title: "Intro", content: "<b>Plain</b> text" });
    const [created] = await handle.db
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.kind, "site_content"), eq(contentRevisions.recordId, "how_it_works_intro")))
      .orderBy(sql`changed_at desc`)
      .limit(1);
    expect(created?.action).toBe("create");
  });

  async function policyId(slug: string): Promise<string> {
    const [row] = await handle.db
      .select({ id: policyUpdates.id })
      .from(policyUpdates)
      .where(eq(policyUpdates.slug, slug));
    if (!row) throw new Error(`no policy update ${slug}`);
    return row.id;
  }

  async function industryId(slug: string) {
    const [row] = await handle.db.select({ id: industries.id }).from(industries).where(eq(industries.slug, slug));
    return row?.id;
  }
});

/** A revision id that belongs to no record of the kind asked. */
const federalRevisionIdPlaceholder = "00000000-0000-4000-8000-000000000000";
