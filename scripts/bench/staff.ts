// The staff workspace at scale: 1,000,000 leads on PostgreSQL, 100,000 on PGlite; answer times are
// sequential on loopback, so other work on the machine shows in them.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/server/db/client.server";
import { rowsOf } from "../../app/server/db/rows.server";
import { duplicateCounts } from "../../app/server/queries/lead-duplicates.server";
import { percentile, startBenchServer, waitForHealth } from "./server";

const ADMIN = { email: "bench-admin@example.com", password: "Bench!pass1" };
const SAMPLES = Number(process.env.BENCH_STAFF_SAMPLES ?? 40);
const OWNERS = Math.max(1, Number(process.env.BENCH_STAFF_OWNERS ?? 20));
/** Look-alike leads copy from rows 1 … TWINS (a prime, so copies spread). */
const TWINS = 9973;
const BILL_TYPES = ["Dairy", "Car Wash", "Clinic", "Winery", "Storage"];

type Engine = {
  name: string;
  env: Record<string, string>;
  total: number;
  open: () => Promise<DatabaseHandle>;
  cleanup: () => Promise<void>;
};

const ownerEmail = (n: number) => (n === 0 ? ADMIN.email : `bench-owner-${n}@example.com`);

function adminCreate(env: Record<string, string>, email: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin-create.ts", "--email", email, "--password", ADMIN.password],
      { env: { ...process.env, ...env } },
      (error, _stdout, stderr) => (error ? reject(new Error(`admin-create ${email}: ${stderr || error}`)) : resolve()),
    );
  });
}

/** One at a time on PGlite: each run holds the data folder. */
async function createOwners(engine: Pick<Engine, "env" | "open">, parallel: number): Promise<string[]> {
  const emails = Array.from({ length: OWNERS }, (_, n) => ownerEmail(n));
  for (let i = 0; i < emails.length; i += parallel) {
    await Promise.all(emails.slice(i, i + parallel).map((email) => adminCreate(engine.env, email)));
  }
  const handle = await engine.open();
  try {
    const rows = rowsOf<{ id: string; email: string }>(
      await handle.db.execute(
        sql`select id, email from "user" where email in (${sql.join(
          emails.map((email) => sql`${email}`),
          sql`, `,
        )})`,
      ),
    );
    return emails.map((email) => {
      const row = rows.find((candidate) => candidate.email === email);
      if (!row) throw new Error(`no account for ${email}`);
      return row.id;
    });
  } finally {
    await handle.close();
  }
}

/** Look-alikes differ in case and spacing, as real duplicates do, to exercise the normalised match. */
async function seedLeads(handle: DatabaseHandle, total: number, ownerIds: string[]) {
  const half = Math.floor(total / 2);
  const started = Date.now();
  const owners = sql`array[${sql.join(
    ownerIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const types = sql`array[${sql.join(
    BILL_TYPES.map((type) => sql`${type}`),
    sql`, `,
  )}]::text[]`;
  // h: a hash of the row number, whose digits (in mixed bases) make the independent choices.
  const rowsOfSeries = (n: number) => sql`select g, hashint4(g) & 2147483647 as h, 1 + g % ${TWINS} as t,
      (array['new','contacted','qualified','won','lost'])[1 + (g / 5) % 5] as status
    from generate_series(1, ${n}) as g`;
  const followUp = sql`case when h % 10 = 0 then null else (${owners})[1 + g % ${ownerIds.length}] end,
      case when h % 10 <> 0 and status in ('new', 'contacted', 'qualified') and (h / 4000) % 10 = 0
        then current_date + ((h / 40000) % 121 - 60)::int end,
      case when h % 10 <> 0 and status in ('new', 'contacted', 'qualified') and (h / 4000) % 10 = 0
        then (array['Call back','Send the proposal','Book the site visit','Chase the signed quote'])[1 + (h / 4840000) % 4] end`;
  await handle.db.execute(sql`insert into lead_submissions
      (business_name, contact_name, email, monthly_energy_bill, status, submitted_at, owner_id, next_step_on, next_step)
    select case when (h / 100) % 40 in (1, 2) then '  business  ' || t || '   ' || lower((${types})[1 + t % 5]) || ' '
        else 'Business ' || g || ' ' || (${types})[1 + g % 5] end,
      'Contact ' || g,
      case when (h / 100) % 40 in (0, 2) then 'Owner' || t || '@Firm' || (t % 997) || '.example'
        else 'owner' || g || '@firm' || (g % 997) || '.example' end,
      500 + g % 9000, status, now() - make_interval(secs => g * 2), ${followUp}
    from (${rowsOfSeries(half)}) as s`);
  await handle.db.execute(sql`insert into leads (kind, name, email, status, created_at, owner_id, next_step_on, next_step)
    select case when g % 2 = 0 then 'consultation' else 'guide' end, 'Person ' || g,
      case when (h / 100) % 40 = 0 then 'owner' || t || '@firm' || (t % 997) || '.example'
        when (h / 100) % 40 = 1 then 'Person' || t || '@Org' || (t % 991) || '.example'
        else 'person' || g || '@org' || (g % 991) || '.example' end,
      status, now() - make_interval(secs => g * 2 + 1), ${followUp}
    from (${rowsOfSeries(total - half)}) as s`);
  // As autovacuum would have left tables that grew over time.
  await handle.db.execute(sql`vacuum analyze`);
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
  const engine: Engine = {
    name: "PostgreSQL",
    env: { DATABASE_URL: url.toString() },
    total,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    cleanup: async () => {
      // For EXPLAIN afterwards; drop it yourself.
      if (process.env.BENCH_STAFF_KEEP_DB === "1") return console.log(`Kept the database ${url}`);
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists "${name}" with (force)`);
      await drop.end();
    },
  };
  try {
    const migrating = await engine.open();
    await migrating.migrate();
    await migrating.close();
    const ownerIds = await createOwners(engine, 2);
    const handle = await engine.open();
    const seconds = await seedLeads(handle, total, ownerIds);
    await handle.close();
    console.log(
      `PostgreSQL: seeded ${total.toLocaleString("en-US")} leads (${ownerIds.length} owners) in ${seconds.toFixed(0)} s`,
    );
    return engine;
  } catch (error) {
    await engine.cleanup();
    throw error;
  }
}

