/**
 * Page weight, CPU per request by program, and latency at a fixed offered rate, through nginx.
 *   node --import tsx scripts/bench/pages.ts [--dir DIR] | --compare COMMIT_A COMMIT_B [--rounds N]
 * The fixed rate uses its own timetable: autocannon's -R sends each second's requests in one burst
 * (docs/benchmarks.md).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import routes from "../../app/routes";
import { openDatabase } from "../../app/server/db/client.server";
import { incentives } from "../../app/server/db/schema";
import { seedDatabase } from "../../app/server/db/seed.server";
import { readIncentivePage } from "../../app/server/queries/incentives.server";
import { DEFAULT_POSTGRES, nginxBinary, startNginx } from "../../tests/cluster/cluster";
import { freePortSync } from "../../tests/free-port";
import { realisticSearches, syntheticPrograms } from "./search";
import { load, percentile, waitForHealth } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PROGRAMS = Number(process.env.BENCH_PAGES_PROGRAMS ?? 5_000);
const FIXED_RATE = process.env.BENCH_PAGES_RATE ? Number(process.env.BENCH_PAGES_RATE) : null;
const RATE_TOOL = process.env.BENCH_PAGES_RATE_TOOL === "autocannon" ? "autocannon" : "timetable";
const GRACE_SECONDS = Number(process.env.BENCH_PAGES_GRACE_SECONDS ?? 15);
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 60);
/** Share of the machine other programs may take during a run before it is measured again. */
const OTHER_LIMIT = 0.05;
const ATTEMPTS = Number(process.env.BENCH_PAGES_ATTEMPTS ?? 3);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES;
const PAGE_SIZE = 24;
const SAMPLE_SEARCHES = 20;
/** The short address: a default in the query would be redirected. */
const CALCULATOR_RESULT = "/solar-calculator?monthlyBill=2500&state=NM&financing=loan&loanRate=7&loanTerm=10";
const CANONICAL_SEARCH = "/incentives?q=solar";
const TARGETS = { searchKb: 45, cpuRatio: 1.5, p99Ms: 250, pageShare: 0.6, pageKb: 40, aboutCheaper: 0.25 };

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanUp() {
  while (cleanups.length) await Promise.resolve((cleanups.pop() as () => Promise<void> | void)()).catch(() => {});
}
function cleanUpOnSignals(): () => void {
  const handlers = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const handler = () => {
      console.error(`${signal}: cleaning up…`);
      void cleanUp().finally(() => process.exit(130));
    };
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => {
    for (const off of handlers) off();
  };
}
async function withCleanup<T>(step: () => Promise<T> | T, undo: (value: T) => Promise<void> | void): Promise<T> {
  const value = await step();
  cleanups.push(() => undo(value));
  return value;
}
async function undoLast() {
  const last = cleanups.pop();
  if (last) await Promise.resolve(last()).catch(() => {});
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// CPU times from /proc assume 100 clock ticks a second.

function readStat(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name, which may hold spaces: ppid [1], utime [11], stime [12].
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

export function processCpuMs(pid: number): number {
  const fields = readStat(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

function machineCpu(): { busy: number; total: number } {
  try {
    const fields = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const total = fields.reduce((sum, n) => sum + n, 0);
    return { busy: (total - (fields[3] ?? 0) - (fields[4] ?? 0)) * 10, total: total * 10 };
  } catch {
    return { busy: 0, total: 0 };
  }
}

type Programs = {
  app: number;
  nginx: number;
  postgres: number;
  loadTool: number;
  other: number;
  otherShare: number;
};
type Snapshot = Omit<Programs, "otherShare"> & { machine: number; at: number };

/** nginx's workers are found as the master's children. */
type Watched = { appPid: number; nginxPid: number; database: string };

function snapshot(watched: Watched): Snapshot {
  let nginx = processCpuMs(watched.nginxPid);
  let postgres = 0;
  for (const pid of allPids()) {
    const fields = readStat(pid);
    if (!fields) continue;
    if (Number(fields[1]) === watched.nginxPid) nginx += (Number(fields[11]) + Number(fields[12])) * 10;
    else {
      let title = "";
      try {
        title = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        continue;
      }
      if (title.startsWith("postgres: ") && title.includes(` ${watched.database} `))
        postgres += (Number(fields[11]) + Number(fields[12])) * 10;
    }
  }
  const usage = process.cpuUsage();
  return {
    app: processCpuMs(watched.appPid),
    nginx,
    postgres,
    loadTool: (usage.user + usage.system) / 1000,
    other: 0,
    machine: machineCpu().busy,
    at: performance.now(),
  };
}

function perRequest(before: Snapshot, after: Snapshot, requests: number): Programs {
  const delta = (key: keyof Snapshot) => Math.max(0, after[key] - before[key]);
  const ours = delta("app") + delta("nginx") + delta("postgres") + delta("loadTool");
  const n = Math.max(1, requests);
  return {
    app: delta("app") / n,
    nginx: delta("nginx") / n,
    postgres: delta("postgres") / n,
    loadTool: delta("loadTool") / n,
    other: Math.max(0, delta("machine") - ours) / n,
    otherShare: Math.max(0, delta("machine") - ours) / Math.max(1, (after.at - before.at) * os.cpus().length),
  };
}

async function busyShare(ms = 2000): Promise<number> {
  const before = machineCpu();
  await sleep(ms);
  const after = machineCpu();
  return after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;
}

/** Bounds a sitting's waiting and re-measuring, so a machine that never quietens still ends. */
let patienceMs = 0;
function resetPatience() {
  patienceMs = QUIET_WAIT_SECONDS * 1000;
}
async function spending<T>(step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    patienceMs -= Date.now() - started;
  }
}

async function waitForQuiet(): Promise<number> {
  let busy = await busyShare();
  while (busy > 0.25 && patienceMs > 0) {
    console.log(`    machine ${(busy * 100).toFixed(0)}% busy: waiting`);
    busy = await spending(async () => {
      await sleep(3000);
      return busyShare();
    });
  }
  return busy;
}

async function quietRun<T extends { cpu: Programs; attempts?: number; busyBefore?: number }>(
  label: string,
  run: () => Promise<T>,
): Promise<T> {
  let best: T | null = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const busyBefore = await waitForQuiet();
    const measure = async () => ({ ...(await run()), attempts: attempt, busyBefore });
    const result = attempt === 1 ? await measure() : await spending(measure);
    if (!best || result.cpu.otherShare < best.cpu.otherShare) best = result;
    if (result.cpu.otherShare <= OTHER_LIMIT || patienceMs <= 0) break;
    if (attempt < ATTEMPTS)
      console.log(
        `    ${label}: other programs took ${(result.cpu.otherShare * 100).toFixed(0)}% of the machine meanwhile: measuring again`,
      );
  }
  return best as T;
}

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

function publicPaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      if (entry.file === "routes/staff-shell.tsx" || entry.path === "*") continue;
      const full = entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.children) walk(entry.children, full);
      if (!entry.file.endsWith(".tsx") || (!entry.path && !entry.index)) continue;
      const filled = (full || "/").replace(":state", "ca");
      if (!filled.includes(":")) paths.push(filled);
    }
  };
  walk(routes as RouteEntry[], "");
  return [...paths, CALCULATOR_RESULT];
}

