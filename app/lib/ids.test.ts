import { describe, expect, it } from "vitest";
import { isAccountId, isUuid } from "./ids";

describe("ids from the client", () => {
  it("a uuid is 8-4-4-4-12 hex digits, nothing around it", () => {
    expect(isUuid("0b7c6c1e-3f4a-4a8e-9a1d-2f3e4d5c6b7a")).toBe(true);
    expect(isUuid("0B7C6C1E-3F4A-4A8E-9A1D-2F3E4D5C6B7A")).toBe(true);
    for (const bad of [
      "",
      "-".repeat(36),
      "0b7c6c1e3f4a4a8e9a1d2f3e4d5c6b7a",
      "0b7c6c1e-3f4a-4a8e-9a1d-2f3e4d5c6b7a\n",
    ]) {
      expect(isUuid(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isUuid(null)).toBe(false);
  });

  it("an account id is better-auth's: 32 letters and digits", () => {
    expect(isAccountId("aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW")).toBe(true);
    for (const bad of [
      "",
      "\u0000",
      "a\u0000b",
      "a".repeat(31),
      "a".repeat(33),
      "a".repeat(10_000),
      `${"a".repeat(31)}-`,
    ]) {
      expect(isAccountId(bad), JSON.stringify(bad.slice(0, 40))).toBe(false);
    }
    expect(isAccountId(undefined)).toBe(false);
  });
});