async function pgliteEngine(total: number): Promise<Engine | null> {
  if (total <= 0) return null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-staff-"));
  const engine: Engine = {
    name: "PGlite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    total,
    open: () => openDatabase({ dataDir }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
  try {
    const migrating = await engine.open();
    await migrating.migrate();
    await migrating.close();
    const ownerIds = await createOwners(engine, 1);
    const handle = await engine.open();
    const seconds = await seedLeads(handle, total, ownerIds);
    await handle.close();
    console.log(
      `PGlite: seeded ${total.toLocaleString("en-US")} leads (${ownerIds.length} owners) in ${seconds.toFixed(0)} s`,
    );
    return engine;
  } catch (error) {
    await engine.cleanup();
    throw error;
  }
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

    console.log(
      `${engine.name}: load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")} before the requests`,
    );
    const rows: Record<string, string | number>[] = [];
    for (const [label, query] of [
      ["first page", "/admin/leads"],
      ["substring search (business name or e-mail)", "/admin/leads?q=firm42."],
      ["type + status filter", "/admin/leads?kind=consultation&status=won"],
      ["My follow-ups due (owner=mine&due=1)", "/admin/leads?owner=mine&due=1"],
      ["pipeline board (5 columns: counts, bill sums, 25 cards)", "/admin/leads/board"],
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

    // A tenth of all leads.
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

/** The duplicate check a new lead's staff notification runs, called directly with the server stopped. */
async function measureDuplicates(engine: Engine) {
  const probes = Array.from({ length: Math.max(40, SAMPLES) + 3 }, (_, n) => {
    const t = 1 + ((n * 7919) % TWINS);
    const type = BILL_TYPES[t % 5];
    const probe = [
      { email: `OWNER${t}@firm${t % 997}.EXAMPLE`, businessName: `Probe Farm ${n}` },
      { email: `new-${n}@probe.example`, businessName: ` Business ${t}  ${type?.toUpperCase()}` },
      { email: `person${t}@org${t % 991}.example`, businessName: null },
      { email: `nobody-${n}@probe.example`, businessName: `Probe Farm ${n}` },
    ][n % 4] as { email: string; businessName: string | null };
    return { id: randomUUID(), ...probe };
  });
  const handle = await engine.open();
  const times: number[] = [];
  let matched = 0;
  try {
    for (const [n, probe] of probes.entries()) {
      const started = performance.now();
      const found = (await duplicateCounts(handle.db, [probe])).get(probe.id) ?? 0;
      if (n < 3) continue; // warm-up
      times.push(performance.now() - started);
      if (found > 0) matched++;
    }
  } finally {
    await handle.close();
  }
  return {
    engine: engine.name,
    leads: engine.total,
    request: `duplicate check of a new lead (duplicateCounts, ${times.length} probes, ${matched} with matches)`,
    "p50 ms": percentile(times, 50).toFixed(1),
    "p95 ms": percentile(times, 95).toFixed(1),
  };
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
      results.push(await measureDuplicates(engine));
    } finally {
      await engine.cleanup();
    }
  }
  console.table(results);
  return results;
}

if (process.argv[1]?.endsWith("bench/staff.ts")) {
  benchStaffWorkspace().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
