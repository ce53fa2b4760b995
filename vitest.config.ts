import { defineConfig } from "vitest/config";
import { pageScriptPlugin } from "./app/client/page-script-bundle.js";

const include = [
  "app/**/*.test.{ts,tsx}",
  "server/**/*.test.ts",
  "tests/integration/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
];

/**
 * Test files named `*.isolated.test.*` get a fresh module graph: those that replace modules or the
 * environment, change module-level state, or use a DOM (`@vitest-environment`: unisolated files of
 * a worker share one `document`). scripts/test-isolation.test.ts fails on a file that mocks without
 * that name.
 */
const isolated = include.map((pattern) => pattern.replace("*.test.", "*.isolated.test."));

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
      { extends: true, test: { name: "shared", include, exclude: ["**/*.isolated.test.*"], isolate: false } },
    ],
  },
});
