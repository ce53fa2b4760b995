import { describe, expect, it } from "vitest";
import { type SlotGrant, UploadSlots } from "./upload-slots.server";

const granted = async (promise: ReturnType<UploadSlots["acquire"]>) => {
  const slot = await promise;
  expect(slot.ok).toBe(true);
  return slot as SlotGrant;
};

describe("UploadSlots", () => {
  it("caps one address, counting the ones it has waiting, without holding up other addresses", async () => {
    const slots = new UploadSlots({ total: 3, perAddress: 2, maxWaitMs: 60_000, maxQueue: 10 });
    const a1 = await granted(slots.acquire("a"));
    await granted(slots.acquire("a"));
    expect(await slots.acquire("a")).toEqual({ ok: false, reason: "address" });
    await granted(slots.acquire("b"));
    // Full: b's second waits; it still counts against b.
    const waiting = slots.acquire("b");
    expect(slots.counts).toEqual({ active: 3, waiting: 1 });
    expect(await slots.acquire("b")).toEqual({ ok: false, reason: "address" });
    a1.release();
    a1.release(); // twice is once
    await granted(waiting);
    expect(slots.counts).toEqual({ active: 3, waiting: 0 });
  });

  it("hands freed slots to the waiting uploads first come, first served", async () => {
    const slots = new UploadSlots({ total: 1, perAddress: 5, maxWaitMs: 60_000, maxQueue: 10 });
    const first = await granted(slots.acquire("a"));
    const order: string[] = [];
    const queued = (address: string) =>
      slots.acquire(address).then((slot) => {
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
    const slots = new UploadSlots({ total: 1, perAddress: 5, maxWaitMs: 50, maxQueue: 1 });
    const holder = await granted(slots.acquire("a"));
    const waiting = slots.acquire("b");
    expect(await slots.acquire("c")).toEqual({ ok: false, reason: "busy" });
    expect(await waiting).toEqual({ ok: false, reason: "busy" });
    expect(slots.counts).toEqual({ active: 1, waiting: 0 });
    holder.release();
    // b's refusal gave its place back.
    (await granted(slots.acquire("b"))).release();
    (await granted(slots.acquire("b"))).release();
  });
});
