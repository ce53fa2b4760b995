import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Browser specs are picked by name: app/routes/incentives.tsx picks tests/e2e/incentives.spec.ts.
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [
  ...new Set([...git("diff", "--name-only", "HEAD"), ...git("ls-files", "--others", "--exclude-standard")]),
].filter((file) => fs.existsSync(file));

if (changed.length === 0) {
  console.log("No changed files since the last commit.");
  process.exit(0);
}

const run = (command: string, args: string[]) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
};

const code = changed.filter((file) => /\.(ts|tsx)$/.test(file) && !file.startsWith("tests/e2e/"));
let status = code.length > 0 ? run("npx", ["vitest", "related", "--run", "--passWithNoTests", ...code]) : 0;

const stem = (file: string) => path.basename(file).replace(/(\.spec|\.test|\.server)?\.(ts|tsx)$/, "");
const stems = new Set(changed.map(stem));
const specs = fs
  .readdirSync("tests/e2e")
  .filter((name) => name.endsWith(".spec.ts") && stems.has(stem(name)))
  .map((name) => `tests/e2e/${name}`);
if (specs.length > 0 && status === 0) {
  status = run("npm", ["run", "--silent", "build"]);
  if (status === 0) status = run("npx", ["playwright", "test", ...specs]);
} else if (specs.length === 0) {
  console.log("\nNo browser spec is named like a changed file.");
}
process.exitCode = status;
