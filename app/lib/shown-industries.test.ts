import { describe, expect, it } from "vitest";
import { industries } from "~/content/industries";
import { shownIndustries } from "./shown-industries";

describe("shownIndustries", () => {
  it("is all 18 built-in industries when none is retired", () => {
    expect(shownIndustries([])).toHaveLength(18);
  });

  it("leaves out the retired ones, keeping the order", () => {
    const [first, second] = industries;
    const shown = shownIndustries([first?.slug as string]);
    expect(shown).toHaveLength(17);
    expect(shown[0]).toBe(second);
    expect(shown.map((item) => item.slug)).not.toContain(first?.slug);
  });
});
