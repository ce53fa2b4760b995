/**
 * docs/deploy.md's nginx + PostgreSQL + S3 deployment under load, for one then two instances.
 * CPU per request is read from /proc, so it says where a request's cost goes whatever shares the cores.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/server/db/client.server";
import { incentives } from "../../app/server/db/schema";
import { type Cluster, DEFAULT_POSTGRES, nginxBinary, startCluster } from "../../tests/cluster/cluster";
import { realisticSearches, syntheticPrograms } from "./search";
import { billForm, cpuByProgram, cpuPerRequest, type Load, load, runWhenMain, writeBenchBill } from "./server";

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 10);
const PROGRAMS = Number(process.env.BENCH_CLUSTER_PROGRAMS ?? 5_000);
const SIZES = (process.env.BENCH_CLUSTER_INSTANCES ?? "1,2").split(",").map(Number);
const CONNECTIONS = 50; // load()'s default
const BILL_CONNECTIONS = 20;

export type ClusterRun = {
  instances: number;
  home: Load;
  state: Load;
  search: Load;
  about: Load;
  /** rows may exceed accepted (cut-off uploads still stored); extra objects await the orphan sweep. */
  bills: Load & { accepted: number; rows: number; objects: number; rowsWithoutObject: number };
  ratio: number;
  searchCpu: Record<string, number>;
};

