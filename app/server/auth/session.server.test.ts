import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./session.server";

describe("safeReturnPath", () => {
  it("returns only to paths of this site", () => {
    expect(safeReturnPath("/admin/leads?q=acme")).toBe("/admin/leads?q=acme");
    for (const bad of [null, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "admin"]) {
      expect(safeReturnPath(bad)).toBe("/admin/leads");
    }
  });
});
