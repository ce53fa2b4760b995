import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** Node 22 is the npm registry's platform binary package, pinned in the lock (decision 0024). */
describe("the Node runtime", () => {
  it("is the binary the lock file pins by version and integrity", () => {
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, { version?: string; integrity?: string }>;
    };
    const entry = lock.packages[`node_modules/node-${process.platform}-${process.arch}`];
    expect(entry?.integrity).toMatch(/^sha512-/);
    expect(process.version).toBe(`v${entry?.version}`);
    expect(process.versions.node.split(".")[0]).toBe("22");
  });
});
