import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.server";
import { incentives, policyUpdates } from "~/server/db/schema";
import { readIncentives, readPolicyUpdates, readStatePageIncentives } from "~/server/queries/incentives.server";
import { dbTargets, openMigrated } from "./db-targets";

const incentive = (slug: string, fields: Partial<typeof incentives.$inferInsert>) => ({
  slug,
  title: slug,
  description: "d",
  type: "State",
  lastReviewedAt: "2026-11-20",
  state: null,
  priority: 50,
  ...fields,
});

describe.each(dbTargets)("incentive and policy queries on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    await handle.db.insert(incentives).values([
      incentive("fed-b", {
        type: "Federal",
        title: "Bonus Depreciation",
        description: "Write off equipment",
        priority: 20,
      }),
      incentive("fed-a", {
        type: "Federal",
        title: "Investment Tax Credit",
        description: "30% credit",
        priority: 10,
      }),
      incentive("ny-state", {
        type: "State",
        state: "NY",
        title: "NY-Sun",
        description: "Net metering and MW Block",
        priority: 10,
      }),
      incentive("ny-utility", {
        type: "Utility",
        state: "NY",
        title: "Con Ed Program",
        description: "Utility rebate",
        priority: 5,
      }),
      incentive("tx-state", {
        type: "State",
        state: "TX",
        title: "Property Tax Exemption",
        description: "Tax Code 11.27",
        priority: 10,
      }),
      incentive("pct", {
        type: "State",
        state: "CA",
        title: "100% off_sale",
        description: "literal % and _",
        priority: 10,
      }),
    ]);
    await handle.db.insert(policyUpdates).values([
      {
        slug: "p1",
        lastReviewedAt: "2026-11-20",
        title: "Credit deadline set",
        summary: "Begin construction by July",
        status: "At Risk",
        level: "Federal",
        datePublished: "2025-07-05",
      },
      {
        slug: "p2",
        lastReviewedAt: "2026-11-20",
        title: "SMART 3.0 launched",
        summary: "Massachusetts program",
        status: "Confirmed",
        level: "State",
        datePublished: "2025-09-12",
      },
      {
        slug: "p3",
        lastReviewedAt: "2026-11-20",
        title: "Residential credit ended",
        summary: "25D expired",
        status: "Expired",
        level: "Federal",
        datePublished: "2026-01-01",
      },
      {
        slug: "p4",
        lastReviewedAt: "2026-11-20",
        title: "Local permit rule",
        summary: "County fast track",
        status: "Extended",
        level: "Local",
        datePublished: "2026-03-01",
      },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("filters by type and searches title or description, ignoring case", async () => {
    const state = await readIncentives(handle.db, { type: "State" });
    expect(state.map((row) => row.slug).sort()).toEqual(["ny-state", "pct", "tx-state"]);
    const net = await readIncentives(handle.db, { search: "NET METERING" });
    expect(net.map((row) => row.slug)).toEqual(["ny-state"]);
    const combined = await readIncentives(handle.db, { type: "Utility", search: "rebate" });
    expect(combined.map((row) => row.slug)).toEqual(["ny-utility"]);
    expect(await readIncentives(handle.db, { type: "Federal", search: "rebate" })).toEqual([]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect((await readIncentives(handle.db, { search: "100%" })).map((row) => row.slug)).toEqual(["pct"]);
    // "o_f" as a LIKE wildcard would match "off"; as text it is nowhere.
    expect((await readIncentives(handle.db, { search: "o_f" })).map((row) => row.slug)).toEqual([]);
    expect((await readIncentives(handle.db, { search: "f_s" })).map((row) => row.slug)).toEqual(["pct"]);
  });

  it("lists a state's page: federal (null state) first, then the state's, each by priority", async () => {
    const { federal, state } = await readStatePageIncentives(handle.db, "ny");
    expect(federal.map((row) => row.slug)).toEqual(["fed-a", "fed-b"]);
    expect(state.map((row) => row.slug)).toEqual(["ny-utility", "ny-state"]);
  });

  it("returns policy updates newest first, with status, level and text combined", async () => {
    expect((await readPolicyUpdates(handle.db)).map((row) => row.slug)).toEqual(["p4", "p3", "p2", "p1"]);
    expect((await readPolicyUpdates(handle.db, { level: "Federal" })).map((row) => row.slug)).toEqual(["p3", "p1"]);
    expect(
      (await readPolicyUpdates(handle.db, { level: "Federal", status: "At Risk" })).map((row) => row.slug),
    ).toEqual(["p1"]);
    expect((await readPolicyUpdates(handle.db, { search: "massachusetts" })).map((row) => row.slug)).toEqual(["p2"]);
    expect(await readPolicyUpdates(handle.db, { level: "State", status: "Expired" })).toEqual([]);
  });
});
