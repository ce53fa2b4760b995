import { describe, expect, it } from "vitest";
import { totpStepOf } from "./totp-replay.server";

// RFC 6238 appendix B: at T = 59 s the code is 94287082 (6 digits: 287082).
const KEY = Buffer.from("12345678901234567890");

describe("totpStepOf", () => {
  it("names the time step a code belongs to, within one step either side of now", () => {
    expect(totpStepOf(KEY, "287082", 59_000)).toBe(1);
    expect(totpStepOf(KEY, "287082", 30_000 * 2 + 1)).toBe(1);
    expect(totpStepOf(KEY, "287082", 1)).toBe(1);
  });

  it("matches nothing outside the window, for a wrong code, or for anything but 6 digits", () => {
    expect(totpStepOf(KEY, "287082", 30_000 * 3)).toBeNull();
    expect(totpStepOf(KEY, "287083", 59_000)).toBeNull();
    expect(totpStepOf(KEY, "28708", 59_000)).toBeNull();
    expect(totpStepOf(KEY, "2870820", 59_000)).toBeNull();
    expect(totpStepOf(KEY, "28708\u0000", 59_000)).toBeNull();
  });
});
