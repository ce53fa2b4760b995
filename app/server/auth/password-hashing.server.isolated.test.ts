import { afterEach, describe, expect, it, vi } from "vitest";
import type { HashTicket } from "./password-hashing.server";

const pending = vi.hoisted(() => ({ resolvers: [] as (() => void)[] }));
vi.mock("better-auth/crypto", () => ({
  hashPassword: () => new Promise<string>((resolve) => pending.resolvers.push(() => resolve("hashed"))),
  verifyPassword: () => new Promise<boolean>((resolve) => pending.resolvers.push(() => resolve(true))),
}));

const { cappedPasswordHashing, HashingBusyError, withHashTicket } = await import("./password-hashing.server");

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

  it("puts a trusted device, then a known address, ahead of strangers, refusing the newest stranger for room", async () => {
    const hashing = cappedPasswordHashing(1, { length: 3, waitMs: 10_000 });
    const outcomes: string[] = [];
    const check = (name: string, ticket: HashTicket) =>
      withHashTicket(ticket, () => hashing.hash(name)).then(
        () => outcomes.push(`${name} done`),
        (error) => outcomes.push(`${name} ${error instanceof HashingBusyError ? "busy" : "failed"}`),
      );
    const stranger = (n: number): HashTicket => ({
      standing: "unknown",
      address: `10.0.${n}.1`,
    });
    const all = [
      check("s0", stranger(0)),
      check("s1", stranger(1)),
      check("s2", stranger(2)),
      check("s3", stranger(3)),
    ];
    all.push(check("known", { standing: "known", address: "10.9.0.1" }));
    all.push(check("trusted", { standing: "trusted", address: "10.9.0.2" }));
    // The queue held s1–s3: each better-placed arrival refused the newest stranger.
    await vi.waitFor(() => expect(outcomes).toEqual(["s3 busy", "s2 busy"]));
    for (let step = 0; step < 4; step++) {
      await vi.waitFor(() => expect(pending.resolvers.length).toBe(step + 1));
      pending.resolvers[step]?.();
    }
    await Promise.all(all);
    expect(outcomes).toEqual(["s3 busy", "s2 busy", "s0 done", "trusted done", "known done", "s1 done"]);
  });

  it("queues at most one stranger's check per address and per network", async () => {
    const hashing = cappedPasswordHashing(1, { length: 4, waitMs: 10_000 });
    const ticket = (address: string): HashTicket => ({ standing: "unknown", address });
    const first = withHashTicket(ticket("10.0.0.1"), () => hashing.hash("a"));
    const queued = withHashTicket(ticket("10.0.1.1"), () => hashing.hash("b"));
    await expect(withHashTicket(ticket("10.0.1.1"), () => hashing.hash("c"))).rejects.toBeInstanceOf(HashingBusyError);
    await expect(withHashTicket(ticket("10.0.1.9"), () => hashing.hash("d"))).rejects.toBeInstanceOf(HashingBusyError);
    const own = hashing.hash("e");
    for (let step = 0; step < 3; step++) {
      await vi.waitFor(() => expect(pending.resolvers.length).toBe(step + 1));
      pending.resolvers[step]?.();
    }
    expect(await Promise.all([first, queued, own])).toEqual(["hashed", "hashed", "hashed"]);
  });
});
