// Uploads stream to storage, so the server's peak RSS under 40 × 10 MiB must stay under twice idle.
import { execSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startBenchServer, waitForHealth } from "./server";

const UPLOADS = 40;
/** 10 MiB: the largest bill the form accepts. */
const BILL_BYTES = 10 * 1024 * 1024;
const SAMPLE_MS = 50;

export type UploadBench = { idleRssMb: number; peakRssMb: number; accepted: number; refused: number };

function rssMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** From its own loopback address, so the per-address cap and rate limit see separate visitors. */
function upload(base: URL, index: number, file: Buffer): Promise<{ status: number; location?: string }> {
  const boundary = `----solarBench${index}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${part("businessName", `Bench Dairy ${index}`)}${part("contactPerson", "Pat Bench")}${part("email", `pat${index}@bench.example`)}` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const loopback = base.hostname === "localhost" || base.hostname.startsWith("127.");
  return new Promise((resolve) => {
    const request = http.request({
      host: base.hostname === "localhost" ? "127.0.0.1" : base.hostname,
      port: base.port,
      path: "/submit-bill",
      method: "POST",
      agent: false,
      // 127.0.1.1, 127.0.1.2, …: every address of 127.0.0.0/8 is this machine.
      ...(loopback ? { localAddress: `127.0.1.${index + 1}` } : {}),
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": head.length + file.length + tail.length,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      response.on("error", () => resolve({ status: 0 }));
    });
    request.on("error", () => resolve({ status: 0 }));
    request.write(head);
    request.write(file);
    request.end(tail);
  });
}

export async function benchUploads(baseUrl: string, serverPid: number): Promise<UploadBench> {
  const base = new URL(baseUrl);
  await fetch(new URL("/submit-bill", base)).then((response) => response.arrayBuffer());
  let idle = 0;
  for (let i = 0; i < 10; i++) {
    idle = Math.max(idle, rssMb(serverPid) ?? 0);
    await sleep(SAMPLE_MS);
  }
  if (idle === 0) throw new Error(`no /proc/${serverPid}/status: the server must run on this (Linux) machine`);

  const file = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(BILL_BYTES - 9, 32)]);
  let peak = idle;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(serverPid) ?? 0);
      await sleep(SAMPLE_MS);
    }
  })();
  const results = await Promise.all(Array.from({ length: UPLOADS }, (_, index) => upload(base, index, file)));
  running = false;
  await sampler;
  const accepted = results.filter((result) => result.status === 302 && result.location === "/thank-you").length;
  const round = (mb: number) => Math.round(mb * 10) / 10;
  return { idleRssMb: round(idle), peakRssMb: round(peak), accepted, refused: UPLOADS - accepted };
}

async function main() {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("No production build found: building…");
    execSync("npx react-router build", { stdio: "inherit" });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-bench-uploads-"));
  const { child, base } = startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    await waitForHealth(base, child);
    const result = await benchUploads(base, child.pid as number);
    console.log(
      `Bill uploads (${UPLOADS} × 10 MiB at once): RSS idle ${result.idleRssMb} MB, peak ${result.peakRssMb} MB ` +
        `(+${Math.round((result.peakRssMb - result.idleRssMb) * 10) / 10} MB, ${(result.peakRssMb / result.idleRssMb).toFixed(2)}x; target < 2x); ` +
        `${result.accepted} accepted, ${result.refused} refused`,
    );
    if (result.peakRssMb >= 2 * result.idleRssMb || result.refused > 0) process.exitCode = 1;
  } finally {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
