import { defineConfig } from "vitest/config";
import { pageScriptPlugin } from "./app/client/page-script-bundle.js";

// Kept apart from vite.config.ts: the React Router plugin is for builds, not for unit tests.
// pageScriptPlugin serves `virtual:page-script` (the public pages' script) to tests that import it.
export default defineConfig({
  plugins: [pageScriptPlugin()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "tests/integration/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // Migrates one database per engine; each test file copies it (tests/integration/db-targets.ts).
    globalSetup: ["tests/setup/database-template.ts"],
    // Vitest's default leaves one core free (1 worker on 2); the run is CPU-bound (PGlite, password
    // hashing): one file per core, the slow Playwright phase beside it in `npm test` (decision 0025).
    maxWorkers: "100%",
    // Worker threads rather than child processes: each file still gets a fresh module graph, at
    // less start-up cost (138 s against 151 s for the same 1,086 tests; decision 0025).
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