function get(
  port: number,
  pathAndQuery: string,
  acceptEncoding: string,
  agent?: https.Agent,
): Promise<{ status: number; bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port,
        path: pathAndQuery,
        servername: "localhost",
        rejectUnauthorized: false,
        agent: agent ?? false,
        headers: { host: `localhost:${port}`, "accept-encoding": acceptEncoding },
      },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            encoding: String(response.headers["content-encoding"] ?? "identity"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.setTimeout(60_000, () => request.destroy(new Error("timed out after 60 s")));
    request.on("error", reject);
    request.end();
  });
}

type PageBytes = { path: string; status: number; raw: number; brotli: number; encoding: string };

async function pageBytes(port: number, pathAndQuery: string): Promise<PageBytes> {
  const raw = await get(port, pathAndQuery, "identity");
  const br = await get(port, pathAndQuery, "br");
  return { path: pathAndQuery, status: raw.status, raw: raw.bytes, brotli: br.bytes, encoding: br.encoding };
}

/** `level` is ignored by the pages but kept in the cache key, so every request renders. */
const searchPath = (searches: string[]) => (n: number) =>
  `/incentives?q=${encodeURIComponent(searches[n % searches.length] as string)}&level=${n.toString(36)}`;
const aboutPath = (n: number) => `/about?level=${n.toString(36)}`;

type ClosedRun = {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  failed: number;
  statuses: Record<string, number>;
  windowRequests: number;
  cpu: Programs;
  attempts?: number;
  busyBefore?: number;
};

/** CPU is counted without the first and last second: no start-up staircase, no cut-off requests. */
function closedLoop(
  base: string,
  makePath: ((n: number) => string) | null,
  watched: Watched,
  counter: { n: number },
): Promise<ClosedRun> {
  return new Promise((resolve, reject) => {
    let answered = 0;
    let windowStart: { snap: Snapshot; answered: number } | null = null;
    let windowEnd: { snap: Snapshot; answered: number } | null = null;
    const first = setTimeout(() => {
      windowStart = { snap: snapshot(watched), answered };
    }, 1000);
    const last = setTimeout(
      () => {
        windowEnd = { snap: snapshot(watched), answered };
      },
      (SECONDS - 1) * 1000,
    );
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { "accept-encoding": "gzip, deflate, br" },
        ...(makePath
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: makePath(counter.n++) }) }] }
          : {}),
      },
      (error, result) => {
        clearTimeout(first);
        clearTimeout(last);
        if (error) return reject(error);
        const start = windowStart as { snap: Snapshot; answered: number } | null;
        const end = windowEnd as { snap: Snapshot; answered: number } | null;
        const windowRequests = start && end ? end.answered - start.answered : 0;
        resolve({
          rps: result.requests.total / SECONDS,
          p50: result.latency.p50,
          p97_5: result.latency.p97_5,
          p99: result.latency.p99,
          failed: result.errors + result.timeouts + result.non2xx,
          statuses: Object.fromEntries(
            Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
          ),
          windowRequests,
          cpu:
            start && end
              ? perRequest(start.snap, end.snap, windowRequests)
              : perRequest(snapshot(watched), snapshot(watched), 1),
        });
      },
    );
    instance.on("response", () => {
      answered++;
    });
  });
}

