import { describe, expect, it } from "vitest";
import { renderNotification } from "./render.server";

describe("the staff notification of a new lead", () => {
  const base = {
    formType: "Solar Assessment Request",
    formData: { businessName: "Acme" },
    leadUrl: "https://x.example/admin/leads/bill/1",
  };
  it("names how many other leads look like the same business, up to the counted cap", () => {
    expect(renderNotification({ ...base, alsoFromThem: 0 }).text).not.toContain("Also from them");
    expect(renderNotification({ ...base, alsoFromThem: 1 }).text).toContain(
      "Also from them: 1 other lead (same e-mail or business)",
    );
    expect(renderNotification({ ...base, alsoFromThem: 3 }).text).toContain("Also from them: 3 other leads");
    expect(renderNotification({ ...base, alsoFromThem: 100 }).text).toContain(
      "Also from them: 100 or more other leads",
    );
  });
});
