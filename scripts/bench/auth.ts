/**
 * What 16 clients hammering sign-in do to everyone else. Each attempt comes from a new address, so
 * only PASSWORD_HASHES_AT_ONCE stands between them and the thread pool.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { percentile, runWhenMain, startBenchServer, waitForHealth } from "./server";

const SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 10);
const ATTACKERS = 16;
const P50_TARGET_MS = 1000;

const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200 * 1024 - 9, 32)]);

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok && response.status !== 302) throw new Error(`probe answered ${response.status}`);
  return performance.now() - started;
}

async function probe(base: string, ms: number) {
  const about: number[] = [];
  const bill: number[] = [];
  const until = Date.now() + ms;
  for (let n = 0; Date.now() < until; n++) {
    const from = { "X-Forwarded-For": `198.18.${n % 250}.${Math.floor(n / 250) + 1}` };
    about.push(await timed(() => fetch(`${base}/about?probe=${n}`, { headers: from })));
    const form = new FormData();
    for (const [name, value] of Object.entries({
      businessName: "Probe Dairy",
      contactPerson: "Pat Probe",
      email: `probe${n}@example.com`,
      monthlyBillAmount: "4200",
    })) {
      form.append(name, value);
    }
    form.append("file", new Blob([pdf], { type: "application/pdf" }), "bill.pdf");
    bill.push(
      await timed(() =>
        fetch(`${base}/submit-bill`, {
          method: "POST",
          body: form,
          headers: { ...from, Origin: base },
          redirect: "manual",
        }),
      ),
    );
  }
  const summary = (values: number[]) => ({ n: values.length, p50: percentile(values, 50), max: Math.max(...values) });
  return { about: summary(about), bill: summary(bill) };
}

async function attacker(base: string, id: number, stop: { done: boolean }, statuses: Record<string, number>) {
  for (let n = 0; !stop.done; n++) {
    const response = await fetch(`${base}/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: base,
        "X-Forwarded-For": `10.${id}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      },
      body: new URLSearchParams({ mode: "login", email: `target${n % 50}@example.com`, password: `Wrong!${n}aa` }),
      redirect: "manual",
    }).catch(() => null);
    await response?.arrayBuffer();
    const key = String(response?.status ?? "error");
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
}

export async function benchAuth(): Promise<{ missed: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-auth-"));
  const { child, base } = startBenchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    TRUST_PROXY: "1",
    HTML_CACHE_SECONDS: "0",
    FORM_RATE_LIMIT: "100000",
  });
  try {
    await waitForHealth(base, child);
    await probe(base, 2000);
    const quiet = await probe(base, SECONDS * 1000);
    const stop = { done: false };
    const statuses: Record<string, number> = {};
    const attackers = Array.from({ length: ATTACKERS }, (_, id) => attacker(base, id, stop, statuses));
    const attacked = await probe(base, SECONDS * 1000);
    stop.done = true;
    await Promise.all(attackers);
    console.log(`\nPassword hashing under attack: ${ATTACKERS} clients posting wrong passwords, ${SECONDS} s`);
    console.log("| probe | alone p50 | alone max | attacked p50 | attacked max |");
    console.log("| --- | --- | --- | --- | --- |");
    for (const name of ["about", "bill"] as const) {
      const label = name === "about" ? "uncached /about" : "200 KB bill upload";
      const q = quiet[name];
      const a = attacked[name];
      console.log(
        `| ${label} | ${q.p50.toFixed(0)} ms | ${q.max.toFixed(0)} ms | ${a.p50.toFixed(0)} ms | ${a.max.toFixed(0)} ms |`,
      );
    }
    console.log(`Attackers' answers: ${JSON.stringify(statuses)}`);
    const missed = (["about", "bill"] as const)
      .filter((name) => attacked[name].p50 >= P50_TARGET_MS)
      .map((name) => `${name} p50 ${attacked[name].p50.toFixed(0)} ms under attack (target < ${P50_TARGET_MS} ms)`);
    return { missed };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runWhenMain("bench/auth.ts", benchAuth, "Pages and uploads stayed under 1 s p50 while 16 clients hammered sign-in.");
