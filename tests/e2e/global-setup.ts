import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One migrated, seeded database per run, copied by spec servers that need no empty folder
 * (seededDataDir in spawn-server.ts). Made here, not in playwright.config.ts: the config is
 * loaded by more than one process per run; global setup runs once and its env reaches workers.
 */
export default function globalSetup() {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-template-"));
  execFileSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], {
    env: { ...process.env, DATA_DIR: template, DATABASE_URL: "" },
    stdio: "pipe",
  });
  process.env.E2E_TEMPLATE_DIR = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
