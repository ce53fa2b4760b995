import { describe, expect, it } from "vitest";
import type { AppDatabase } from "../db/client.server";
import type { BillStorage } from "../storage/bill-storage.server";
import { startOrphanSweep } from "./orphan-sweep.server";

function recordingStorage() {
  const listings: { olderThan: Date; createdSince?: Date }[] = [];
  const deleted: string[] = [];
  const storage: BillStorage = {
    put: async () => ({ bytes: 0 }),
    get: async () => null,
    delete: async (key) => void deleted.push(key),
    async *list(olderThan, options = {}) {
      listings.push({ olderThan, createdSince: options.createdSince });
      if (listings.length === 1) yield "energy-bills/1-0123456789abcdef.pdf";
    },
  };
  return { storage, listings, deleted };
}

const noRows = {
  select: () => ({ from: () => ({ where: async () => [] }) }),
} as unknown as AppDatabase;

describe("startOrphanSweep", () => {
  it("sweeps everything at start-up, then on a timer only recent keys, until stopped", async () => {
    const { storage, listings, deleted } = recordingStorage();
    const started = Date.now();
    const stop = startOrphanSweep({ db: noRows, kind: "pglite" }, storage, { graceMs: 60_000, intervalMs: 20 });
    try {
      await expect.poll(() => listings.length).toBeGreaterThanOrEqual(3);
    } finally {
      await stop();
    }
    const runs = listings.length;
    expect(listings[0]?.createdSince).toBeUndefined();
    expect(listings[0]?.olderThan.getTime()).toBeLessThanOrEqual(Date.now() - 60_000);
    expect(listings[0]?.olderThan.getTime()).toBeGreaterThanOrEqual(started - 60_000);
    // Later runs: keys made since the previous cutoff, less a wide margin.
    expect(listings[1]?.createdSince?.getTime()).toBe((listings[0]?.olderThan.getTime() ?? 0) - 24 * 3_600_000);
    expect(deleted).toEqual(["energy-bills/1-0123456789abcdef.pdf"]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(listings.length).toBe(runs);
  });

  it("keeps running after a failed run", async () => {
    const { storage, listings } = recordingStorage();
    let calls = 0;
    const failing = {
      select: () => ({
        from: () => ({
          where: async () => {
            calls++;
            throw new Error("database unavailable");
          },
        }),
      }),
    } as unknown as AppDatabase;
    const stop = startOrphanSweep({ db: failing, kind: "pglite" }, storage, { graceMs: 1000, intervalMs: 20 });
    try {
      await expect.poll(() => listings.length).toBeGreaterThanOrEqual(2);
    } finally {
      await stop();
    }
    expect(calls).toBe(1);
    // A failed run's cutoff is not taken as done.
    expect(listings[1]?.createdSince).toBeUndefined();
  });
});
