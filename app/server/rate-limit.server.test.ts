import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows the limit within the window, refuses the next, and allows again as hits age out", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.take("1.2.3.4").allowed)).toEqual([true, true, true]);
    const refused = limiter.take("1.2.3.4");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(60);
    expect(limiter.take("5.6.7.8").allowed).toBe(true);
    now = 60_001;
    expect(limiter.take("1.2.3.4").allowed).toBe(true);
  });

  it("does not count refused attempts against the client", () => {
    let now = 0;
    const limiter = new RateLimiter(1, 10_000, () => now);
    limiter.take("a");
    for (let i = 0; i < 5; i++) limiter.take("a");
    now = 10_001;
    expect(limiter.take("a").allowed).toBe(true);
  });
});