type OpenRun = {
  offered: number;
  achieved: number;
  sent: number;
  answered: number;
  /** Still unanswered after GRACE_SECONDS: their latency counts as infinite. */
  unanswered: number;
  failed: number;
  statuses: Record<string, number>;
  /** ms; null when over GRACE_SECONDS. */
  p50: number | null;
  p97_5: number | null;
  p99: number | null;
  max: number | null;
  cpu: Programs;
  attempts?: number;
  busyBefore?: number;
};

const finite = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);

/** Latency runs from when a request was due, so a slow answer delays no one's clock (no coordinated omission). */
async function openLoop(
  port: number,
  makePath: (n: number) => string,
  rate: number,
  watched: Watched,
  counter: { n: number },
): Promise<OpenRun> {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: CONNECTIONS,
    scheduling: "lifo",
    rejectUnauthorized: false,
    servername: "localhost",
  });
  try {
    // TLS handshakes done before the clock starts.
    await Promise.all(Array.from({ length: 8 }, () => get(port, makePath(counter.n++), "gzip, deflate, br", agent)));
    const total = Math.round(rate * SECONDS);
    const interval = 1000 / rate;
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const pending = new Set<Promise<void>>();
    let failed = 0;
    let answered = 0;
    let inRun = 0;
    let sent = 0;
    const before = snapshot(watched);
    const started = performance.now();
    const ends = started + SECONDS * 1000;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        while (sent < total && started + sent * interval <= now) {
          const due = started + sent * interval;
          const request: Promise<void> = get(port, makePath(counter.n++), "gzip, deflate, br", agent)
            .then(
              ({ status }) => {
                const done = performance.now();
                answered++;
                if (done <= ends) inRun++;
                statuses[status] = (statuses[status] ?? 0) + 1;
                if (status >= 200 && status < 300) latencies.push(done - due);
                else failed++;
              },
              () => {
                failed++;
              },
            )
            .finally(() => pending.delete(request));
          pending.add(request);
          sent++;
        }
        if (sent >= total) return resolve();
        setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      };
      tick();
    });
    await Promise.race([Promise.all(pending), sleep(GRACE_SECONDS * 1000)]);
    const unanswered = pending.size;
    const after = snapshot(watched);
    const all = [...latencies, ...Array.from({ length: unanswered }, () => Number.POSITIVE_INFINITY)];
    return {
      offered: rate,
      achieved: inRun / SECONDS,
      sent,
      answered,
      unanswered,
      failed,
      statuses,
      p50: finite(percentile(all, 50)),
      p97_5: finite(percentile(all, 97.5)),
      p99: finite(percentile(all, 99)),
      max: finite(all.length ? Math.max(...all) : 0),
      cpu: perRequest(before, after, answered),
    };
  } finally {
    agent.destroy();
  }
}

/** For comparison only: autocannon's bursty `overallRate`. */
async function autocannonRate(
  base: string,
  makePath: (n: number) => string,
  rate: number,
  watched: Watched,
  counter: { n: number },
): Promise<OpenRun> {
  const before = snapshot(watched);
  const result = await autocannon({
    url: base,
    connections: Math.min(CONNECTIONS, rate),
    overallRate: rate,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip, deflate, br" },
    requests: [{ setupRequest: (request) => ({ ...request, path: makePath(counter.n++) }) }],
  });
  await sleep(500);
  const after = snapshot(watched);
  return {
    offered: rate,
    achieved: result.requests.total / SECONDS,
    sent: result.requests.sent,
    answered: result.requests.total,
    unanswered: 0,
    failed: result.errors + result.timeouts + result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats?.count ?? 0]),
    ),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    cpu: perRequest(before, after, result.requests.total),
  };
}

export type SittingResult = {
  label: string;
  commit: string | null;
  dir: string;
  round: number;
  startedAt: string;
  loadAverage: number[];
  pages: PageBytes[];
  search: {
    canonical: PageBytes;
    sample: PageBytes[];
    rawMean: number;
    rawMax: number;
    brotliMean: number;
    brotliMax: number;
  };
  closed: { home: ClosedRun; about: ClosedRun; search: ClosedRun };
  cpuRatio: number;
  rate: number;
  rateTool: string;
  /** Half the search's own maximum: its latency when not saturated. */
  searchRate: number;
  open: { about: OpenRun; search: OpenRun; searchAtOwnHalf: OpenRun };
};

