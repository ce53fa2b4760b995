/**
 * `npm run bench`: throughput and latency of the production server on loopback.
 *
 * Starts the production build on a free port with a throw-away database, then measures with
 * autocannon (bounded: a warm-up and a fixed duration per target, 50 connections):
 *   - `/` (server-rendered home page, served through the shared HTML cache)
 *   - a static file of the same size served by the same server
 * and prints requests/s, p99 latency and the ratio, plus the gzip bytes of script `/` loads.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { freePortSync } from "../tests/free-port";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Result = { label: string; rps: number; p99: number; p50: number; errors: number; non2xx: number };

async function waitForHealth(base: string, child: ChildProcess) {
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

// Browsers always accept gzip: measuring without it would flatter the server.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

function run(label: string, url: string, duration: number, headers: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, headers: { ...BROWSER_HEADERS, ...headers } },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          label,
          rps: result.requests.average,
          p99: result.latency.p99,
          p50: result.latency.p50,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

async function scriptBytes(base: string, html: string) {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(match[1] as string);
  // Inline scripts count too (not JSON-LD, which is data).
  const inline = [...html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] as string)
    .join("\n");
  let raw = Buffer.byteLength(inline);
  let gzip = inline ? gzipSync(inline).length : 0;
  for (const src of urls) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  return { files: urls.size, inlineBytes: Buffer.byteLength(inline), raw, gzip };
}

async function main() {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("No production build found: building…");
    execSync("npx react-router build", { stdio: "inherit" });
  }
  const port = freePortSync();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-"));
  const staticName = `bench-static-${process.pid}.html`;
  const staticFile = path.join("build/client", staticName);
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SITE_URL: base,
    },
    stdio: "ignore",
  });
  try {
    await waitForHealth(base, child);
    const html = await (await fetch(`${base}/`)).text();
    fs.writeFileSync(staticFile, html);

    console.log(
      `Benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per target, after a 2 s warm-up (loopback, ${os.cpus().length} cores)`,
    );
    await run("warm-up /", `${base}/`, 2);
    const page = await run("/ (home, rendered + HTML cache)", `${base}/`, DURATION_SECONDS);
    await run("warm-up static", `${base}/${staticName}`, 2);
    const file = await run(`static file, same size (${html.length} bytes)`, `${base}/${staticName}`, DURATION_SECONDS);

    // A private cookie makes every request skip the HTML cache: the cost of a real render.
    const rendered = await run(
      "/ rendered on every request (cache bypassed)",
      `${base}/`,
      Math.min(5, DURATION_SECONDS),
      {
        cookie: "sa_bench=1",
      },
    );

    const rows = [page, file, rendered].map((r) => ({
      target: r.label,
      "requests/s": Math.round(r.rps),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    }));
    console.table(rows);
    const ratio = page.rps / file.rps;
    console.log(
      `Ratio / vs static: ${ratio.toFixed(2)}x requests/s (target ≥ 0.5x); p99 of /: ${page.p99} ms (target < 50 ms)`,
    );

    const scripts = await scriptBytes(base, html);
    console.log(
      `Script loaded by /: ${scripts.files} files + ${scripts.inlineBytes} bytes inline, ${(scripts.raw / 1024).toFixed(1)} KB raw, ${(scripts.gzip / 1024).toFixed(1)} KB gzip (target < 90 KB gzip)`,
    );
    const missed = [
      ratio < 0.5 ? `ratio ${ratio.toFixed(2)}x < 0.5x` : null,
      page.p99 >= 50 ? `p99 ${page.p99} ms ≥ 50 ms` : null,
      scripts.gzip >= 90 * 1024 ? `script ${(scripts.gzip / 1024).toFixed(1)} KB ≥ 90 KB` : null,
      [page, file, rendered].some((r) => r.errors || r.non2xx) ? "some requests failed" : null,
    ].filter(Boolean);
    if (missed.length) {
      console.error(`Targets missed: ${missed.join("; ")}`);
      process.exitCode = 1;
    } else {
      console.log("All targets met.");
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(staticFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
