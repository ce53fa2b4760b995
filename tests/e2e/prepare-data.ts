import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../e2e-staff";

/**
 * The run's data folders, made once: a migrated, seeded template that spec servers copy
 * (seededDataDir in spawn-server.ts) and, from a copy of it, the shared server's folder with the
 * suite's admin, made as an operator makes the first one (`npm run admin:create`). `npm test`
 * makes them beside the build, so neither Playwright phase waits for migrations and a seed.
 */
export function prepareE2eData(template: string, shared?: string): void {
  const run = (script: string, dataDir: string, args: string[] = []) =>
    execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: "pipe",
    });
  run("scripts/seed.ts", template);
  if (!shared) return;
  fs.cpSync(template, shared, { recursive: true });
  run("scripts/admin-create.ts", shared, ["--email", E2E_ADMIN.email, "--password", E2E_ADMIN.password]);
}

/** New, empty folders for prepareE2eData, named so that playwright.config.ts clears stale ones. */
export function newE2eDataDirs(): { template: string; shared: string } {
  return {
    template: fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-template-")),
    shared: fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-")),
  };
}

// `node --import tsx tests/e2e/prepare-data.ts`: fills the folders named by the environment.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { E2E_TEMPLATE_DIR, E2E_DATA_DIR } = process.env;
  if (!E2E_TEMPLATE_DIR || !E2E_DATA_DIR) throw new Error("Set E2E_TEMPLATE_DIR and E2E_DATA_DIR");
  prepareE2eData(E2E_TEMPLATE_DIR, E2E_DATA_DIR);
}
