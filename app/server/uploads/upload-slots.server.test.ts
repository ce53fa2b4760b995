import { describe, expect, it } from "vitest";
import { type SlotGrant, UploadSlots } from "./upload-slots.server";

const MB = 1_000_000;

const granted = async (promise: ReturnType<UploadSlots["acquire"]>) => {
  const slot = await promise;
  expect(slot.ok).toBe(true);
  return slot as SlotGrant;
};

describe("UploadSlots", () => {
  it("caps one address, counting the ones it has waiting, without holding up other addresses", async () => {
    const slots = new UploadSlots({ total: 3, perAddress: 2, maxWaitMs: 60_000, maxQueue: 10, evictAfterMs: 1000 });
    const a1 = await granted(slots.acquire("a", MB));
    await granted(slots.acquire("a", MB));
    expect(await slots.acquire("a", MB)).toEqual({ ok: false, reason: "address" });
    await granted(slots.acquire("b", MB));
    // Full: b's second waits; it still counts against b.
    const waiting = slots.acquire("b", MB);
    expect(slots.counts).toEqual({ active: 3, waiting: 1 });
    expect(await slots.acquire("b", MB)).toEqual({ ok: false, reason: "address" });
    a1.release();
    a1.release(); // twice is once
    await granted(waiting);
    expect(slots.counts).toEqual({ active: 3, waiting: 0 });
  });

  it("hands freed slots to the waiting uploads first come, first served", async () => {
    const slots = new UploadSlots({ total: 1, perAddress: 5, maxWaitMs: 60_000, maxQueue: 10, evictAfterMs: 1000 });
    const first = await granted(slots.acquire("a", MB));
    const order: string[] = [];
    const queued = (address: string) =>
      slots.acquire(address, MB).then((slot) => {
        order.push(address);
        return slot as SlotGrant;
      });
    const second = queued("b");
    const third = queued("c");
    first.release();
    (await second).release();
    await third;
    expect(order).toEqual(["b", "c"]);
  });

  it("refuses as busy after the wait, or at once when the queue is full", async () => {
    const slots = new UploadSlots({ total: 1, perAddress: 5, maxWaitMs: 50, maxQueue: 1, evictAfterMs: 1000 });
    const holder = await granted(slots.acquire("a", MB));
    const waiting = slots.acquire("b", MB);
    expect(await slots.acquire("c", MB)).toEqual({ ok: false, reason: "busy" });
    expect(await waiting).toEqual({ ok: false, reason: "busy" });
    expect(slots.counts).toEqual({ active: 1, waiting: 0 });
    holder.release();
    // b's refusal gave its place back.
    (await granted(slots.acquire("b", MB))).release();
    (await granted(slots.acquire("b", MB))).release();
  });

  describe("an upload waiting makes the slowest upload in progress yield its slot (decision 0020)", () => {
    const limits = { total: 3, perAddress: 5, maxWaitMs: 20_000, maxQueue: 10, evictAfterMs: 10_000 };

    const run = (slot: SlotGrant, seconds: number, bytesPerSecond: number, from = { ms: 0, bytes: 0 }) => {
      for (let s = 1; s <= seconds; s++) {
        from.ms += 1000;
        from.bytes += bytesPerSecond;
        slot.report(from.bytes, from.ms);
      }
      return from;
    };

    it("cuts the one furthest from finishing, once it has been read long enough, and hands its slot on", async () => {
      const slots = new UploadSlots(limits);
      const honest = await granted(slots.acquire("h", 5 * MB)); // 5 MB at 100 KB/s: 50 s
      const crawl = await granted(slots.acquire("a", 10 * MB)); // 10 MB at 2.3 KB/s
      const slowish = await granted(slots.acquire("b", 10 * MB)); // 10 MB at 20 KB/s
      run(honest, 5, 100_000);
      run(crawl, 5, 2_300);
      run(slowish, 5, 20_000);
      const waiting = slots.acquire("w", MB);
      // Nobody has been read for 10 s yet: the newcomer waits.
      expect(slots.counts).toEqual({ active: 3, waiting: 1 });
      expect([honest, crawl, slowish].map((slot) => slot.signal.aborted)).toEqual([false, false, false]);
      run(honest, 5, 100_000, { ms: 5000, bytes: 500_000 });
      run(slowish, 5, 20_000, { ms: 5000, bytes: 100_000 });
      run(crawl, 5, 2_300, { ms: 5000, bytes: 11_500 });
      // The crawl would take over an hour: it yields, and only it.
      expect([honest, crawl, slowish].map((slot) => slot.signal.aborted)).toEqual([false, true, false]);
      crawl.release();
      (await granted(waiting)).release();
      // With nobody waiting, a slow upload is left alone.
      run(slowish, 20, 20_000, { ms: 10_000, bytes: 200_000 });
      expect(slowish.signal.aborted).toBe(false);
    });

    it("never cuts an upload that finishes within the wait, nor one already read", async () => {
      const slots = new UploadSlots({ ...limits, total: 2 });
      const fast = await granted(slots.acquire("a", 2 * MB));
      const read = await granted(slots.acquire("b", 10 * MB));
      run(fast, 10, 100_000); // 1 MB left at 100 KB/s: 10 s, under the 20 s wait
      run(read, 10, 1_000);
      read.report(10_000, 10_000, true); // the body ended; storing now
      const waiting = slots.acquire("c", MB);
      run(fast, 5, 100_000, { ms: 10_000, bytes: MB });
      expect([fast, read].map((slot) => slot.signal.aborted)).toEqual([false, false]);
      fast.release();
      (await granted(waiting)).release();
    });

    it("cuts nobody while the slowest has not been read long enough to judge", async () => {
      const slots = new UploadSlots({ ...limits, total: 2 });
      const older = await granted(slots.acquire("a", 5 * MB));
      run(older, 15, 100_000); // 3.5 MB left at 100 KB/s: 35 s
      const crawl = await granted(slots.acquire("b", 10 * MB));
      run(crawl, 5, 2_300);
      const waiting = slots.acquire("c", MB);
      run(older, 1, 100_000, { ms: 15_000, bytes: 1_500_000 });
      expect([older, crawl].map((slot) => slot.signal.aborted)).toEqual([false, false]);
      run(crawl, 5, 2_300, { ms: 5000, bytes: 11_500 });
      expect([older, crawl].map((slot) => slot.signal.aborted)).toEqual([false, true]);
      crawl.release();
      (await granted(waiting)).release();
    });

    it("judges the recent rate, so a burst at the start does not buy a crawl afterwards", async () => {
      const slots = new UploadSlots({ ...limits, total: 1 });
      const burst = await granted(slots.acquire("a", 10 * MB));
      burst.report(9 * MB, 1000); // 9 MB in the first second
      const at = run(burst, 20, 2_300, { ms: 1000, bytes: 9 * MB }); // then a crawl
      const waiting = slots.acquire("b", MB);
      // On average still 430 KB/s (2.4 s left); over the last 10 s, 2.3 KB/s (7 minutes left).
      expect(burst.signal.aborted).toBe(true);
      expect(at.ms).toBe(21_000);
      burst.release();
      (await granted(waiting)).release();
    });

    it("cuts one upload per waiting one, and a stalled upload before a slow one", async () => {
      const slots = new UploadSlots({ ...limits, total: 3 });
      const stalled = await granted(slots.acquire("a", 10 * MB));
      const crawl = await granted(slots.acquire("b", 10 * MB));
      const other = await granted(slots.acquire("c", 10 * MB));
      run(stalled, 10, 0);
      run(crawl, 10, 2_300);
      run(other, 10, 3_000);
      const first = slots.acquire("w1", MB);
      expect([stalled, crawl, other].map((slot) => slot.signal.aborted)).toEqual([true, false, false]);
      const second = slots.acquire("w2", MB);
      expect([stalled, crawl, other].map((slot) => slot.signal.aborted)).toEqual([true, true, false]);
      stalled.release();
      crawl.release();
      (await granted(first)).release();
      (await granted(second)).release();
      expect(other.signal.aborted).toBe(false);
    });
  });
});
