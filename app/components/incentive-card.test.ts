import { describe, expect, it } from "vitest";
import { incentiveTypeLabel } from "./incentive-card";

describe("incentiveTypeLabel", () => {
  it("shows the type alone without a state", () => {
    expect(incentiveTypeLabel("Federal", null)).toBe("Federal");
    expect(incentiveTypeLabel("State", null)).toBe("State");
  });
  it("uses the spec's exact separators with a state", () => {
    expect(incentiveTypeLabel("State", "NY")).toBe("State – NY");
    expect(incentiveTypeLabel("Utility", "CA")).toBe("Utility - CA");
  });
});
