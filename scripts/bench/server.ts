import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { freePortSync } from "../../tests/free-port";

export function startBenchServer(env: Record<string, string>): { child: ChildProcess; base: string } {
  const port = freePortSync();
  const base = `http://127.0.0.1:${port}`;
  // e.g. "--cpu-prof --cpu-prof-dir=DIR", which NODE_OPTIONS refuses.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, "server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BACKUP_INTERVAL_HOURS: "0",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: base,
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: "ignore",
  });
  return { child, base };
}

export async function waitForHealth(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy within 60 s");
}

export function runWhenMain(file: string, bench: () => Promise<{ missed: string[] }>, allMet: string): void {
  if (!process.argv[1]?.endsWith(file)) return;
  bench()
    .then(({ missed }) => {
      if (missed.length) {
        console.error(`Targets missed: ${missed.join("; ")}`);
        process.exitCode = 1;
      } else {
        console.log(allMet);
      }
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}

export type Load = {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** Of `failed`: connection errors and timeouts (the rest are answers other than 2xx). */
  errors: number;
  /** Average bytes per response. */
  bytes: number;
  statuses: Record<string, number>;
  /** Requests sent after the first second, past the new connections' start-up queue (ms). */
  steady?: { p50: number; p99: number };
};

/** Nearest rank, p in 0-100; 0 for no values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A warm-up is a count of requests, not a time, so none is still running when the measurement starts. */
export function load(
  url: string,
  run: { seconds: number; connections?: number } | { amount: number },
  options: {
    makePath?: (n: number) => string;
    form?: autocannon.Options["form"];
    method?: "POST";
    headers?: Record<string, string>;
  } = {},
): Promise<Load> {
  let n = 0;
  const { makePath } = options;
  return new Promise((resolve, reject) => {
    const startedAt = Date.now();
    const steadyLatencies: number[] = [];
    const instance = autocannon(
      {
        url,
        ...("seconds" in run
          ? { connections: run.connections ?? 50, duration: run.seconds }
          : { connections: 10, amount: run.amount }),
        // Browsers always accept compression: measuring without it would flatter the server.
        headers: { "accept-encoding": "gzip, deflate, br", ...options.headers },
        ...(options.method ? { method: options.method } : {}),
        ...(options.form ? { form: options.form } : {}),
        ...(makePath ? { requests: [{ setupRequest: (request) => ({ ...request, path: makePath(n++) }) }] } : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          ...("seconds" in run
            ? { steady: { p50: percentile(steadyLatencies, 50), p99: percentile(steadyLatencies, 99) } }
            : {}),
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failed: result.errors + result.timeouts + result.non2xx,
          errors: result.errors + result.timeouts,
          bytes: result.requests.average ? result.throughput.average / result.requests.average : 0,
          statuses: Object.fromEntries(
            Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
              code,
              (stats as { count: number }).count,
            ]),
          ),
        });
      },
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      if (Date.now() - responseTime - startedAt >= 1_000) steadyLatencies.push(responseTime);
    });
  });
}

export function writeBenchBill(pdfPath: string, bytes = 1024 * 1024): void {
  fs.writeFileSync(pdfPath, Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(bytes - 9, 32)]));
}

export function billForm(pdfPath: string, email: string): autocannon.Options["form"] {
  return {
    businessName: { type: "text", value: "Bench Dairy" },
    contactPerson: { type: "text", value: "Pat Bench" },
    email: { type: "text", value: email },
    monthlyBillAmount: { type: "text", value: "4200" },
    file: { type: "file", path: pdfPath, options: { filename: "bill.pdf", contentType: "application/pdf" } },
  };
}

/** CPU ms used so far by every process, grouped by program; Linux only (empty elsewhere). */
export function cpuByProgram(appPids: number[]): Record<string, number> {
  const totals: Record<string, number> = {};
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return totals;
  }
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // utime and stime, in clock ticks (100/s).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(fields[11]) + Number(fields[12])) * 10;
    const group = appPids.includes(Number(pid))
      ? "app"
      : Number(pid) === process.pid
        ? "load tool"
        : command.startsWith("postgres")
          ? "PostgreSQL"
          : command === "nginx"
            ? "nginx"
            : "other";
    totals[group] = (totals[group] ?? 0) + ms;
  }
  return totals;
}

export function cpuPerRequest(
  before: Record<string, number>,
  after: Record<string, number>,
  answered: number,
): Record<string, number> {
  if (answered <= 0) return {};
  return Object.fromEntries(
    Object.entries(after).map(([group, ms]) => [group, (ms - (before[group] ?? 0)) / answered]),
  );
}