export async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Plain SQL on columns every compared build has, not this checkout's schema. */
async function addPrograms(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = syntheticPrograms(PROGRAMS);
    const columns = [
      "slug",
      "title",
      "description",
      "type",
      "state",
      "link",
      "status",
      "priority",
      "expires_on",
      "money_value",
      "last_reviewed_at",
    ];
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const values: unknown[] = [];
      const tuples = batch.map((row, r) => {
        values.push(
          row.slug,
          row.title,
          row.description,
          row.type,
          row.state ?? null,
          row.link ?? null,
          row.status ?? null,
          row.priority ?? 100,
          row.expiresOn ?? null,
          row.moneyValue ?? null,
          row.lastReviewedAt,
        );
        return `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`;
      });
      await client.query(`insert into incentives (${columns.join(", ")}) values ${tuples.join(", ")}`, values);
    }
    await client.query("analyze");
  } finally {
    await client.end();
  }
}

async function fullPageSearches(): Promise<string[]> {
  const name = `bench_pages_probe_${process.pid}`;
  const url = await withCleanup(
    () => createDatabase(name),
    () => dropDatabase(name),
  );
  const handle = await openDatabase({ databaseUrl: url, poolMax: 2 });
  try {
    await handle.migrate();
    await seedDatabase(handle.db);
    const rows = syntheticPrograms(PROGRAMS);
    for (let i = 0; i < rows.length; i += 500) await handle.db.insert(incentives).values(rows.slice(i, i + 500));
    const found: string[] = [];
    for (const search of realisticSearches(300)) {
      const page = await readIncentivePage(handle.db, { search }, { pageSize: PAGE_SIZE });
      if (page.rows.length === PAGE_SIZE) found.push(search);
    }
    return found;
  } finally {
    await handle.close();
    await undoLast();
  }
}

export function startApp(dir: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => output };
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const ended = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await ended;
  clearTimeout(timer);
}

type Build = { label: string; commit: string | null; dir: string };

async function sittingWithRetry(...args: Parameters<typeof sitting>): Promise<SittingResult> {
  try {
    return await sitting(...args);
  } catch (error) {
    console.log(`    ${args[0].label}: ${(error as Error).message.split("\n")[0]}: trying once more`);
    return await sitting(...args);
  }
}

async function sitting(
  build: Build,
  round: number,
  searches: string[],
  rateFrom: (aboutRps: number) => number,
): Promise<SittingResult> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed");
  const startedAt = new Date().toISOString();
  const marks = cleanups.length;
  resetPatience();
  const folder = await withCleanup(
    () => fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-")),
    (dir) => fs.rmSync(dir, { recursive: true, force: true }),
  );
  try {
    const database = `bench_pages_${process.pid}_${randomBytes(3).toString("hex")}`;
    const databaseUrl = await withCleanup(
      () => createDatabase(database),
      () => dropDatabase(database),
    );
    const httpsPort = freePortSync();
    const appPort = freePortSync();
    const app = await withCleanup(
      () =>
        startApp(build.dir, {
          NODE_ENV: "production",
          BACKUP_INTERVAL_HOURS: "0",
          HOST: "127.0.0.1",
          PORT: String(appPort),
          SITE_URL: `https://localhost:${httpsPort}`,
          TRUST_PROXY: "1",
          DATABASE_URL: databaseUrl,
          DATA_DIR: path.join(folder, "data"),
          SESSION_SECRET: randomBytes(32).toString("hex"),
          LOG_REQUESTS: "false",
          MAIL_POLL_SECONDS: "3600",
        }),
      (started) => stopChild(started.child),
    );
    try {
      await waitForHealth(`http://127.0.0.1:${appPort}`, app.child);
    } catch (error) {
      throw new Error(`${build.label}: the server did not start: ${(error as Error).message}\n${app.output()}`);
    }
    await withCleanup(
      () =>
        startNginx(nginx, folder, {
          httpsPort,
          httpPort: freePortSync(),
          upstreams: [appPort],
          workers: "auto",
        }),
      (proxy) => proxy.stop(),
    );
    const nginxPid = Number(fs.readFileSync(path.join(folder, "nginx", "nginx.pid"), "utf8").trim());
    const watched: Watched = { appPid: app.child.pid ?? -1, nginxPid, database };
    const base = `https://localhost:${httpsPort}`;
    const counter = { n: 1_000_000 };
    // A dead server would look fast: nginx answers 502 at once.
    const alive = <T>(value: T): T => {
      if (app.child.exitCode !== null || app.child.signalCode !== null)
        throw new Error(
          `${build.label}: the server ended (${app.child.exitCode ?? app.child.signalCode}):\n${app.output()}`,
        );
      return value;
    };

    const pages: PageBytes[] = [];
    for (const page of publicPaths()) pages.push(await pageBytes(httpsPort, page));
    await addPrograms(databaseUrl);
    const canonical = await pageBytes(httpsPort, CANONICAL_SEARCH);
    const sample: PageBytes[] = [];
    for (let i = 0; i < Math.min(SAMPLE_SEARCHES, searches.length); i++)
      sample.push(await pageBytes(httpsPort, searchPath(searches)(i)));
    const mean = (values: number[]) => values.reduce((sum, n) => sum + n, 0) / Math.max(1, values.length);

    await load(`${base}/`, { amount: 2_000 });
    const home = alive(await quietRun("/", () => closedLoop(`${base}/`, null, watched, counter)));
    await load(base, { amount: 300 }, { makePath: aboutPath });
    const about = alive(await quietRun("/about", () => closedLoop(base, aboutPath, watched, counter)));
    await load(base, { amount: 300 }, { makePath: searchPath(searches) });
    const search = alive(
      await quietRun("unique search", () => closedLoop(base, searchPath(searches), watched, counter)),
    );

    const rate = rateFrom(about.rps);
    const fixed = RATE_TOOL === "autocannon" ? autocannonRate.bind(null, base) : openLoop.bind(null, httpsPort);
    const openAbout = alive(await quietRun("/about at a fixed rate", () => fixed(aboutPath, rate, watched, counter)));
    const openSearch = alive(
      await quietRun("unique search at a fixed rate", () => fixed(searchPath(searches), rate, watched, counter)),
    );
    // The target rate saturates the search, so its p99 there measures the queue.
    const searchRate = Math.max(1, Math.round(search.rps / 2));
    const searchAtOwnHalf = alive(
      await quietRun("unique search at half its own maximum", () =>
        fixed(searchPath(searches), searchRate, watched, counter),
      ),
    );

    return {
      ...build,
      round,
      startedAt,
      loadAverage: os.loadavg(),
      pages,
      search: {
        canonical,
        sample,
        rawMean: mean(sample.map((page) => page.raw)),
        rawMax: Math.max(...sample.map((page) => page.raw)),
        brotliMean: mean(sample.map((page) => page.brotli)),
        brotliMax: Math.max(...sample.map((page) => page.brotli)),
      },
      closed: { home, about, search },
      cpuRatio: search.cpu.app / about.cpu.app,
      rate,
      rateTool: RATE_TOOL,
      searchRate,
      open: { about: openAbout, search: openSearch, searchAtOwnHalf },
    };
  } finally {
    while (cleanups.length > marks) await undoLast();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? `> ${GRACE_SECONDS} s` : `${Math.round(value)} ms`);
