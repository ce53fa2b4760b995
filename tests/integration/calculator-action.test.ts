import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/solar-calculator";
import type { DatabaseHandle } from "~/server/db/client.server";
import { useDatabaseHandle } from "~/server/db/db.server";
import { incentives } from "~/server/db/schema";
import { requestContext } from "~/server/request-context.server";
import { dbTargets, openMigrated } from "./db-targets";

type Args = Parameters<typeof action>[0];
const calculate = async (fields: Record<string, string>) => {
  const request = new Request("http://localhost/solar-calculator", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const result = (await action({
    request,
    params: {},
    context: requestContext("203.0.113.1"),
  } as unknown as Args)) as unknown as {
    data: { ok: boolean; result?: Record<string, unknown> };
  };
  return result.data;
};

describe.each(dbTargets)("calculator action on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openMigrated(target);
    useDatabaseHandle(handle);
    await handle.db.insert(incentives).values([
      { slug: "test-ca-rules", title: "California rules", description: "d", type: "State", state: "CA" },
      {
        slug: "test-ca-program",
        title: "A California tax exclusion",
        description: "d",
        type: "State",
        state: "CA",
        moneyValue: "Excludes the system from property tax",
      },
      // A state with rows, but none with a money value (the fact check's Idaho case).
      { slug: "test-id-rules", title: "Idaho net billing", description: "d", type: "Utility", state: "ID" },
      // A money value that has expired does not count either.
      {
        slug: "test-ut-ended",
        title: "An ended Utah credit",
        description: "d",
        type: "State",
        state: "UT",
        moneyValue: "10% of cost",
        expiresOn: "2020-01-01",
      },
    ]);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("adds the 15% state line only for a state with a current money-value incentive", async () => {
    const withState = await calculate({ monthlyBill: "1000", state: "ca" });
    expect(withState.result).toMatchObject({
      hasStateIncentives: true,
      stateSavings: 14_400,
      totalAnnualSavings: 8_400,
      statePrograms: [{ title: "A California tax exclusion", moneyValue: "Excludes the system from property tax" }],
    });
    for (const state of ["ID", "UT", "WY"]) {
      const without = await calculate({ monthlyBill: "1000", state });
      expect(without.result, state).toMatchObject({ hasStateIncentives: false, stateSavings: 0, statePrograms: [] });
    }
  });

  it("refuses a missing bill or state", async () => {
    expect((await calculate({ monthlyBill: "", state: "" })).ok).toBe(false);
  });
});
