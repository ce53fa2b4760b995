import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The "shared" Vitest project reuses modules across files, so mocks and stubs would leak.
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(|@vitest-environment /;

function testFiles(): string[] {
  return ["app", "server", "tests/integration", "scripts"].flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes("fixtures"))
      .map((file) => path.join(dir, file)),
  );
}

describe("test isolation", () => {
  it("runs every test file that mocks or stubs with fresh modules (named *.isolated.test.*)", () => {
    const shared = testFiles().filter((file) => !file.includes(".isolated.test."));
    const leaking = shared.filter(
      (file) =>
        file !== path.join("scripts", "test-isolation.test.ts") && NEEDS_ISOLATION.test(fs.readFileSync(file, "utf8")),
    );
    expect(leaking).toEqual([]);
    expect(testFiles().some((file) => file.includes(".isolated.test."))).toBe(true);
  });
});