const cpuCell = (value: number) => value.toFixed(2);

function printSitting(result: SittingResult) {
  console.log(
    `\n${result.label}${result.commit ? ` (${result.commit.slice(0, 7)})` : ""}, round ${result.round}: Node ${process.version}, ${os.cpus().length} cores, load average ${result.loadAverage.map((n) => n.toFixed(1)).join(" ")}`,
  );
  console.log("Page weight through nginx (built-in content; the search with the synthetic programs):");
  console.table(
    [
      ...result.pages,
      { ...result.search.canonical, path: `${CANONICAL_SEARCH} (24 cards)` },
      {
        path: `unique searches, 24 cards (mean of ${result.search.sample.length}; max)`,
        status: Math.max(...result.search.sample.map((page) => page.status)),
        raw: result.search.rawMean,
        brotli: result.search.brotliMean,
        encoding: `max ${kb(result.search.rawMax)} / ${kb(result.search.brotliMax)}`,
      },
    ].map((page) => ({
      page: page.path,
      status: page.status,
      raw: kb(page.raw),
      "brotli (as sent)": page.encoding === "br" ? kb(page.brotli) : `${kb(page.brotli)} (${page.encoding})`,
    })),
  );
  const { home, about, search } = result.closed;
  console.log(
    `Closed loop (${CONNECTIONS} connections, ${SECONDS} s; CPU per request over the run less its first and last second):`,
  );
  console.table(
    (
      [
        ["/ (HTML cache)", home],
        ["/about?level=<unique> (rendered)", about],
        ["/incentives?q=<unique> (rendered, 24 cards)", search],
      ] as const
    ).map(([target, run]) => ({
      target,
      "req/s": Math.round(run.rps),
      "p50 ms": run.p50,
      "p99 ms": run.p99,
      failed: run.failed,
      "app CPU ms": cpuCell(run.cpu.app),
      "nginx ms": cpuCell(run.cpu.nginx),
      "PostgreSQL ms": cpuCell(run.cpu.postgres),
      "load tool ms": cpuCell(run.cpu.loadTool),
      "other programs": `${(run.cpu.otherShare * 100).toFixed(0)}%`,
    })),
  );
  console.log(
    `App CPU per unique search ÷ per uncached /about: ${result.cpuRatio.toFixed(2)}x (${cpuCell(search.cpu.app)} / ${cpuCell(about.cpu.app)} ms)`,
  );
  console.log(
    `Fixed offered rate ${result.rate} req/s (half the uncached /about maximum; ${result.rateTool === "autocannon" ? "autocannon overallRate" : "open loop on a timetable"}, ${SECONDS} s):`,
  );
  console.table(
    (
      [
        ["/about?level=<unique>", result.open.about],
        ["/incentives?q=<unique>", result.open.search],
        [`/incentives?q=<unique> at ${result.searchRate}/s (half its own maximum)`, result.open.searchAtOwnHalf],
      ] as const
    ).map(([target, run]) => ({
      target,
      "offered/s": run.offered,
      "achieved/s": run.achieved.toFixed(1),
      p50: ms(run.p50),
      "p97.5": ms(run.p97_5),
      p99: ms(run.p99),
      max: ms(run.max),
      "failed/unanswered": `${run.failed}/${run.unanswered}`,
      "app CPU ms": cpuCell(run.cpu.app),
      "nginx ms": cpuCell(run.cpu.nginx),
      "other programs": `${(run.cpu.otherShare * 100).toFixed(0)}%`,
    })),
  );
}

