import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { history, readForEditor, retire, saveAndPublish } from "~/server/content/editor.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, industries, user } from "~/server/db/schema";
import { seedDatabase } from "~/server/db/seed.server";
import { testSources } from "./content-sources";
import { dbTargets, openMigrated } from "./db-targets";

const ada = { id: "editor-ada", name: "Ada Editor", email: "ada@example.com" };
const OLD_TEXT = "An older built-in text the next release corrects.";

/**
 * The seed runs at every start: it corrects rows that still hold what it last wrote, and must
 * leave alone every row the content editor touched (edited, retired or created).
 */
describe.each(dbTargets)("seed and the content editor on $name", (target) => {
  let handle: DatabaseHandle;
  const row = async (slug: string) => {
    const [found] = await handle.db.select().from(incentives).where(eq(incentives.slug, slug));
    if (!found) throw new Error(`no incentive ${slug}`);
    return found;
  };

  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(user).values(ada);
    await seedDatabase(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("records each built-in record's insert as its first version", async () => {
    const bonus = await row("bonus-depreciation");
    expect(await history(handle.db, "incentive", bonus.id)).toMatchObject([
      { action: "seed", changedBy: null, changedByName: "Built-in content", snapshot: { title: bonus.title } },
    ]);
  });

  it("at a later start leaves edited and retired rows alone, keeps seed_hash, and still corrects the others", async () => {
    const edited = await row("bonus-depreciation");
    const retired = await row("usda-reap");
    const control = await row("macrs-energy-property");

    // Edited in the editor: its seed_hash stays what the seed wrote.
    const values = (await readForEditor(handle.db, "incentive", edited.id))?.values ?? {};
    expect(
      await saveAndPublish(handle.db, "incentive", edited.id, { ...values, description: "Staff wording." }, ada),
    ).toMatchObject({ ok: true, changed: ["description"] });
    expect((await row("bonus-depreciation")).seedHash).toBe(edited.seedHash);

    // Two rows that still hold an older release's text (as a database seeded before holds it);
    // one of them retired by staff.
    for (const slug of ["usda-reap", "macrs-energy-property"]) {
      await handle.db
        .update(incentives)
        .set({ description: OLD_TEXT, seedHash: null })
        .where(eq(incentives.slug, slug));
    }
    expect(await retire(handle.db, "incentive", retired.id, ada)).toMatchObject({ ok: true });

    const result = await seedDatabase(handle.db);
    expect(result.inserted.incentives).toBe(0);
    expect(result.corrected.incentives).toBe(1);

    expect(await row("bonus-depreciation")).toMatchObject({ description: "Staff wording.", seedHash: edited.seedHash });
    const stillRetired = await row("usda-reap");
    expect(stillRetired).toMatchObject({ description: OLD_TEXT, seedHash: null });
    expect(stillRetired.retiredAt).toBeInstanceOf(Date);
    expect(await handle.db.select().from(incentives).where(eq(incentives.slug, "usda-reap"))).toHaveLength(1);
    expect((await row("macrs-energy-property")).description).toBe(control.description);

    // The correction is in the corrected record's history.
    const [corrected] = await history(handle.db, "incentive", control.id);
    expect(corrected).toMatchObject({
      action: "seed",
      changedByName: "Built-in content",
      changes: { description: { before: OLD_TEXT, after: control.description } },
    });
  });

  it("never re-creates or corrects a retired industry page", async () => {
    const [farms] = await handle.db.select().from(industries).where(eq(industries.slug, "farms"));
    if (!farms) throw new Error("no farms row");
    await handle.db.update(industries).set({ intro: OLD_TEXT, seedHash: null }).where(eq(industries.id, farms.id));
    await retire(handle.db, "industry", farms.id, ada);
    const result = await seedDatabase(handle.db);
    expect(result.inserted.industries).toBe(0);
    expect(result.corrected.industries).toBe(0);
    const rows = await handle.db.select().from(industries).where(eq(industries.slug, "farms"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.intro).toBe(OLD_TEXT);
    expect(rows[0]?.retiredAt).toBeInstanceOf(Date);
  });

  it("leaves a record staff created alone, even if a built-in record later takes its slug", async () => {
    const created = await saveAndPublish(
      handle.db,
      "incentive",
      null,
      {
        title: "Staff program",
        description: "Created in the editor.",
        type: "Federal",
        link: "https://www.energy.gov/program",
        sources: testSources,
      },
      ada,
    );
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    // As if a later release added a built-in record under the staff record's slug.
    await handle.db.delete(incentives).where(eq(incentives.slug, "domestic-content-bonus"));
    await handle.db.update(incentives).set({ slug: "domestic-content-bonus" }).where(eq(incentives.id, created.id));
    await seedDatabase(handle.db);
    const [kept] = await handle.db.select().from(incentives).where(eq(incentives.id, created.id));
    expect(kept).toMatchObject({ title: "Staff program", seedHash: "staff-created" });
  });
});
