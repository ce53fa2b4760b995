import { describe, expect, it } from "vitest";
import { backoffSeconds } from "./outbox.server";

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