function missedIn(result: SittingResult): string[] {
  const missed: string[] = [];
  const name = `${result.label}${result.round > 1 ? ` (round ${result.round})` : ""}`;
  if (result.search.rawMax > TARGETS.searchKb * 1024)
    missed.push(`${name}: search page at 24 cards ${kb(result.search.rawMax)} > ${TARGETS.searchKb} KB`);
  if (result.cpuRatio > TARGETS.cpuRatio)
    missed.push(`${name}: app CPU search/about ${result.cpuRatio.toFixed(2)}x > ${TARGETS.cpuRatio}x`);
  for (const [target, run] of [
    ["/about", result.open.about],
    ["unique search", result.open.search],
  ] as const) {
    if (run.p99 === null || run.p99 >= TARGETS.p99Ms)
      missed.push(`${name}: ${target} p99 ${ms(run.p99)} at ${run.offered} req/s (target < ${TARGETS.p99Ms} ms)`);
  }
  const { home, about, search } = result.closed;
  if (home.failed || about.failed || search.failed || result.open.about.failed || result.open.search.failed)
    missed.push(`${name}: some requests failed`);
  return missed;
}

function writeJson(file: string | undefined, value: unknown) {
  if (!file) return;
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  console.log(`Figures written to ${file}`);
}

function machine() {
  return { cores: os.cpus().length, model: os.cpus()[0]?.model ?? "", node: process.version, platform: os.release() };
}

function settings() {
  return {
    seconds: SECONDS,
    connections: CONNECTIONS,
    programs: PROGRAMS,
    rateTool: RATE_TOOL,
    fixedRate: FIXED_RATE,
    graceSeconds: GRACE_SECONDS,
  };
}

async function preconditions(): Promise<string | null> {
  if (!nginxBinary()) return "nginx is not installed (apt-get install nginx)";
  if (!(await postgresAvailable())) return `no PostgreSQL at ${SERVER_URL} (BENCH_DATABASE_URL)`;
  return null;
}

export async function benchPages(
  dir = process.cwd(),
  json = process.env.BENCH_PAGES_JSON,
): Promise<{ result: SittingResult | null; missed: string[] }> {
  const problem = await preconditions();
  if (problem) {
    console.log(`Page benchmark skipped: ${problem}.`);
    return { result: null, missed: [] };
  }
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    console.log(`No production build in ${dir}: building…`);
    execFileSync("npx", ["react-router", "build"], { cwd: dir, stdio: "inherit" });
  }
  const signalsOff = cleanUpOnSignals();
  try {
    const searches = await fullPageSearches();
    console.log(
      `Page benchmark through nginx: ${searches.length} of 300 realistic searches fill a page of ${PAGE_SIZE} at ${PROGRAMS.toLocaleString("en-US")} synthetic programs.`,
    );
    const result = await sittingWithRetry(
      { label: path.basename(dir), commit: gitHead(dir), dir },
      1,
      searches,
      (aboutRps) => Math.max(1, FIXED_RATE ?? Math.floor(aboutRps / 2)),
    );
    printSitting(result);
    writeJson(json, { date: new Date().toISOString(), machine: machine(), settings: settings(), results: [result] });
    return { result, missed: missedIn(result) };
  } finally {
    await cleanUp();
    signalsOff();
  }
}

function gitHead(dir: string): string | null {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    return null;
  }
}

