import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/server/db/client.server";
import { freePortSync } from "../free-port";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

/**
 * A server killed outright (SIGKILL, as the OOM killer does) in the middle of bill uploads
 * (security review test 2a, L4, L5): it comes back at once on the same data folder, although the
 * killed process is still a zombie when the new one starts; every lead that was accepted (302 to
 * /thank-you) is whole, its row, its file and its e-mail job; and once the orphan sweep has run,
 * no stored file is without its row.
 */
const BILL_BYTES = 400 * 1024;
const GRACE_SECONDS = 2;
const WORKERS = 8;

const bill = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(BILL_BYTES - 9, 32)]);

type Attempt = { email: string; status: number; location?: string };

/** One bill, sent in 32 KB pieces a few milliseconds apart, so a kill lands mid-upload. */
function submitBill(port: number, email: string): Promise<Attempt> {
  const boundary = `----solarKill${Math.random().toString(16).slice(2)}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      `${part("businessName", "Killed Dairy")}${part("contactPerson", "Pat Kill")}${part("email", email)}` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bill.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bill,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: "/submit-bill",
      method: "POST",
      agent: false,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": body.length },
    });
    request.on("response", (response) => {
      response.resume();
      const done = () => resolve({ email, status: response.statusCode ?? 0, location: response.headers.location });
      response.on("end", done);
      response.on("error", () => resolve({ email, status: 0 }));
    });
    request.on("error", () => resolve({ email, status: 0 }));
    void (async () => {
      for (let offset = 0; offset < body.length; offset += 32 * 1024) {
        if (request.destroyed) return;
        request.write(body.subarray(offset, offset + 32 * 1024));
        await new Promise((wait) => setTimeout(wait, 5));
      }
      request.end();
    })();
  });
}

/** Sleeps without letting this process's event loop run (so it reaps no child meanwhile). */
function blockFor(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const procState = (pid: number | undefined) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] ?? null;
  } catch {
    return null; // gone (reaped)
  }
};

/** The PID the data folder's lock names (undefined while there is none, or it is being written). */
function lockHolder(dataDir: string): number | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dataDir, "db.lock"), "utf8")) as { pid?: number }).pid;
  } catch {
    return undefined;
  }
}

/** The JSON log lines a server wrote (pino), for the orphan sweep's. */
const logLines = (server: Started) =>
  server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; olderThan?: string; removed?: number }];
      } catch {
        return [];
      }
    });

test.skip(!fs.existsSync("/proc/self/stat"), "needs Linux /proc to see the zombie");

test("a server SIGKILLed mid-upload restarts at once; accepted leads are whole and no file is left without its row", async () => {
  test.setTimeout(180_000);
  const dataDir = seededDataDir("solar-sigkill-");
  const port = freePortSync();
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    // Every upload comes from 127.0.0.1, far faster than any office would send them.
    FORM_RATE_LIMIT: "100000",
    UPLOADS_PER_ADDRESS: String(WORKERS),
    BILL_ORPHAN_GRACE_SECONDS: String(GRACE_SECONDS),
    // The sweep says when it has run (debug), so the test knows when to look.
    LOG_LEVEL: "debug",
  };
  const first = startServer(env);
  let second: Started | undefined;
  try {
    await waitReady(first);

    // Load: WORKERS uploads at all times, until the kill.
    const attempts: Attempt[] = [];
    let inFlight = 0;
    let stop = false;
    let sequence = 0;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) {
        inFlight++;
        attempts.push(await submitBill(port, `kill-${sequence++}@load.example`));
        inFlight--;
      }
    });
    await expect.poll(() => attempts.filter((a) => a.status === 302).length, { timeout: 30_000 }).toBeGreaterThan(20);

    // SIGKILL mid-upload, then at once the restart on the same folder, while this process does
    // not reap the killed one (its event loop is held): the old server is still a zombie (or
    // still exiting) when the new one looks at the lock.
    expect(inFlight).toBeGreaterThan(0);
    const killedAt = new Date();
    const oldPid = first.child.pid as number;
    first.child.kill("SIGKILL");
    second = startServer(env);
    const newPid = second.child.pid as number;
    let oldStateAtTakeover: string | null = null;
    for (let waited = 0; waited < 30_000; waited += 20) {
      if (lockHolder(dataDir) === newPid) {
        oldStateAtTakeover = procState(oldPid);
        break;
      }
      const state = procState(newPid);
      if (state === "Z" || state === null) break; // the new server gave up (exited)
      blockFor(20);
    }
    stop = true;
    expect(oldStateAtTakeover, "the killed server was still there (zombie) when the new one took over").not.toBeNull();
    await waitReady(second);
    expect(second.output()).not.toContain("in use by another process");
    await Promise.all(workers);

    // Wait for a sweep whose cutoff is past the kill: every file written before it was judged.
    await expect
      .poll(
        () =>
          logLines(second as Started).some(
            (line) => line.msg?.startsWith("Orphan bill sweep") && (line.olderThan ?? "") >= killedAt.toISOString(),
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    second.child.kill("SIGTERM");
    expect(await exited(second.child)).toBe(0);
    const removed = logLines(second)
      .filter((line) => line.msg?.startsWith("Orphan bill sweep"))
      .reduce((sum, line) => sum + (line.removed ?? 0), 0);

    const accepted = attempts.filter((a) => a.status === 302 && a.location === "/thank-you");
    expect(accepted.length).toBeGreaterThan(20);
    test.info().annotations.push({
      type: "sigkill",
      description: `${attempts.length} sent, ${accepted.length} accepted, killed server in state ${oldStateAtTakeover} at the takeover, ${removed} orphan file(s) swept`,
    });
    const handle = await openDatabase({ dataDir });
    try {
      const rows = (
        (await handle.db.execute(sql`
          select s.email, s.file_url,
                 (select count(*) from email_outbox o where o.lead_submission_id = s.id)::int as jobs
          from lead_submissions s`)) as unknown as { rows: { email: string; file_url: string | null; jobs: number }[] }
      ).rows;
      const byEmail = new Map<string, typeof rows>();
      for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
      const uploads = path.join(dataDir, "uploads");
      for (const lead of accepted) {
        const found = byEmail.get(lead.email) ?? [];
        expect(found, `${lead.email}: one row`).toHaveLength(1);
        const row = found[0] as (typeof rows)[number];
        expect(row.jobs, `${lead.email}: one e-mail job`).toBe(1);
        expect(fs.statSync(path.join(uploads, row.file_url ?? "missing")).size, `${lead.email}: its whole file`).toBe(
          BILL_BYTES,
        );
        expect(fs.existsSync(path.join(uploads, `${row.file_url}.type`))).toBe(true);
      }
      // No file (nor content-type sidecar) is without its row.
      const named = new Set(rows.map((row) => path.basename(row.file_url ?? "")));
      const stored = fs.existsSync(path.join(uploads, "energy-bills"))
        ? fs.readdirSync(path.join(uploads, "energy-bills"))
        : [];
      expect(stored.filter((name) => !named.has(name.replace(/\.type$/, "")))).toEqual([]);
      for (const row of rows) expect(row.jobs).toBe(1);
    } finally {
      await handle.close();
    }
  } finally {
    for (const server of [first, second]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill("SIGKILL");
        await exited(server.child);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
