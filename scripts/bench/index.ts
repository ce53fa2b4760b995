/**
 * `npm run bench`: the production build on loopback with a throw-away database, in this order:
 *   - `/` (HTML cache) vs a static file of the same size, uncached renders, the calculator result
 *   - gzip bytes of the script `/` loads; memory under 10 MiB uploads (uploads.ts)
 *   - bill submissions, checked one row, one file and one e-mail each
 *   - the staff workspace at scale (staff.ts)
 *   - outbox delivery to a local SMTP server (outbox.ts)
 *   - search over 5,000 programs and unique-query pages (search.ts)
 *   - pages and bill submissions through nginx, one and two instances (cluster.ts)
 *   - the pages' budgets (pages.ts)
 *   - restart to healthy after SIGKILL (restart.ts)
 *   - pages and uploads while clients hammer sign-in (auth.ts)
 *   - the solar model's time per estimate (model.ts)
 *   - backup and restore at 100,000 leads (backup.ts)
 */
import { type ChildProcess, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/server/db/client.server";
import { rowsOf } from "../../app/server/db/rows.server";
import { benchAuth } from "./auth";
import { benchBackup } from "./backup";
import { benchCluster } from "./cluster";
import { benchModel } from "./model";
import { benchOutbox } from "./outbox";
import { benchPages } from "./pages";
import { benchRestart } from "./restart";
import { benchSearch } from "./search";
import { billForm, type Load, load, startBenchServer, waitForHealth, writeBenchBill } from "./server";
import { benchStaffWorkspace } from "./staff";
import { benchUploads } from "./uploads";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 10);
const LEAD_CONNECTIONS = 20;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Result = Load & { label: string };

