import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";

/** A production server of our own, started beside the suite's (its own port, folder and settings). */
export type Started = { child: ChildProcess; output: () => string; port: number };

export function startServer(env: Record<string, string>): Started {
  let output = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    // Admins without a second factor are let in unless a test asks (tests/e2e/account-security.spec.ts).
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_REQUESTS: "false",
      DATABASE_URL: "",
      ADMIN_TWO_FACTOR_REQUIRED: "false",
      // No backup at every start (a test that wants them sets it).
      BACKUP_INTERVAL_HOURS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output, port: Number(env.PORT) };
}

export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function waitReady(server: Started) {
  // Usually 2-3 s; a full run once took over 30 s to load the server bundle while another browser
  // suite shared the 2 cores.
  await expect.poll(server.output, { timeout: 60_000 }).toContain("Server ready");
}

/**
 * A new data folder holding a copy of the run's migrated and seeded database (made once by
 * playwright.config.ts): a server started on it skips PGlite's initdb, the migrations and the seed,
 * about half the CPU of a boot. Specs that test the first start on an empty folder make their own.
 */
export function seededDataDir(prefix: string): string {
  const template = process.env.E2E_TEMPLATE_DIR;
  if (!template) throw new Error("E2E_TEMPLATE_DIR is unset: run the specs through playwright.config.ts");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** A verified admin in a server's data folder, made as an operator would (scripts/admin-create.ts). */
export function createAdminIn(dataDir: string, admin: { email: string; password: string }): void {
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" }, stdio: "pipe" },
  );
}
