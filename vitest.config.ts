import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { pageScriptPlugin } from "./app/client/page-script-bundle.js";

const include = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "tests/integration/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
];

/**
 * Test files that replace modules or the environment, or say "Needs fresh modules" (they change
 * or depend on module-level state): each gets a fresh module graph. So do the DOM ones
 * (`@vitest-environment`): unisolated files of a worker share one `document`, and listeners one
 * file installed answered the next file's clicks too (a disclosure toggled twice stayed shut).
 */
function filesNeedingIsolation(): string[] {
  const found: string[] = [];
  for (const dir of ["app", "server", "tests/integration", "scripts"]) {
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!/\.test\.tsx?$/.test(file)) continue;
      const name = path.join(dir, file);
      if (
        /\bvi\.(mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(|Needs fresh modules|@vitest-environment /.test(
          fs.readFileSync(name, "utf8"),
        )
      )
        found.push(name);
    }
  }
  return found;
}
const isolated = filesNeedingIsolation();

// Kept apart from vite.config.ts: the React Router plugin is for builds, not for unit tests.
// pageScriptPlugin serves `virtual:page-script` (the public pages' script) to tests that import it.
export default defineConfig({
  plugins: [pageScriptPlugin()],
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Migrates one database per engine; each test file copies it (tests/integration/db-targets.ts).
    globalSetup: ["tests/setup/database-template.ts"],
    // Password hashing at a test cost (the file says why).
    setupFiles: ["tests/setup/fast-password-hashing.ts"],
    // Vitest's default leaves one core free (1 worker on 2); the run is CPU-bound (PGlite, password
    // hashing): one file per core, the slow Playwright phase beside it in `npm test` (decision 0025).
    maxWorkers: "100%",
    // Worker threads rather than child processes: less start-up cost per file (decision 0025).
    pool: "threads",
    // The same 2-core machine runs 2–2.5 times slower at times (measured 2026-11-29: a CPU loop
    // 1.8 s → 4.4 s): a limit that catches a hang, not a slow hour.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // `expect.poll` waits 1 s by default: on a loaded 2-core CI a first megabyte of an upload took
    // longer to reach the disk (bill-submission). A poll that succeeds returns as soon as it does.
    expect: { poll: { timeout: 5_000 } },
    projects: [
      // Files that mock modules get their own module graph; the others share one per worker, so
      // the server's modules are imported once per worker instead of once per file (decision 0025).
      { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
      { extends: true, test: { name: "shared", include, exclude: isolated, isolate: false } },
    ],
  },
});
