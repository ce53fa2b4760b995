import { describe, expect, it } from "vitest";
import { hydrateHandle, wantsHydration } from "./hydration";

describe("wantsHydration", () => {
  it("is false when no matched route asks for React in the browser", () => {
    expect(wantsHydration([{ handle: undefined }, { handle: {} }, { handle: { hydrate: false } }])).toBe(false);
  });
  it("is true when any matched route opts in", () => {
    expect(wantsHydration([{ handle: undefined }, { handle: hydrateHandle }])).toBe(true);
  });
});
