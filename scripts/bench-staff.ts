/**
 * The staff workspace at scale, for `npm run bench`: seeds leads (1,000,000 on PostgreSQL when a
 * server answers at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * 100,000 on PGlite), starts the production server on it, signs in as an admin and measures the
 * server's answer time (loopback, sequential, after a warm-up) for the first page, a substring
 * search, a type + status filter, and a CSV export of about a tenth of the rows, sampling the
 * server's memory while it streams.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../app/server/db/client.server";
import { percentile, startBenchServer, waitForHealth } from "./bench-server";

const ADMIN = { email: "bench-admin@example.com", password: "Bench!pass1" };
const SAMPLES = Number(process.env.BENCH_STAFF_SAMPLES ?? 40);

type Engine = { name: string; env: Record<string, string>; total: number; cleanup: () => Promise<void> };

async function seedLeads(handle: DatabaseHandle, total: number) {
  const half = Math.floor(total / 2);
  const started = Date.now();
  // Names, e-mails and statuses varied enough for realistic searches; a row a second, newest first.
  await handle.db.execute(sql`insert into lead_submissions
      (business_name, contact_name, email, monthly_energy_bill, status, submitted_at)
    select 'Business ' || g || ' ' || (array['Dairy','Car Wash','Clinic','Winery','Storage'])[1 + g % 5],
      'Contact ' || g, 'owner' || g || '@firm' || (g % 997) || '.example', 500 + g % 9000,
      (array['new','contacted','qualified','won','lost'])[1 + (g / 5) % 5],
      now() - make_interval(secs => g * 2)
    from generate_series(1, ${half}) as g`);
  await handle.db.execute(sql`insert into leads (kind, name, email, status, created_at)
    select case when g % 2 = 0 then 'consultation' else 'guide' end, 'Person ' || g,
      'person' || g || '@org' || (g % 991) || '.example',
      (array['new','contacted','qualified','won','lost'])[1 + (g / 5) % 5],
      now() - make_interval(secs => g * 2 + 1)
    from generate_series(1, ${total - half}) as g`);
  await handle.db.execute(sql`analyze`);
  return (Date.now() - started) / 1000;
}

async function postgresEngine(total: number): Promise<Engine | null> {
  if (total <= 0) return null;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`No PostgreSQL at ${serverUrl}: staff figures on PGlite only.`);
    return null;
  }
  const name = `bench_staff_${process.pid}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.migrate();
  const seconds = await seedLeads(handle, total);
  await handle.close();
  console.log(`PostgreSQL: seeded ${total.toLocaleString("en-US")} leads in ${seconds.toFixed(0)} s`);
  return {
    name: "PostgreSQL",
    env: { DATABASE_URL: url.toString() },
    total,
    cleanup: async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
}

async function pgliteEngine(total: number): Promise<Engine | null> {
  if (total <= 0) return null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-staff-"));
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  const seconds = await seedLeads(handle, total);
  await handle.close();
  console.log(`PGlite: seeded ${total.toLocaleString("en-US")} leads in ${seconds.toFixed(0)} s`);
  return {
    name: "PGlite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    total,
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function timeGets(base: string, cookie: string, pathAndQuery: string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i++) {
    const started = performance.now();
    const response = await fetch(`${base}${pathAndQuery}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function measure(engine: Engine) {
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin-create.ts", "--email", ADMIN.email, "--password", ADMIN.password],
    { env: { ...process.env, ...engine.env }, stdio: "pipe" },
  );
  // The bench's admin signs in with a password only: the second factor is not what is measured.
  const { child, base } = startBenchServer({ ...engine.env, ADMIN_TWO_FACTOR_REQUIRED: "false" });
  try {
    await waitForHealth(base, child);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    if (login.status !== 302 || !cookie) throw new Error(`sign-in failed: ${login.status}`);

    const rows: Record<string, string | number>[] = [];
    for (const [label, query] of [
      ["first page", "/admin/leads"],
      ["substring search (business name or e-mail)", "/admin/leads?q=firm42."],
      ["type + status filter", "/admin/leads?kind=consultation&status=won"],
    ] as const) {
      const { p50, p95 } = await timeGets(base, cookie, query);
      rows.push({
        engine: engine.name,
        leads: engine.total,
        request: label,
        "p50 ms": p50.toFixed(1),
        "p95 ms": p95.toFixed(1),
      });
    }

    // The export of one status of bill uploads: a tenth of all leads.
    const before = rssKb(child.pid ?? 0);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(child.pid ?? 0));
    }, 50);
    const started = performance.now();
    const response = await fetch(`${base}/admin/leads/export.csv?kind=bill&status=contacted`, { headers: { cookie } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rows.push({
      engine: engine.name,
      leads: engine.total,
      request: `CSV export: ${(lines - 1).toLocaleString("en-US")} rows, ${(bytes / 1048576).toFixed(1)} MB`,
      "p50 ms": (seconds * 1000).toFixed(0),
      "p95 ms": `RSS ${Math.round(before / 1024)} → peak ${Math.round(peak / 1024)} MB`,
    });
    return rows;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export async function benchStaffWorkspace() {
  const results: Record<string, string | number>[] = [];
  const engines: (() => Promise<Engine | null>)[] = [
    () => postgresEngine(Number(process.env.BENCH_STAFF_LEADS_PG ?? 1_000_000)),
    () => pgliteEngine(Number(process.env.BENCH_STAFF_LEADS_PGLITE ?? 100_000)),
  ];
  for (const make of engines) {
    const engine = await make();
    if (!engine) continue;
    try {
      results.push(...(await measure(engine)));
    } finally {
      await engine.cleanup();
    }
  }
  console.table(results);
  return results;
}

if (process.argv[1]?.endsWith("bench-staff.ts")) {
  benchStaffWorkspace().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
