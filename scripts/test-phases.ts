import { spawnSync } from "node:child_process";
import os from "node:os";

/**
 * `npm test`: the checks one after the other, stopping at the first failure, then how long each
 * phase took and the machine's load (CI shares its 2 cores; a timing means little without it).
 */
const PHASES: [name: string, script: string][] = [
  ["typecheck", "typecheck"],
  ["lint", "lint"],
  ["unit and integration (Vitest)", "test:unit"],
  ["build", "build"],
  ["browser tests (Playwright)", "test:e2e:browser"],
  ["fault, cluster and process tests (Playwright)", "test:e2e:slow"],
];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const rows: string[] = [];
const started = Date.now();
let status = 0;
for (const [name, script] of PHASES) {
  const start = Date.now();
  const result = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  status = result.status ?? 1;
  rows.push(`${name.padEnd(48)} ${((Date.now() - start) / 1000).toFixed(0).padStart(5)} s  load ${load()}`);
  if (status !== 0) {
    rows.push(`${name} failed (exit ${status}); later phases not run`);
    break;
  }
}
console.log(
  `\nTest phases (${os.cpus().length} cores):\n${rows.join("\n")}\n${"total".padEnd(48)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`,
);
process.exitCode = status;
