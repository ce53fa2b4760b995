import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { prepareE2eData } from "./prepare-data";

/**
 * One migrated, seeded database per run, copied by spec servers that need no empty folder
 * (seededDataDir in spawn-server.ts). Made here, not in playwright.config.ts: the config is
 * loaded by more than one process per run; global setup runs once and its env reaches workers.
 * `npm test` made it already (E2E_TEMPLATE_DIR set, with the shared server's folder).
 */
export default function globalSetup() {
  if (process.env.E2E_TEMPLATE_DIR) return;
  const template = fs.mkdtempSync(path.join(os.tmpdir(), "solar-e2e-template-"));
  prepareE2eData(template);
  process.env.E2E_TEMPLATE_DIR = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
