import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { rowsOf } from "~/server/db/rows.server";
import { leadSubmissions } from "~/server/db/schema";
import { dbTargets, openMigrated } from "./db-targets";

/**
 * The orphan-bill sweep asks, batch by batch, which stored keys a row names
 * (`file_url in (…)`, app/server/leads/orphan-sweep.server.ts): with many bills that must be an
 * index lookup, not a scan of every submission per batch (migration 0010).
 */
describe.each(dbTargets)("lead_submissions.file_url lookups on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    const rows = Array.from({ length: 3_000 }, (_, n) => ({
      businessName: `Index Dairy ${n}`,
      contactName: "Pat Index",
      email: `index-${n}@example.com`,
      fileUrl: `energy-bills/${String(1_700_000_000_000 + n)}-index-${n}.pdf`,
    }));
    for (let i = 0; i < rows.length; i += 500) await handle.db.insert(leadSubmissions).values(rows.slice(i, i + 500));
    await handle.db.execute(sql`analyze lead_submissions`);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("uses the file_url index for the sweep's question", async () => {
    const keys = [0, 1, 2].map((n) => `energy-bills/${String(1_700_000_000_000 + n)}-index-${n}.pdf`);
    const result = await handle.db.execute(
      sql`explain select file_url from lead_submissions where file_url in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
    const plan = rowsOf<Record<string, string>>(result)
      .map((row) => Object.values(row).join(" "))
      .join("\n");
    expect(plan).toContain("lead_submissions_file_url_idx");
  });
});
