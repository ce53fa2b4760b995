import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkLayers, checkTree } from "./check-layers";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixture = "scripts/fixtures/layers";

/** The problems of a small tree, given as path → source. */
const problems = (files: Record<string, string>) =>
  checkLayers(new Map(Object.entries(files))).map(({ file, message }) => `${file}: ${message}`);

const shared = {
  "app/components/button.tsx": "export const Button = 1;",
  "app/server/secret.server.ts": "export const secret = 1; export type Row = {};",
  "app/lib/cn.ts": "export const cn = 1;",
  "app/content/site.ts": "export const site = 1;",
};

describe("check-layers", () => {
  it("passes on the real tree", () => {
    expect(checkTree(repo)).toEqual([]);
  });

  it.each([
    [
      "app/server/x.server.ts",
      'import { Button } from "~/components/button";',
      "app/server never imports app/components",
    ],
    ["app/client/x.ts", 'import type { Button } from "../components/button";', "app/client imports only"],
    ["app/client/x.ts", 'const m = import("~/server/secret.server");', "app/client imports only"],
    ["app/client/x.ts", 'import { page } from "~/root";', "app/client imports only"],
    ["app/client/enhance/x.ts", 'import { nonce } from "../inline.server";', "a *.server module is server code"],
    ["app/lib/x.ts", 'import { run } from "../../server/app";', "app/lib imports neither"],
    ["app/lib/x.js", 'import { secret } from "../server/secret.server";', "app/lib imports neither"],
    ["app/client/enhance/x.ts", 'import { readFileSync } from "node:fs";', "without Node's modules"],
    ["app/client/enhance/x.ts", 'const crypto = await import("crypto");', "without Node's modules"],
    ["app/content/x.ts", 'import type { Row } from "~/server/secret.server";', "app/content imports no server module"],
    ["app/lib/x.ts", 'export { secret } from "../server/secret.server";', "app/lib imports neither"],
    ["app/lib/x.ts", 'import { Button } from "~/components/button";', "app/lib imports neither"],
  ])("fails on %s with `%s`", (file, source, rule) => {
    const found = problems({
      ...shared,
      "app/root.tsx": "export const page = 1;",
      "app/client/inline.server.ts": "export const nonce = 1;",
      "server/app.ts": "export const run = 1;",
      [file]: source,
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(rule);
  });

  it("fails on a module in a folder of app/ that no rule names", () => {
    expect(problems({ ...shared, "app/helpers/x.ts": 'import "~/server/secret.server";' })).toEqual([
      "app/helpers/x.ts: a folder of app/ the layer rules do not know: add it to scripts/check-layers.ts",
    ]);
  });

  it("fails on a route module over 300 lines, and lets one of 300 through", () => {
    const lines = (count: number) => `${"export const x = 1;\n".repeat(count)}`;
    expect(problems({ "app/routes/admin/long.tsx": lines(301) })).toEqual([
      "app/routes/admin/long.tsx: 301 lines: a route module stays within 300 (move parts out)",
    ]);
    expect(problems({ "app/routes/admin/fits.tsx": lines(300), "app/server/long.server.ts": lines(400) })).toEqual([]);
  });

  it("allows what the rules allow", () => {
    expect(
      problems({
        ...shared,
        "app/routes/page.tsx": 'import "~/components/button"; import "~/server/secret.server";',
        "app/client/x.ts": 'import "~/lib/cn"; import "~/content/site"; import "zod"; import "virtual:page-script";',
        "app/content/x.ts": 'import "~/lib/cn";',
        "app/lib/x.ts": 'import "../content/site";',
        "app/server/x.server.ts": 'import "~/lib/cn"; import "~/content/site"; import "node:fs";',
        "app/server/x.server.test.ts": 'import "~/components/button";',
      }),
    ).toEqual([]);
  });

  it("fails on an import circle, type-only or longer than two", () => {
    expect(
      problems({
        "app/server/a.server.ts": 'import type { B } from "./b.server";',
        "app/server/b.server.ts": 'import { c } from "./c.server";',
        "app/server/c.server.ts": 'export { a } from "./a.server";',
      }),
    ).toEqual([
      "app/server/a.server.ts: import circle: app/server/a.server.ts → app/server/b.server.ts → app/server/c.server.ts → app/server/a.server.ts",
    ]);
  });

  it("fails on an import it cannot resolve (so no path escapes the rules)", () => {
    expect(problems({ "app/lib/x.ts": 'import "~/lib/missing";' })).toEqual([
      'app/lib/x.ts: cannot resolve "~/lib/missing"',
    ]);
  });

  it("makes npm run lint fail on the fixture tree, naming each wrong import", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-layers.ts", fixture], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toEqual([
      "app/client/uses-component.ts: imports app/components/button.tsx: app/client imports only app/lib and app/content",
      "app/client/uses-server.ts: imports app/server/secret.server.ts: app/client imports only app/lib and app/content",
      "app/content/typed-by-schema.ts: imports app/server/secret.server.ts: app/content imports no server module",
      "app/lib/uses-component.ts: imports app/components/button.tsx: app/lib imports neither app/server nor app/components",
      "app/lib/uses-server.ts: imports app/server/secret.server.ts: app/lib imports neither app/server nor app/components",
      "app/server/uses-component.server.ts: imports app/components/button.tsx: app/server never imports app/components",
      "app/server/storage/a.server.ts: import circle: app/server/storage/a.server.ts → app/server/storage/b.server.ts → app/server/storage/a.server.ts",
      "7 layer problem(s); the rules: docs/architecture.md",
    ]);
  });
});