async function prepareBuild(repo: string, commit: string): Promise<string> {
  const dir = await withCleanup(
    () => {
      const target = path.join(os.tmpdir(), `bench-pages-${process.pid}-${commit.slice(0, 7)}`);
      execFileSync("git", ["-C", repo, "worktree", "add", "--detach", target, commit], { stdio: "pipe" });
      return target;
    },
    (target) => {
      execFileSync("git", ["-C", repo, "worktree", "remove", "--force", target], { stdio: "pipe" });
    },
  );
  const lock = execFileSync("git", ["-C", repo, "show", `${commit}:package-lock.json`], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const log = path.join(dir, "bench-pages-build.log");
  const run = (command: string, args: string[]) => {
    const out = fs.openSync(log, "a");
    try {
      execFileSync(command, args, { cwd: dir, stdio: ["ignore", out, out] });
    } catch (error) {
      throw new Error(`${command} ${args.join(" ")} failed in ${dir}:\n${fs.readFileSync(log, "utf8").slice(-3000)}`, {
        cause: error,
      });
    } finally {
      fs.closeSync(out);
    }
  };
  if (lock === fs.readFileSync(path.join(repo, "package-lock.json"), "utf8")) {
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
    console.log(`${commit.slice(0, 7)}: package-lock.json as here: node_modules linked`);
  } else {
    console.log(`${commit.slice(0, 7)}: another package-lock.json: npm ci (slow)…`);
    run("npm", ["ci", "--no-audit", "--no-fund"]);
  }
  const started = Date.now();
  run("npx", ["react-router", "build"]);
  console.log(`${commit.slice(0, 7)}: built in ${((Date.now() - started) / 1000).toFixed(0)} s (${dir})`);
  return dir;
}

type Stat = { mean: number; min: number; max: number };
const stat = (values: number[]): Stat => ({
  mean: values.reduce((sum, n) => sum + n, 0) / Math.max(1, values.length),
  min: Math.min(...values),
  max: Math.max(...values),
});

async function compare(commits: string[], rounds: number, json: string | undefined) {
  const problem = await preconditions();
  if (problem) throw new Error(problem);
  const repo = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const resolved = commits.map((commit) =>
    execFileSync("git", ["-C", repo, "rev-parse", "--verify", `${commit}^{commit}`], { encoding: "utf8" }).trim(),
  );
  const builds: Build[] = [];
  const signalsOff = cleanUpOnSignals();
  try {
    const dirs = new Map<string, string>();
    for (const commit of resolved) if (!dirs.has(commit)) dirs.set(commit, await prepareBuild(repo, commit));
    for (const [i, commit] of resolved.entries()) {
      const short = commit.slice(0, 7);
      const label = resolved.indexOf(commit) === i ? short : `${short} (again)`;
      builds.push({ label, commit, dir: dirs.get(commit) as string });
    }
    const searches = await fullPageSearches();
    console.log(
      `${searches.length} of 300 realistic searches fill a page of ${PAGE_SIZE}; ${rounds} rounds × ${builds.map((b) => b.label).join(", ")}, the order reversed every other round`,
    );
    let rate = FIXED_RATE;
    const results: SittingResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
        console.log(`  round ${round}: ${build.label}…`);
        const result = await sittingWithRetry(build, round, searches, (aboutRps) => {
          // One offered rate for every build.
          rate ??= Math.max(1, Math.floor(aboutRps / 2));
          return rate;
        });
        results.push(result);
        console.log(
          `    /about ${Math.round(result.closed.about.rps)} req/s, app CPU / ${cpuCell(result.closed.home.cpu.app)}, /about ${cpuCell(result.closed.about.cpu.app)}, search ${cpuCell(result.closed.search.cpu.app)} ms (${result.cpuRatio.toFixed(2)}x); ` +
            `at ${result.rate}/s p99 /about ${ms(result.open.about.p99)}, search ${ms(result.open.search.p99)}; other programs ${(result.closed.search.cpu.otherShare * 100).toFixed(0)}% of the machine during the search`,
        );
      }
    }
    for (const result of results) printSitting(result);
    const summary = summarise(builds, results);
    writeJson(json, {
      date: new Date().toISOString(),
      machine: machine(),
      settings: { ...settings(), rounds },
      builds,
      results,
      summary,
    });
  } finally {
    await cleanUp();
    signalsOff();
  }
}

