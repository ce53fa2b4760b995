import { describe, expect, it } from "vitest";
import { numberRuns } from "./estimate-format";

describe("numberRuns", () => {
  it("shortens runs of three or more to their ends and keeps the rest as they are", () => {
    expect(numberRuns([1, 3, 4, 5, 6, 9, 10, 12])).toBe("1, 3–6, 9, 10, 12");
    expect(numberRuns([2])).toBe("2");
    expect(numberRuns([])).toBe("");
    expect(
      numberRuns([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]),
    ).toBe("1–25");
  });
});
