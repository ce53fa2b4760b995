// Incentive search at 5,000 synthetic programs (never part of the app's seed), in process and over HTTP.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { federalIncentiveSeed } from "../../app/content/seed/federal-incentives";
import { stateIncentiveSeed } from "../../app/content/seed/state-incentives";
import { states } from "../../app/content/states";
import { type DatabaseHandle, openDatabase } from "../../app/server/db/client.server";
import { incentives, type NewIncentive } from "../../app/server/db/schema";
import { seedDatabase } from "../../app/server/db/seed.server";
import { readIncentivePage } from "../../app/server/queries/incentives.server";
import {
  type Load as BaseLoad,
  cpuByProgram,
  cpuPerRequest,
  load,
  percentile,
  runWhenMain,
  startBenchServer,
  waitForHealth,
} from "./server";

const PROGRAMS = Number(process.env.BENCH_SEARCH_PROGRAMS ?? 5_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
const PAGE_SIZE = 24;
const ENGINES = (process.env.BENCH_SEARCH_ENGINES ?? "postgres,pglite").split(",");

/** mulberry32: seeded, so every run measures the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const builtIn = [...federalIncentiveSeed, ...stateIncentiveSeed];
const stateName = new RegExp(
  `\\b(${states
    .map((state) => state.name)
    .sort((a, b) => b.length - a.length)
    .join("|")})\\b`,
  "g",
);
const sentences = builtIn.flatMap((row) => row.description.split(/(?<=\.)\s+(?=[A-Z])/));
const TRACKS = [
  "Northern Region",
  "Rural Cooperatives",
  "Municipal Utilities",
  "Pilot",
  "Coastal Counties",
  "Small Business Track",
  "Agricultural Track",
  "Nonprofit Track",
  "Round 2",
  "Large Commercial",
];

/** Built from the built-in programs' sentences, so the words and their frequencies are realistic. */
export function syntheticPrograms(count: number): NewIncentive[] {
  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const rows: NewIncentive[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(builtIn);
    const state = pick(states);
    const federal = next() < 0.02;
    const local = (text: string) => (federal ? text : text.replace(stateName, state.name));
    const length = 2 + Math.floor(next() * 3);
    rows.push({
      slug: `bench-program-${i}`,
      title: `${local(base.title)} — ${pick(TRACKS)} ${i}`,
      description: Array.from({ length }, () => local(pick(sentences))).join(" "),
      type: federal ? "Federal" : next() < 0.6 ? "State" : "Utility",
      state: federal ? null : state.code,
      link: base.link ?? null,
      status: next() < 0.05 ? "At Risk" : null,
      priority: 10 + Math.floor(next() * 90),
      expiresOn: next() < 0.2 ? `202${7 + Math.floor(next() * 3)}-0${1 + Math.floor(next() * 9)}-01` : null,
      moneyValue: null,
      lastReviewedAt: "2026-11-23",
    });
  }
  return rows;
}

const TERMS = [
  "solar",
  "rebate",
  "grant",
  "loan",
  "exemption",
  "depreciation",
  "battery",
  "storage",
  "net metering",
  "tax credit",
  "property tax",
  "sales tax",
  "SREC",
  "REAP",
  "48E",
  "agricultural",
  "farm",
  "nonprofit",
  "community solar",
  "interconnection",
  "performance-based incentive",
  "value stack",
  "bonus depreciation",
  "MACRS",
  "utility",
  "export credit",
  "net billing",
  "renewable energy credits",
  "small business",
  "TVA",
  "Xcel Energy",
  "franchise tax",
  "capacity",
  "kW",
  "PACE financing",
  "feed-in tariff",
  "block incentive",
  "prevailing wage",
  "energy community",
  "domestic content",
  "rural",
  "tariff",
  "avoided cost",
  "SMART",
  "Solar*Rewards",
  "11.27",
  "100%",
  "RPTL 487",
  "Section 48E",
  "Public Service Commission",
];

/** Includes prefixes still being typed, misses and punctuation, as visitors type them. */
export function realisticSearches(count: number): string[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const found = new Set<string>([
    ...TERMS,
    ...states.map((state) => state.name),
    ...states.slice(0, 25).map((state) => state.code),
    ...TERMS.slice(0, 20).map((term) => term.slice(0, 3 + Math.floor(next() * 3))),
    "zebra",
    "qwerty uiop",
    "-",
    "&",
    "wind turbine",
    "geothermal heat pump",
  ]);
  while (found.size < count) {
    const kind = next();
    if (kind < 0.4) found.add(`${pick(TERMS)} ${pick(states).name}`);
    else if (kind < 0.7) found.add(`${pick(TERMS)} ${pick(TERMS)}`);
    else if (kind < 0.85) found.add(`${pick(states).name} ${pick(TERMS)}`.toLowerCase());
    else found.add(`"${pick(TERMS)}" -${pick(TERMS).split(" ")[0]}`);
  }
  return [...found].slice(0, count);
}

type Engine = { name: string; handle: DatabaseHandle; env: Record<string, string>; cleanup: () => Promise<void> };

async function postgresEngine(): Promise<Engine | null> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`No PostgreSQL at ${serverUrl}: search figures on PGlite only.`);
    return null;
  }
  const name = `bench_search_${process.pid}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name: "PostgreSQL",
    handle: await openDatabase({ databaseUrl: url.toString() }),
    env: { DATABASE_URL: url.toString() },
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

async function pgliteEngine(): Promise<Engine> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-search-"));
  return {
    name: "PGlite",
    handle: await openDatabase({ dataDir }),
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function seed(handle: DatabaseHandle) {
  const started = performance.now();
  await handle.migrate();
  await seedDatabase(handle.db);
  const rows = syntheticPrograms(PROGRAMS);
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(incentives).values(rows.slice(i, i + 500));
  await handle.db.execute(sql`analyze`);
  return (performance.now() - started) / 1000;
}

async function timeQueries(handle: DatabaseHandle, searches: string[]) {
  for (const search of searches.slice(0, 20)) await readIncentivePage(handle.db, { search }, { pageSize: PAGE_SIZE });
  const times: number[] = [];
  let matched = 0;
  let slowest = { search: "", ms: 0 };
  for (const search of searches) {
    const started = performance.now();
    const page = await readIncentivePage(handle.db, { search }, { pageSize: PAGE_SIZE });
    const ms = performance.now() - started;
    times.push(ms);
    if (page.total > 0) matched++;
    if (ms > slowest.ms) slowest = { search, ms };
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), matched, slowest };
}

type Load = BaseLoad & {
  cpuMs?: number;
};

async function measureHttp(engine: Engine, searches: string[]) {
  const { child, base } = startBenchServer({ ...engine.env, LOG_REQUESTS: "true" });
  try {
    await waitForHealth(base, child);
    // `level` (unread by the page, kept in the cache key) makes URLs unique; a nonsense word in `q`
    // would make every search dearer than a visitor's.
    const unique = (n: number) =>
      `/incentives?q=${encodeURIComponent(searches[n % searches.length] as string)}&level=${n.toString(36)}`;
    // CPU per request holds on a shared machine, where requests/s does not.
    const timed = async (run: () => Promise<Load>) => {
      const pids = child.pid === undefined ? [] : [child.pid];
      const before = cpuByProgram(pids);
      const result = await run();
      result.cpuMs = cpuPerRequest(before, cpuByProgram(pids), result.rps * SECONDS).app;
      return result;
    };
    await load(base, { amount: 300 }, { makePath: (n) => unique(1_000_000 + n) });
    const search = await timed(() => load(base, { seconds: SECONDS }, { makePath: unique }));
    await load(`${base}/`, { amount: 2_000 });
    const home = await timed(() => load(`${base}/`, { seconds: SECONDS }));
    return { search, home };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export type SearchBenchRow = {
  engine: string;
  queryP50: number;
  queryP95: number;
  http?: { search: Load; home: Load; ratio: number };
};

export async function benchSearch(): Promise<{ rows: SearchBenchRow[]; missed: string[] }> {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("No production build found: building…");
    execSync("npx react-router build", { stdio: "inherit" });
  }
  const searches = realisticSearches(QUERIES);
  const rows: SearchBenchRow[] = [];
  const makers: Record<string, () => Promise<Engine | null>> = { postgres: postgresEngine, pglite: pgliteEngine };
  for (const key of ENGINES) {
    const engine = await makers[key]?.();
    if (!engine) continue;
    try {
      const seconds = await seed(engine.handle);
      const queries = await timeQueries(engine.handle, searches);
      console.log(
        `${engine.name}: ${PROGRAMS.toLocaleString("en-US")} synthetic programs + the built-in ones seeded in ${seconds.toFixed(1)} s; ` +
          `${searches.length} searches (${queries.matched} with results): p50 ${queries.p50.toFixed(1)} ms, p95 ${queries.p95.toFixed(1)} ms, ` +
          `slowest ${JSON.stringify(queries.slowest.search)} ${queries.slowest.ms.toFixed(1)} ms`,
      );
      // PGlite allows one process: the server opens the folder after this handle closes.
      await engine.handle.close();
      const row: SearchBenchRow = { engine: engine.name, queryP50: queries.p50, queryP95: queries.p95 };
      if (SECONDS > 0) {
        const { search, home } = await measureHttp(engine, searches);
        row.http = { search, home, ratio: search.rps / home.rps };
      }
      rows.push(row);
    } finally {
      await engine.cleanup();
    }
  }
  const table = rows.flatMap(({ engine, http }) =>
    http
      ? [
          ["/incentives?q=<unique> (rendered)", http.search],
          ["/ (HTML cache)", http.home],
        ].map(([target, load]) => ({
          engine,
          target,
          "requests/s": Math.round((load as Load).rps),
          "p50 ms": (load as Load).p50,
          "p99 ms": (load as Load).p99,
          "KB/response": ((load as Load).bytes / 1024).toFixed(1),
          "server CPU ms/request": (load as Load).cpuMs?.toFixed(2) ?? "n/a",
          failed: (load as Load).failed,
        }))
      : [],
  );
  if (table.length) console.table(table);
  const missed: string[] = [];
  for (const { engine, queryP95, http } of rows) {
    console.log(
      `${engine}: search p95 ${queryP95.toFixed(1)} ms (target < 50 ms)` +
        (http
          ? `; unique-query p99 ${http.search.p99} ms (target < 250 ms), server CPU ${http.search.cpuMs?.toFixed(2) ?? "n/a"} ms a page; ${Math.round(http.search.rps)} vs ` +
            `${Math.round(http.home.rps)} requests/s of the cached / = ${http.ratio.toFixed(3)}x (target ≥ 0.15x)`
          : ""),
    );
    if (queryP95 >= 50) missed.push(`${engine} search p95 ${queryP95.toFixed(1)} ms ≥ 50 ms`);
    if (!http) continue;
    if (http.search.p99 >= 250) missed.push(`${engine} unique-query p99 ${http.search.p99} ms ≥ 250 ms`);
    if (http.ratio < 0.15) missed.push(`${engine} unique-query ${http.ratio.toFixed(3)}x < 0.15x of cached /`);
    if (http.search.failed || http.home.failed) missed.push(`${engine}: some requests failed`);
  }
  return { rows, missed };
}

runWhenMain("bench/search.ts", benchSearch, "All search targets met.");
