import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { newE2eDataDirs } from "../tests/e2e/prepare-data";

// Load is printed because CI shares 2 cores; steps that leave a core idle run side by side (decision 0025).
// The tests must prove the Node 22 the server runs on (decision 0024).
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`npm test needs Node 22 or newer; this is Node ${process.versions.node}. Run \`npm install\` first.`);
  process.exit(1);
}

const npm = (script: string) => ["npm", "run", "--silent", script];
const STEPS: [name: string, command: string[]][][] = [
  [
    ["typecheck", npm("typecheck")],
    ["lint", npm("lint")],
    ["build", npm("build")],
    ["seeded folders for the browser tests", [process.execPath, "--import", "tsx", "tests/e2e/prepare-data.ts"]],
  ],
  [
    ["unit and integration (Vitest)", npm("test:unit")],
    ["fault, cluster and process tests (Playwright)", npm("test:e2e:slow")],
  ],
  [["browser tests (Playwright)", npm("test:e2e:browser")]],
];

const e2eDirs = newE2eDataDirs();
process.env.E2E_TEMPLATE_DIR = e2eDirs.template;
process.env.E2E_DATA_DIR = e2eDirs.shared;
process.env.E2E_DATA_PREPARED = "1";

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(0).padStart(5);

// Buffered when beside other steps, so outputs do not interleave.
function run(name: string, command: string[], alone: boolean): Promise<{ name: string; status: number; row: string }> {
  const start = Date.now();
  const [file = "npm", ...args] = command;
  const child = spawn(file, args, { stdio: alone ? "inherit" : "pipe" });
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
  const results = await Promise.all(step.map(([name, command]) => run(name, command, step.length === 1)));
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
for (const dir of Object.values(e2eDirs)) fs.rmSync(dir, { recursive: true, force: true });
process.exitCode = status;