async function run(label: string, url: string, seconds: number, headers: Record<string, string> = {}): Promise<Result> {
  return { label, ...(await load(url, { seconds, connections: CONNECTIONS }, { headers })) };
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-"));
  const staticName = `bench-static-${process.pid}.html`;
  const staticFile = path.join("build/client", staticName);
  // The server lists the build's files at start-up, so the file must exist before it has content.
  fs.writeFileSync(staticFile, "");
  const { child, base } = startBenchServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_REQUESTS: "true",
    FORM_RATE_LIMIT: "100000",
    UPLOADS_PER_ADDRESS: "100",
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

    const short = Math.min(5, DURATION_SECONDS);
    const about = await run("/about rendered on every request (cache bypassed)", `${base}/about`, short, {
      cookie: "sa_bench=1",
    });
    // No default (owner=taxable) in the query: that is answered with a 302.
    const estimateUrl = `${base}/solar-calculator?monthlyBill=2500&state=NM&financing=loan&loanRate=7&loanTerm=10`;
    const result = await run("/solar-calculator result (model + render, uncached)", estimateUrl, short);
    if (result.failed > 0)
      throw new Error(`The result page failed ${result.failed} requests (not 2xx, errors or timeouts)`);

    const rows = [page, file, rendered, about, result].map((r) => ({
      target: r.label,
      "requests/s": Math.round(r.rps),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.failed - r.errors,
    }));
    console.table(rows);
    const ratio = page.rps / file.rps;
    console.log(
      `Calculator result vs uncached /about: ${Math.round(result.rps)} vs ${Math.round(about.rps)} requests/s (${(result.rps / about.rps).toFixed(2)}x)`,
    );
    console.log(
      `Ratio / vs static: ${ratio.toFixed(2)}x requests/s (target ≥ 0.5x); p99 of /: ${page.p99} ms (target < 50 ms)`,
    );

    const scripts = await scriptBytes(base, html);
    console.log(
      `Script loaded by /: ${scripts.files} files + ${scripts.inlineBytes} bytes inline, ${(scripts.raw / 1024).toFixed(1)} KB raw, ${(scripts.gzip / 1024).toFixed(1)} KB gzip (target < 90 KB gzip)`,
    );
    const uploads = await benchUploads(base, child.pid as number);
    const uploadRatio = uploads.peakRssMb / uploads.idleRssMb;
    console.log(
      `Memory under 40 simultaneous 10 MiB uploads: idle RSS ${uploads.idleRssMb.toFixed(0)} MB, peak ${uploads.peakRssMb.toFixed(0)} MB (${uploadRatio.toFixed(2)}x, target < 2x); ${uploads.accepted} accepted, ${uploads.refused} refused`,
    );
    const leads = await benchBillSubmissions(base, dataDir, child);
    const staff = await benchStaffWorkspace();
    const outbox = await benchOutbox();
    const search = await benchSearch();
    console.table(search.rows);
    const cluster = await benchCluster();
    const pages = await benchPages();
    const restart = await benchRestart();
    const auth = await benchAuth();
    const model = benchModel();
    console.log(`Solar model: ${model.microsPerEstimate.toFixed(1)} µs per estimate (target < 1,000)`);
    console.log("Backup and restore (docs/operations.md: the restore time is the RTO):");
    console.table(await benchBackup());
    console.log(
      `Outbox: ${outbox.mails} mails delivered to a local SMTP server in ${outbox.seconds.toFixed(1)} s: ${outbox.perSecond.toFixed(0)} mails/s (target ≥ 50)`,
    );
    const slow = staff.filter((row) => !String(row.request).startsWith("CSV") && Number(row["p95 ms"]) >= 100);

    const missed = [
      leads.problems.length ? `lead check: ${leads.problems.join("; ")}` : null,
      slow.some((row) => row.engine === "PostgreSQL")
        ? `staff p95 ≥ 100 ms on PostgreSQL: ${slow.map((row) => row.request).join(", ")}`
        : null,
      ratio < 0.5 ? `ratio ${ratio.toFixed(2)}x < 0.5x` : null,
      uploadRatio >= 2 ? `upload memory peak ${uploadRatio.toFixed(2)}x idle` : null,
      ...search.missed,
      ...cluster.missed,
      ...pages.missed,
      ...restart.missed,
      ...auth.missed,
      ...model.missed,
      outbox.perSecond < 50 ? `outbox ${outbox.perSecond.toFixed(0)} mails/s < 50` : null,
      page.p99 >= 50 ? `p99 ${page.p99} ms ≥ 50 ms` : null,
      scripts.gzip >= 90 * 1024 ? `script ${(scripts.gzip / 1024).toFixed(1)} KB ≥ 90 KB` : null,
      [page, file, rendered, about, result].some((r) => r.failed) ? "some requests failed" : null,
    ].filter(Boolean);
    if (missed.length) {
      console.error(`Targets missed: ${missed.join("; ")}`);
      process.exitCode = 1;
    } else {
      console.log("All targets met.");
    }
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    fs.rmSync(staticFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const BILL_EMAIL = "pat@bench.example";

async function benchBillSubmissions(base: string, dataDir: string, child: ChildProcess) {
  const pdfPath = path.join(dataDir, "bench-bill.pdf");
  writeBenchBill(pdfPath);
  const result = await load(
    `${base}/submit-bill`,
    { seconds: LEAD_SECONDS, connections: LEAD_CONNECTIONS },
    {
      method: "POST",
      form: billForm(pdfPath, BILL_EMAIL),
    },
  );
  const answered = (test: (status: number) => boolean) =>
    Object.entries(result.statuses).reduce((sum, [code, n]) => sum + (test(Number(code)) ? n : 0), 0);
  const accepted = answered((status) => status >= 300 && status < 400);
  const refused = answered((status) => status >= 400);
  const p99 = result.p99;
  console.log(
    `Bill submissions (1 MB PDF, ${LEAD_CONNECTIONS} connections, ${LEAD_SECONDS} s): ${accepted} accepted, ` +
      `${(accepted / LEAD_SECONDS).toFixed(1)} submissions/s, p99 ${p99} ms, ${refused} refused, ${result.errors} errors`,
  );

  // The server holds the embedded database.
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  const handle = await openDatabase({ dataDir });
  const problems: string[] = [];
  try {
    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number | string }>(await handle.db.execute(query))[0]?.n ?? 0);
    // The upload-memory run stored bills on the same server.
    const mine = sql`email = ${BILL_EMAIL}`;
    const rows = await count(sql`select count(*) as n from lead_submissions where ${mine}`);
    const withOneJob = await count(sql`
      select count(*) as n from lead_submissions s
      where ${mine} and (select count(*) from email_outbox o where o.lead_submission_id = s.id) = 1`);
    const distinctFiles = await count(sql`select count(distinct file_url) as n from lead_submissions where ${mine}`);
    const fileKeys = async (where: ReturnType<typeof sql>) =>
      rowsOf<{ file_url: string }>(
        await handle.db.execute(sql`select file_url from lead_submissions where ${where}`),
      ).map((row) => row.file_url);
    const keys = await fileKeys(mine);
    const referenced = new Set(await fileKeys(sql`file_url is not null`));
    const folder = path.join(dataDir, "uploads", "energy-bills");
    const onDisk = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => !name.endsWith(".type"))
          .map((name) => `energy-bills/${name}`)
      : [];
    const missingFiles = keys.filter((key) => !fs.existsSync(path.join(dataDir, "uploads", key))).length;
    const withoutRow = onDisk.filter((key) => !referenced.has(key)).length;
    console.log(
      `Check: ${accepted} accepted → ${rows} rows, ${withOneJob} with exactly one e-mail job, ${distinctFiles} distinct files referenced, ${missingFiles} missing, ${withoutRow} stored files without a row`,
    );
    // Requests in flight at the end are stored but not counted: up to one extra row per connection.
    if (rows < accepted || rows > accepted + LEAD_CONNECTIONS) problems.push(`${rows} rows for ${accepted} accepted`);
    if (withOneJob !== rows) problems.push(`${rows - withOneJob} rows without exactly one e-mail job`);
    if (distinctFiles !== rows || missingFiles || withoutRow) problems.push("files and rows do not match one to one");
  } finally {
    await handle.close();
  }
  return { accepted, p99, problems };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
