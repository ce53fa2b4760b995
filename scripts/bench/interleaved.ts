/**
 * App CPU per request of two builds in alternating bursts, so a machine whose speed drifts slows
 * both alike (decision 0032). Usage: interleaved.ts DIR_A DIR_B [--pairs 20] [--kinds about,search]
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePortSync } from "../../tests/free-port";
import { createDatabase, dropDatabase, processCpuMs, startApp, stopChild } from "./pages";
import { waitForHealth } from "./server";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pairs: { type: "string", default: "20" }, kinds: { type: "string", default: "about,search" } },
});
const [dirA, dirB] = positionals;
if (!dirA || !dirB) {
  console.error("Usage: node --import tsx scripts/bench/interleaved.ts DIR_A DIR_B [--pairs N] [--kinds about,search]");
  process.exit(2);
}
const pairs = Number(values.pairs);
const kinds = values.kinds.split(",") as ("about" | "search")[];
const words = ["solar", "grant", "rebate", "tax", "net metering", "storage", "rural", "farm", "school", "battery"];

type Server = ReturnType<typeof startApp> & { port: number; database: string; dataDir: string };

async function start(dir: string): Promise<Server> {
  const database = `bench_ab_${randomBytes(3).toString("hex")}`;
  const databaseUrl = await createDatabase(database);
  const port = freePortSync();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-ab-"));
  const app = startApp(dir, {
    NODE_ENV: "production",
    BACKUP_INTERVAL_HOURS: "0",
    HOST: "127.0.0.1",
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    LOG_REQUESTS: "false",
    MAIL_POLL_SECONDS: "3600",
  });
  const server = { ...app, port, database, dataDir };
  servers.push(server);
  await waitForHealth(`http://127.0.0.1:${port}`, app.child);
  return server;
}

let n = 0;
async function burst(server: Server, kind: "about" | "search"): Promise<number> {
  const before = processCpuMs(server.child.pid ?? -1);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections: 8,
    duration: 2,
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          const word = encodeURIComponent(words[n % words.length] ?? "solar");
          request.path = kind === "about" ? `/about?level=${n}` : `/incentives?q=${word}&level=${n}`;
          return request;
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return (processCpuMs(server.child.pid ?? -1) - before) / Math.max(1, result.requests.total);
}

const servers: Server[] = [];
const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
try {
  const a = await start(dirA);
  const b = await start(dirB);
  for (const kind of kinds) for (const server of [a, b]) await burst(server, kind); // warm-up
  for (const kind of kinds) {
    const costs = { a: [] as number[], b: [] as number[] };
    for (let pair = 0; pair < pairs; pair++) {
      if (pair % 2 === 0) {
        costs.a.push(await burst(a, kind));
        costs.b.push(await burst(b, kind));
      } else {
        costs.b.push(await burst(b, kind));
        costs.a.push(await burst(a, kind));
      }
    }
    const ratios = costs.b.map((cost, i) => cost / (costs.a[i] ?? Number.NaN));
    console.log(
      `${kind}: A mean ${mean(costs.a).toFixed(2)} ms (median ${median(costs.a).toFixed(2)}) · ` +
        `B mean ${mean(costs.b).toFixed(2)} ms (median ${median(costs.b).toFixed(2)}) · ` +
        `B ÷ A, median of ${pairs} pairs ${median(ratios).toFixed(3)} ` +
        `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
    );
  }
} finally {
  await Promise.all(servers.map((server) => stopChild(server.child)));
  for (const server of servers) {
    await dropDatabase(server.database).catch(() => {});
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
