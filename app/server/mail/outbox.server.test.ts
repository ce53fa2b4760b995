import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../log.server";
import { backoffSeconds } from "./outbox.server";
import { OutboxWorker } from "./outbox-worker.server";

describe("backoffSeconds", () => {
  it("starts at 15 s by default and doubles up to one hour", () => {
    expect([1, 2, 3, 4].map((attempts) => backoffSeconds(attempts))).toEqual([15, 30, 60, 120]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  it("starts at the given first delay (MAIL_RETRY_SECONDS), with the same ceiling", () => {
    expect([1, 2, 3].map((attempts) => backoffSeconds(attempts, 1))).toEqual([1, 2, 4]);
    expect(backoffSeconds(30, 1)).toBe(3600);
  });
});

describe("OutboxWorker during a database outage", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says once that the database is unreachable, retries quietly, and says when it answers again", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const infos = vi.spyOn(log, "info").mockImplementation(() => {});
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    let runs = 0;
    const worker = new OutboxWorker(async () => {
      runs++;
      if (runs <= 4) throw refused;
    }, 5);
    worker.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(6), { timeout: 5_000 });
    await worker.stop();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[1]).toContain("database is unreachable");
    expect(infos.mock.calls.filter((call) => String(call[0]).includes("answers again"))).toHaveLength(1);
  });

  it("reports every other failure each time", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    let runs = 0;
    const worker = new OutboxWorker(async () => {
      runs++;
      throw new Error("a bug");
    }, 5);
    worker.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await worker.stop();
    expect(errors.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});

describe("OutboxWorker kicks", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs soon after a kick even while kicks keep coming (a steady stream of leads)", async () => {
    vi.useFakeTimers();
    let runs = 0;
    const worker = new OutboxWorker(async () => {
      runs++;
    }, 60_000);
    worker.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    // A lead every 10 ms for 300 ms: each kick asks for a run within 50 ms.
    for (let i = 0; i < 30; i++) {
      worker.kick();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(runs).toBeGreaterThanOrEqual(5);
    await worker.stop();
  });
});
