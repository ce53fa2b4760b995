import { spawn } from "node:child_process";
import os from "node:os";

/**
 * `npm test`: the checks in order, stopping after the first step that fails, then how long each
 * phase took and the machine's load (CI shares its 2 cores; a timing means little without it).
 * Steps whose phases leave part of the two cores idle run side by side, each one's output printed
 * whole when it ends (decision 0025): typecheck, lint and build (each mostly one core), then Vitest
 * and the slow phase (about 1.6 cores each).
 * The browser phase keeps both cores busy on its own.
 */
const STEPS: [name: string, script: string][][] = [
  [
    ["typecheck", "typecheck"],
    ["lint", "lint"],
    ["build", "build"],
  ],
  [
    ["unit and integration (Vitest)", "test:unit"],
    ["fault, cluster and process tests (Playwright)", "test:e2e:slow"],
  ],
  [["browser tests (Playwright)", "test:e2e:browser"]],
];

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(0).padStart(5);

/** Runs one npm script; alone it writes straight to the terminal, beside others it is buffered. */
function run(name: string, script: string, alone: boolean): Promise<{ name: string; status: number; row: string }> {
  const start = Date.now();
  const child = spawn("npm", ["run", "--silent", script], { stdio: alone ? "inherit" : "pipe" });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      if (!alone) process.stdout.write(`\n── ${name} ──\n${output}`);
      resolve({ name, status: code ?? 1, row: `${name.padEnd(48)} ${seconds(start)} s  load ${load()}` });
    });
  });
}

const rows: string[] = [];
const started = Date.now();
let status = 0;
for (const step of STEPS) {
  const stepStart = Date.now();
  const results = await Promise.all(step.map(([name, script]) => run(name, script, step.length === 1)));
  rows.push(...results.map((result) => result.row));
  if (step.length > 1) rows.push(`${"  (side by side)".padEnd(48)} ${seconds(stepStart)} s`);
  const failed = results.filter((result) => result.status !== 0);
  if (failed.length > 0) {
    status = failed[0]?.status ?? 1;
    rows.push(`${failed.map((result) => result.name).join(", ")} failed; later phases not run`);
    break;
  }
}
console.log(
  `\nTest phases (${os.cpus().length} cores):\n${rows.join("\n")}\n${"total".padEnd(48)} ${seconds(started)} s`,
);
process.exitCode = status;