async function seedPrograms(cluster: Cluster) {
  const handle = await openDatabase({ databaseUrl: cluster.databaseUrl, poolMax: 2 });
  try {
    const rows = syntheticPrograms(PROGRAMS);
    for (let i = 0; i < rows.length; i += 500) await handle.db.insert(incentives).values(rows.slice(i, i + 500));
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

async function measure(instances: number, searches: string[], pdfPath: string): Promise<ClusterRun> {
  const cluster = await startCluster({
    instances,
    nginxWorkers: "auto",
    serverUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES,
    env: {
      LOG_REQUESTS: "false",
      FORM_RATE_LIMIT: "100000",
      UPLOADS_PER_ADDRESS: "100",
      UPLOADS_AT_ONCE: "100",
      MAIL_POLL_SECONDS: "3600",
    },
  });
  try {
    await seedPrograms(cluster);
    const base = cluster.url;
    await load(`${base}/`, { amount: 2_000 });
    const home = await load(`${base}/`, { seconds: SECONDS });
    await load(`${base}/incentives/states/ca`, { amount: 1_000 });
    const state = await load(`${base}/incentives/states/ca`, { seconds: SECONDS });
    // `level` is ignored by the page but kept in the cache key, so every URL renders.
    const unique = (n: number) =>
      `/incentives?q=${encodeURIComponent(searches[n % searches.length] as string)}&level=${n.toString(36)}`;
    await load(base, { amount: 300 }, { makePath: (n) => unique(1_000_000 + n) });
    // The floor: an uncached page with no query of its own.
    const aboutPath = (n: number) => `/about?level=${n.toString(36)}`;
    await load(base, { amount: 300 }, { makePath: (n) => aboutPath(1_000_000 + n) });
    const about = await load(base, { seconds: SECONDS }, { makePath: aboutPath });
    const appPids = cluster.instances.map((instance) => instance.child().pid ?? -1);
    const cpuBefore = cpuByProgram(appPids);
    const search = await load(base, { seconds: SECONDS }, { makePath: unique });
    const cpuAfter = cpuByProgram(appPids);
    const searchCpu = cpuPerRequest(cpuBefore, cpuAfter, search.rps * SECONDS);

    const bills = await load(
      `${base}/submit-bill`,
      { seconds: SECONDS, connections: BILL_CONNECTIONS },
      {
        method: "POST",
        form: billForm(pdfPath, "bench@example.com"),
      },
    );
    const accepted = bills.statuses["302"] ?? 0;
    // Uploads cut off at the end finish (or are given up) a moment later.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const stored = await cluster.query<{ file_url: string }>("select file_url from lead_submissions");
    const objects = new Set(cluster.s3.objectKeys());
    return {
      instances,
      home,
      state,
      search,
      about,
      bills: {
        ...bills,
        failed: bills.failed - accepted,
        accepted,
        rows: stored.length,
        objects: objects.size,
        rowsWithoutObject: stored.filter((row) => !objects.has(row.file_url)).length,
      },
      ratio: search.rps / home.rps,
      searchCpu,
    };
  } finally {
    await cluster.close();
  }
}

export async function benchCluster(): Promise<{ runs: ClusterRun[]; missed: string[] }> {
  if (!nginxBinary()) {
    console.log("Cluster benchmark skipped: nginx is not installed (apt-get install nginx).");
    return { runs: [], missed: [] };
  }
  if (!fs.existsSync("build/server/index.js")) execSync("npx react-router build", { stdio: "inherit" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-cluster-"));
  const pdfPath = path.join(dir, "bill.pdf");
  writeBenchBill(pdfPath);
  const searches = realisticSearches(300);
  const runs: ClusterRun[] = [];
  try {
    for (const size of SIZES) runs.push(await measure(size, searches, pdfPath));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const cell = (value: Load) =>
    `${Math.round(value.rps)} req/s, p50 ${value.p50} ms, p99 ${value.p99} ms` +
    (value.steady ? ` (after 1 s: p99 ${Math.round(value.steady.p99)})` : "");
  const rows: Record<string, Record<string, string>> = {};
  const targets: Array<[string, (run: ClusterRun) => Load]> = [
    ["/ (HTML cache)", (run) => run.home],
    ["/incentives/states/ca (HTML cache)", (run) => run.state],
    ["/incentives?q=<unique> (rendered)", (run) => run.search],
    ["/about?level=<unique> (rendered; reference)", (run) => run.about],
    [`bill submission, 1 MB (${BILL_CONNECTIONS} connections)`, (run) => run.bills],
  ];
  for (const [label, pick] of targets) {
    rows[label] = Object.fromEntries(runs.map((run) => [`${run.instances} instance(s)`, cell(pick(run))]));
  }
  console.log(
    `Through nginx (HTTPS, ${CONNECTIONS} connections, ${SECONDS} s per target), PostgreSQL, ${PROGRAMS.toLocaleString("en-US")} synthetic programs, ${os.cpus().length} cores:`,
  );
  console.table(rows);

  const missed: string[] = [];
  for (const run of runs) {
    const name = `${run.instances} instance(s)`;
    console.log(
      `${name}: unique-query p99 ${run.search.p99} ms (target < 250 ms; ${Math.round(run.search.steady?.p99 ?? 0)} ms for the requests sent after the first second), ` +
        `${run.ratio.toFixed(3)}x the cached / (target ≥ 0.15x; an uncached /about: ${(run.about.rps / run.home.rps).toFixed(3)}x); ` +
        `bills: ${run.bills.accepted} accepted, ${run.bills.rows} rows (${run.bills.rowsWithoutObject} without their file), ` +
        `${run.bills.objects} objects in the bucket`,
    );
    const cpu = Object.entries(run.searchCpu).filter(([, ms]) => ms > 0);
    if (cpu.length) {
      const total = cpu.reduce((sum, [, ms]) => sum + ms, 0);
      console.log(
        `${name}: CPU per unique search, ${total.toFixed(1)} ms in all (${os.cpus().length} cores): ` +
          cpu.map(([group, ms]) => `${group} ${ms.toFixed(2)}`).join(", "),
      );
    }
    if (run.search.p99 >= 250) missed.push(`${name}: unique-query p99 ${run.search.p99} ms ≥ 250 ms`);
    if (run.ratio < 0.15) missed.push(`${name}: unique-query ${run.ratio.toFixed(3)}x < 0.15x of the cached /`);
    if (run.home.failed || run.state.failed || run.search.failed || run.about.failed || run.bills.failed)
      missed.push(`${name}: some requests failed`);
    if (run.bills.rows < run.bills.accepted || run.bills.rowsWithoutObject > 0)
      missed.push(
        `${name}: bills accepted ${run.bills.accepted}, rows ${run.bills.rows}, rows without their file ${run.bills.rowsWithoutObject}`,
      );
  }
  return { runs, missed };
}

runWhenMain("bench/cluster.ts", benchCluster, "All cluster targets met.");
