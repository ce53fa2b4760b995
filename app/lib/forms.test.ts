import { describe, expect, it } from "vitest";
import { stateFor } from "./forms";

describe("stateFor", () => {
  const refused = { form: "guide", toast: { title: "Please fix" }, errors: { email: "Required" }, values: {} };
  it("gives a page's form its own refused state and nothing of another form's or another answer", () => {
    expect(stateFor("guide", refused)).toBe(refused);
    expect(stateFor("consultation", refused)).toBeUndefined();
    expect(stateFor("guide", { view: "form" })).toBeUndefined();
    expect(stateFor("guide", undefined)).toBeUndefined();
  });
});
