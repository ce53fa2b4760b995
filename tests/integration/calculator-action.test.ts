import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/solar-calculator";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseHandle } from "~/server/db/db.server";
import { incentives } from "~/server/db/schema";
import { dbTargets, openMigrated } from "./db-targets";

type Args = Parameters<typeof action>[0];
const calculate = async (fields: Record<string, string>) => {
  const request = new Request("http://localhost/solar-calculator", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = (await action({ request, params: {}, context: {} } as unknown as Args)) as unknown as {
    data: { ok: boolean; result?: { stateSavings: number; hasStateIncentives: boolean; federalSavings: number } };
  };
  return result.data;
};

describe.each(dbTargets)("calculator action on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseHandle(handle);
    await handle.db.insert(incentives).values({
      slug: "test-ca-program",
      title: "A California program",
      description: "d",
      type: "State",
      state: "CA",
    });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("adds the 15% state line only for a state with incentives", async () => {
    const withState = await calculate({ monthlyBill: "1000", state: "ca" });
    expect(withState.result).toMatchObject({ hasStateIncentives: true, stateSavings: 14_400, federalSavings: 28_800 });
    const without = await calculate({ monthlyBill: "1000", state: "WY" });
    expect(without.result).toMatchObject({ hasStateIncentives: false, stateSavings: 0, federalSavings: 28_800 });
  });

  it("refuses a missing bill or state", async () => {
    expect((await calculate({ monthlyBill: "", state: "" })).ok).toBe(false);
  });
});
