/**
 * Bill submissions against one or more builds in alternating rounds, each checked one to one.
 *   node --import tsx scripts/bench/submissions.ts [--rounds N] [--engines pglite,postgres] LABEL=DIR …
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../app/server/db/client.server";
import { rowsOf } from "../../app/server/db/rows.server";
import { billForm, cpuByProgram, load, startBenchServer, waitForHealth, writeBenchBill } from "./server";

const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);
const LEAD_CONNECTIONS = 20;
const BILL_EMAIL = "pat@bench.example";
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 300);

type EngineName = "pglite" | "postgres";
type Run = {
  round: number;
  engine: EngineName;
  build: string;
  accepted: number;
  perSecond: number;
  p50: number;
  p99: number;
  refused: number;
  errors: number;
  rows: number;
  check: string;
  otherCpuSeconds: number;
};

/** In clock ticks (100/s); null off Linux. */
function readCpu(): { idle: number; total: number } | null {
  try {
    // Guest time is already in user and nice, so only the first eight fields count.
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1, 9).map(Number);
    if (!fields) return null;
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return null;
  }
}

async function busyShare(ms = 2000): Promise<number> {
  const before = readCpu();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = readCpu();
  if (!before || !after || after.total === before.total) return 0;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

async function waitForQuiet(): Promise<number> {
  const deadline = Date.now() + QUIET_WAIT_SECONDS * 1000;
  let busy = await busyShare();
  while (busy > 0.25 && Date.now() < deadline) {
    console.log(`  machine ${(busy * 100).toFixed(0)}% busy: waiting`);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    busy = await busyShare();
  }
  return busy;
}

async function runOnce(round: number, engine: EngineName, build: string, dir: string): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-submissions-"));
  const dbName = `bench_submissions_${process.pid}_${round}_${build.replace(/\W/g, "")}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  if (engine === "postgres") {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database "${dbName}"`);
    await admin.end();
  }
  const here = process.cwd();
  process.chdir(dir);
  const { child, base } = startBenchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: engine === "postgres" ? url.toString() : "",
    LOG_REQUESTS: "true",
    FORM_RATE_LIMIT: "100000",
    UPLOADS_PER_ADDRESS: "100",
  });
  process.chdir(here);
  try {
    await waitForHealth(base, child);
    const pdfPath = path.join(dataDir, "bench-bill.pdf");
    writeBenchBill(pdfPath);
    // Another address, so the check counts only the measured run's rows.
    await load(
      `${base}/submit-bill`,
      { amount: 200 },
      { method: "POST", form: billForm(pdfPath, "warm@bench.example") },
    );
    const cpuBefore = cpuByProgram([child.pid as number]);
    const machineBefore = readCpu();
    const result = await load(
      `${base}/submit-bill`,
      { seconds: LEAD_SECONDS, connections: LEAD_CONNECTIONS },
      { method: "POST", form: billForm(pdfPath, BILL_EMAIL) },
    );
    const cpuAfter = cpuByProgram([child.pid as number]);
    const machineAfter = readCpu();
    const answered = (test: (status: number) => boolean) =>
      Object.entries(result.statuses).reduce((sum, [code, n]) => sum + (test(Number(code)) ? n : 0), 0);
    const accepted = answered((status) => status >= 300 && status < 400);
    const refused = answered((status) => status >= 400);

    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    const checked = await checkRows(engine, engine === "postgres" ? url.toString() : null, dataDir);
    const problems: string[] = [];
    if (checked.rows < accepted || checked.rows > accepted + LEAD_CONNECTIONS)
      problems.push(`${checked.rows} rows for ${accepted} accepted`);
    if (checked.withOneJob !== checked.rows) problems.push(`${checked.rows - checked.withOneJob} without one e-mail`);
    if (checked.distinctFiles !== checked.rows || checked.missingFiles) problems.push("files and rows differ");
    return {
      round,
      engine,
      build,
      accepted,
      perSecond: accepted / LEAD_SECONDS,
      p50: result.p50,
      p99: result.p99,
      refused,
      errors: result.errors,
      rows: checked.rows,
      check: problems.length ? problems.join("; ") : "ok",
      otherCpuSeconds: otherCpuSeconds(machineBefore, machineAfter, cpuBefore, cpuAfter),
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    if (engine === "postgres") {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** From the machine's busy time, so processes that ended during the run count too. */
function otherCpuSeconds(
  machineBefore: ReturnType<typeof readCpu>,
  machineAfter: ReturnType<typeof readCpu>,
  before: Record<string, number>,
  after: Record<string, number>,
): number {
  if (!machineBefore || !machineAfter) return 0;
  const busyMs = (machineAfter.total - machineAfter.idle - (machineBefore.total - machineBefore.idle)) * 10;
  const ours = ["app", "load tool", "PostgreSQL"].reduce(
    (sum, group) => sum + (after[group] ?? 0) - (before[group] ?? 0),
    0,
  );
  return Math.max(0, busyMs - ours) / 1000;
}

async function checkRows(engine: EngineName, databaseUrl: string | null, dataDir: string) {
  const handle = await openDatabase(engine === "postgres" && databaseUrl ? { databaseUrl } : { dataDir });
  const query = async (text: string) => rowsOf<Record<string, unknown>>(await handle.db.execute(sql.raw(text)));
  const count = async (text: string) => Number((await query(text))[0]?.n ?? 0);
  try {
    const mine = `email = '${BILL_EMAIL}'`;
    const rows = await count(`select count(*) as n from lead_submissions where ${mine}`);
    const withOneJob = await count(`select count(*) as n from lead_submissions s where ${mine}
      and (select count(*) from email_outbox o where o.lead_submission_id = s.id) = 1`);
    const distinctFiles = await count(`select count(distinct file_url) as n from lead_submissions where ${mine}`);
    const keys = (await query(`select file_url from lead_submissions where ${mine}`)).map((row) =>
      String(row.file_url),
    );
    const missingFiles = keys.filter((key) => !fs.existsSync(path.join(dataDir, "uploads", key))).length;
    return { rows, withOneJob, distinctFiles, missingFiles };
  } finally {
    await handle.close();
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { rounds: { type: "string", default: "2" }, engines: { type: "string", default: "pglite,postgres" } },
  });
  const builds = (positionals.length ? positionals : [`current=${process.cwd()}`]).map((arg) => {
    const [label, dir] = arg.includes("=") ? (arg.split("=", 2) as [string, string]) : [path.basename(arg), arg];
    const resolved = path.resolve(dir);
    if (!fs.existsSync(path.join(resolved, "build/server/index.js"))) throw new Error(`${resolved}: no build`);
    return { label, dir: resolved };
  });
  const engines = (values.engines ?? "").split(",").filter(Boolean) as EngineName[];
  const rounds = Number(values.rounds);
  console.log(
    `Bill submissions: 1 MB PDF, ${LEAD_CONNECTIONS} connections, ${LEAD_SECONDS} s, after 200 warm-up; ${os.cpus().length} cores; ${rounds} rounds × ${engines.join(", ")} × ${builds.map((b) => b.label).join(", ")}`,
  );
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const engine of engines) {
      // Reversed every other round, so no build always runs right after the other.
      for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
        // The last run's gigabyte or two of bill files is flushed before this one.
        execSync("sync");
        const busy = await waitForQuiet();
        const run = await runOnce(round, engine, build.label, build.dir);
        runs.push(run);
        console.log(
          `  round ${round} ${engine} ${build.label}: ${run.perSecond.toFixed(1)} submissions/s, p99 ${run.p99} ms, ` +
            `check ${run.check}, idle before ${(100 - busy * 100).toFixed(0)}%, other programs ${run.otherCpuSeconds.toFixed(1)} CPU s`,
        );
      }
    }
  }
  console.table(
    runs.map((run) => ({
      round: run.round,
      engine: run.engine,
      build: run.build,
      "submissions/s": run.perSecond.toFixed(1),
      "p50 ms": run.p50,
      "p99 ms": run.p99,
      accepted: run.accepted,
      rows: run.rows,
      "refused/errors": `${run.refused}/${run.errors}`,
      check: run.check,
      "other CPU s": run.otherCpuSeconds.toFixed(1),
    })),
  );
  const summary: Record<string, string | number>[] = [];
  for (const engine of engines) {
    const mean = (label: string) => {
      const mine = runs.filter((run) => run.engine === engine && run.build === label);
      return mine.reduce((sum, run) => sum + run.perSecond, 0) / Math.max(1, mine.length);
    };
    const first = builds[0]?.label ?? "";
    for (const build of builds) {
      summary.push({
        engine,
        build: build.label,
        "mean submissions/s": mean(build.label).toFixed(1),
        [`vs ${first}`]: `${((mean(build.label) / mean(first) - 1) * 100).toFixed(1)}%`,
      });
    }
  }
  console.table(summary);
  if (runs.some((run) => run.check !== "ok")) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
