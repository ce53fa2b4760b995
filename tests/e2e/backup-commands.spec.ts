import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { isServerProcess } from "../../app/server/backup/backup-request.server";
import { openDatabase } from "../../app/server/db/client.server";
import { rowsOf } from "../../app/server/db/rows.server";
import { freePortSync } from "../free-port";
import { expect, test } from "./fixtures";
import { exited, type Started, seededDataDir, startServer, waitReady } from "./spawn-server";

const run = promisify(execFile);
const BILL = Buffer.concat([Buffer.from("%PDF-1.4\n% the drill's bill\n"), Buffer.alloc(4096, 32)]);

/** `npm run backup` / `npm run restore` as an operator runs them (the scripts behind them). */
function command(script: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
    timeout: 120_000,
  }).then(
    (done) => ({ code: 0, out: done.stdout + done.stderr }),
    (failed: { code?: number; stdout?: string; stderr?: string }) => ({
      code: failed.code ?? 1,
      out: `${failed.stdout ?? ""}${failed.stderr ?? ""}`,
    }),
  );
}

test("npm run backup asks the running server; npm run restore brings the leads and bills back", async ({ request }) => {
  test.setTimeout(180_000);
  const dataDir = seededDataDir("solar-backup-");
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), "solar-backups-"));
  const port = String(freePortSync());
  let server: Started | undefined;
  try {
    server = startServer({ PORT: port, DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}`, BACKUP_URL: backups });
    await waitReady(server);
    // A lead with a bill, through the real form.
    const bill = await request.post(`http://localhost:${port}/submit-bill`, {
      headers: { Origin: `http://localhost:${port}` },
      multipart: {
        businessName: "Drill Winery",
        contactPerson: "Dana Drill",
        email: "dana@drill.example",
        file: { name: "bill.pdf", mimeType: "application/pdf", buffer: BILL },
      },
      maxRedirects: 0,
    });
    expect(bill.status()).toBe(302);

    // Only the server is ever signalled (SIGUSR2 would end any other process).
    expect(isServerProcess(server.child.pid as number)).toBe(true);
    expect(isServerProcess(process.pid)).toBe(false);
    // The server holds the embedded database: the command asks it and waits for its answer.
    const backup = await command("backup", [], { DATA_DIR: dataDir, BACKUP_URL: backups });
    expect(backup.out).toContain("holds the database");
    expect(backup.code, backup.out).toBe(0);
    const [id] = fs.readdirSync(backups).filter((name) => name.startsWith("backup-"));
    expect(backup.out).toContain(`Backup ${id} written to ${backups}`);

    server.child.kill("SIGTERM");
    expect(await exited(server.child)).toBe(0);

    // Into an empty folder: the database and the bill come back.
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "solar-restored-"));
    const listed = await command("restore", ["--list"], { DATA_DIR: fresh, BACKUP_URL: backups });
    expect(listed.out).toMatch(new RegExp(`${id}\\s+pglite\\s+\\d+ leads`));
    const restored = await command("restore", [path.join(backups, id as string)], { DATA_DIR: fresh });
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(`Restored ${id}`);
    const handle = await openDatabase({ dataDir: fresh });
    try {
      const result = await handle.db.execute(
        sql`select file_url from lead_submissions where email = 'dana@drill.example'`,
      );
      const key = rowsOf<{ file_url: string }>(result)[0]?.file_url as string;
      expect(fs.readFileSync(path.join(fresh, "uploads", key)).equals(BILL)).toBe(true);
    } finally {
      await handle.close();
    }
  } finally {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  }
});
