import { describe, expect, it } from "vitest";
import { isIsoDate } from "./dates";

describe("isIsoDate", () => {
  it("accepts real calendar days only", () => {
    for (const day of ["2026-11-23", "2028-02-29", "2027-12-31"]) expect(isIsoDate(day), day).toBe(true);
    for (const day of ["2027-02-30", "2027-02-29", "2026-13-01", "2026-04-31", "2026-1-1", "20261123", ""]) {
      expect(isIsoDate(day), day).toBe(false);
    }
  });
});
