import { afterEach, describe, expect, it, vi } from "vitest";

const pending = vi.hoisted(() => ({ resolvers: [] as (() => void)[] }));
vi.mock("better-auth/crypto", () => ({
  hashPassword: () => new Promise<string>((resolve) => pending.resolvers.push(() => resolve("hashed"))),
  verifyPassword: () => new Promise<boolean>((resolve) => pending.resolvers.push(() => resolve(true))),
}));

const { cappedPasswordHashing, HashingBusyError } = await import("./password-hashing.server");

afterEach(() => {
  vi.useRealTimers();
  pending.resolvers = [];
});

describe("cappedPasswordHashing", () => {
  it("runs at most `atOnce`, lets a few wait for the slot in order, and refuses the rest at once", async () => {
    const hashing = cappedPasswordHashing(1, { length: 2, waitMs: 10_000 });
    const outcomes: string[] = [];
    const track = (name: string, work: Promise<unknown>) =>
      work.then(
        () => outcomes.push(`${name} done`),
        (error) => outcomes.push(`${name} ${error instanceof HashingBusyError ? "busy" : "failed"}`),
      );
    const all = ["a", "b", "c", "d"].map((name) => track(name, hashing.hash(name)));
    await Promise.resolve();
    expect(hashing.running()).toBe(1);
    await vi.waitFor(() => expect(outcomes).toEqual(["d busy"]));
    for (let step = 0; step < 3; step++) {
      await vi.waitFor(() => expect(pending.resolvers.length).toBe(step + 1));
      expect(hashing.running()).toBe(1);
      pending.resolvers[step]?.();
    }
    await Promise.all(all);
    expect(outcomes).toEqual(["d busy", "a done", "b done", "c done"]);
    expect(hashing.running()).toBe(0);
  });

  it("refuses a check that waited too long, and frees its place in the queue", async () => {
    vi.useFakeTimers();
    const hashing = cappedPasswordHashing(1, { length: 1, waitMs: 3_000 });
    const first = hashing.verify({ hash: "x", password: "y" });
    const second = hashing.verify({ hash: "x", password: "y" });
    const refused = expect(second).rejects.toBeInstanceOf(HashingBusyError);
    await vi.advanceTimersByTimeAsync(3_000);
    await refused;
    const third = hashing.verify({ hash: "x", password: "y" });
    pending.resolvers[0]?.();
    await first;
    await vi.waitFor(() => expect(pending.resolvers.length).toBe(2));
    pending.resolvers[1]?.();
    expect(await third).toBe(true);
    expect(hashing.running()).toBe(0);
  });
});