/** Bytes from each build's first sitting only: they do not vary between rounds. */
function summarise(builds: Build[], results: SittingResult[]) {
  const [first, second] = builds as [Build, Build];
  const of = (build: Build) => results.filter((result) => result.label === build.label);
  const a = of(first);
  const b = of(second);
  const firstA = a[0] as SittingResult;
  const firstB = b[0] as SittingResult;

  const bytes = firstA.pages.map((page, i) => {
    const other = firstB.pages[i] as PageBytes;
    return {
      page: page.path,
      [`${first.label} raw`]: kb(page.raw),
      [`${second.label} raw`]: kb(other.raw),
      "raw after/before": (other.raw / page.raw).toFixed(2),
      [`${first.label} br`]: kb(page.brotli),
      [`${second.label} br`]: kb(other.brotli),
      "br after/before": (other.brotli / page.brotli).toFixed(2),
      status: page.status === other.status ? page.status : `${page.status}/${other.status}`,
    };
  });
  bytes.push({
    page: "unique search, 24 cards (mean)",
    [`${first.label} raw`]: kb(firstA.search.rawMean),
    [`${second.label} raw`]: kb(firstB.search.rawMean),
    "raw after/before": (firstB.search.rawMean / firstA.search.rawMean).toFixed(2),
    [`${first.label} br`]: kb(firstA.search.brotliMean),
    [`${second.label} br`]: kb(firstB.search.brotliMean),
    "br after/before": (firstB.search.brotliMean / firstA.search.brotliMean).toFixed(2),
    status: 200,
  });
  console.log(`\nPage weight, ${first.label} → ${second.label}:`);
  console.table(bytes);

  const metrics: Array<[string, (result: SittingResult) => number | null, number]> = [
    ["app CPU ms: / (cached)", (r) => r.closed.home.cpu.app, 2],
    ["app CPU ms: /about (uncached)", (r) => r.closed.about.cpu.app, 2],
    ["app CPU ms: unique search", (r) => r.closed.search.cpu.app, 2],
    ["app CPU search ÷ /about", (r) => r.cpuRatio, 2],
    ["nginx CPU ms: /", (r) => r.closed.home.cpu.nginx, 3],
    ["nginx CPU ms: /about", (r) => r.closed.about.cpu.nginx, 3],
    ["nginx CPU ms: unique search", (r) => r.closed.search.cpu.nginx, 3],
    ["PostgreSQL CPU ms: unique search", (r) => r.closed.search.cpu.postgres, 2],
    ["other programs, % of machine: search run", (r) => r.closed.search.cpu.otherShare * 100, 1],
    ["req/s (closed loop): /", (r) => r.closed.home.rps, 0],
    ["req/s (closed loop): /about", (r) => r.closed.about.rps, 0],
    ["req/s (closed loop): unique search", (r) => r.closed.search.rps, 0],
    ["fixed rate: /about achieved/s", (r) => r.open.about.achieved, 1],
    ["fixed rate: /about p50 ms", (r) => r.open.about.p50, 0],
    ["fixed rate: /about p97.5 ms", (r) => r.open.about.p97_5, 0],
    ["fixed rate: /about p99 ms", (r) => r.open.about.p99, 0],
    ["fixed rate: /about app CPU ms", (r) => r.open.about.cpu.app, 2],
    ["fixed rate: search achieved/s", (r) => r.open.search.achieved, 1],
    ["fixed rate: search p50 ms", (r) => r.open.search.p50, 0],
    ["fixed rate: search p97.5 ms", (r) => r.open.search.p97_5, 0],
    ["fixed rate: search p99 ms", (r) => r.open.search.p99, 0],
    ["fixed rate: search app CPU ms", (r) => r.open.search.cpu.app, 2],
    ["half its own maximum (own rate): search offered/s", (r) => r.searchRate, 0],
    ["half its own maximum (own rate): search p99 ms", (r) => r.open.searchAtOwnHalf.p99, 0],
  ];
  const cell = (values: Array<number | null>, digits: number) => {
    if (values.some((value) => value === null)) return `> ${GRACE_SECONDS} s in some round`;
    const s = stat(values as number[]);
    return values.length > 1
      ? `${s.mean.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`
      : s.mean.toFixed(digits);
  };
  const rows = metrics.map(([name, pick, digits]) => {
    const before = a.map(pick);
    const after = b.map(pick);
    const change =
      !name.includes("(own rate)") && before.every((value) => value !== null) && after.every((value) => value !== null)
        ? `${((stat(after as number[]).mean / stat(before as number[]).mean - 1) * 100).toFixed(1)}%`
        : "";
    return { measure: name, [first.label]: cell(before, digits), [second.label]: cell(after, digits), change };
  });
  console.log(
    `\n${first.label} → ${second.label}: mean (min–max) of ${a.length} rounds, one offered rate (${firstA.rate} req/s; "own rate" rows: each build at half its own search maximum):`,
  );
  console.table(rows);

  const missed: string[] = [];
  if (first.commit !== second.commit) {
    for (const row of bytes.slice(0, -1)) {
      const before = firstA.pages.find((page) => page.path === row.page);
      const after = firstB.pages.find((page) => page.path === row.page);
      // A page new in the second build has no "before".
      if (before?.status !== 200 || after?.status !== 200) continue;
      if (after.raw > before.raw * TARGETS.pageShare && after.raw >= TARGETS.pageKb * 1024)
        missed.push(`${row.page}: ${kb(after.raw)} > 60% of ${kb(before.raw)} and ≥ ${TARGETS.pageKb} KB`);
    }
    const aboutBefore = stat(a.map((r) => r.closed.about.cpu.app)).mean;
    const aboutAfter = stat(b.map((r) => r.closed.about.cpu.app)).mean;
    if (aboutAfter > aboutBefore * (1 - TARGETS.aboutCheaper))
      missed.push(
        `/about app CPU ${aboutBefore.toFixed(2)} → ${aboutAfter.toFixed(2)} ms (${((aboutAfter / aboutBefore - 1) * 100).toFixed(0)}%; target 25% cheaper or more)`,
      );
  }
  for (const result of b) missed.push(...missedIn(result));
  console.log(
    missed.length ? `Page targets missed by ${second.label}:\n  ${missed.join("\n  ")}` : "Page targets met.",
  );
  return { bytes, rows, missed };
}

if (process.argv[1]?.endsWith("bench/pages.ts")) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      compare: { type: "boolean", default: false },
      rounds: { type: "string", default: process.env.BENCH_PAGES_ROUNDS ?? "2" },
      dir: { type: "string" },
      json: { type: "string" },
    },
  });
  const json = values.json ?? process.env.BENCH_PAGES_JSON;
  const main = values.compare
    ? () => {
        if (positionals.length !== 2) throw new Error("--compare takes two commits: --compare A B");
        return compare(positionals, Number(values.rounds), json);
      }
    : async () => {
        const { missed } = await benchPages(path.resolve(values.dir ?? process.cwd()), json);
        if (missed.length) {
          console.error(`Page targets missed: ${missed.join("; ")}`);
          process.exitCode = 1;
        } else console.log("Page targets met.");
      };
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
