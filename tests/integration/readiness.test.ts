import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as healthz } from "~/routes/healthz";
import { loader as readyz } from "~/routes/readyz";
import { markShuttingDown, markStarted, markStarting, resetReadinessForTests } from "~/server/cluster/readiness.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { closeDb, useDatabaseForTests } from "~/server/db/db.server";
import { type BillStorage, LocalBillStorage, useBillStorage } from "~/server/storage/bill-storage.server";
import { dbTargets, openMigrated } from "./db-targets";
import { contextArgs } from "./staff-action";

/** `/healthz` (process up) and `/readyz` (database, migrations, storage; decision 0014). */

type Body = { ok: boolean; failing: string[]; checks: Record<string, string>; staffMail?: string[] | "set" };

async function ready(): Promise<{ status: number; body: Body; cacheControl: string | null }> {
  const response = await readyz(contextArgs());
  return {
    status: response.status,
    body: (await response.json()) as Body,
    cacheControl: response.headers.get("cache-control"),
  };
}

/** A store without its own check: put and delete, in memory. */
class MemoryStorage implements BillStorage {
  readonly objects = new Map<string, Buffer>();
  writes = 0;
  constructor(private readonly failPut = false) {}
  async put(key: string, body: Readable): Promise<{ bytes: number }> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    if (this.failPut) throw new Error("AccessDenied: secret-bucket-name");
    this.writes += 1;
    this.objects.set(key, Buffer.concat(chunks));
    return { bytes: Buffer.concat(chunks).length };
  }
  async get() {
    return null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async *list(): AsyncIterable<string> {}
}

describe.each(dbTargets)("readiness on $name", (target) => {
  let handle: DatabaseHandle;
  let root: string;

  beforeAll(async () => {
    handle = await openMigrated(target);
    root = fs.mkdtempSync(path.join(os.tmpdir(), "solar-readyz-"));
  });
  beforeEach(() => {
    resetReadinessForTests();
    useDatabaseForTests(handle);
    useBillStorage(new LocalBillStorage(root));
  });
  afterAll(async () => {
    resetReadinessForTests();
    useBillStorage(undefined);
    await closeDb();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("/readyz is 200 on a healthy database with writable storage, leaving nothing behind", async () => {
    const { status, body, cacheControl } = await ready();
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-store");
    expect(body).toMatchObject({ ok: true, failing: [], checks: { database: "ok", migrations: "ok", storage: "ok" } });
    // Information only: the tests run without an SMTP relay, so nobody would be told of a lead.
    expect(body.staffMail).toEqual(expect.arrayContaining([expect.stringMatching(/^SMTP_URL is not set/)]));
    expect(fs.readdirSync(path.join(root, "energy-bills"))).toEqual([]);
  });

  it("/readyz is 503 naming migrations when a migration row is missing", async () => {
    const scratch = await openMigrated(target);
    useDatabaseForTests(scratch);
    try {
      await scratch.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
      );
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.failing).toEqual(["migrations"]);
      expect(body.checks).toEqual({ database: "ok", migrations: "failed", storage: "ok" });
    } finally {
      await scratch.close();
    }
  });

  it("/readyz is 503 naming database with a closed handle, and /healthz is still 200", async () => {
    const scratch = await openMigrated(target);
    useDatabaseForTests(scratch);
    await scratch.close();
    const { status, body, cacheControl } = await ready();
    expect(status).toBe(503);
    expect(cacheControl).toBe("no-store");
    expect(body.failing).toEqual(["database"]);
    expect(body.checks).toEqual({ database: "failed", migrations: "skipped", storage: "ok" });

    const health = healthz();
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ ok: true });
  });

  it("/readyz is 503 naming storage when the storage cannot take a write (and says nothing more)", async () => {
    // The storage's root is a file: no folder can be made under it.
    const file = path.join(root, "not-a-folder");
    fs.writeFileSync(file, "x");
    useBillStorage(new LocalBillStorage(file));
    const local = await ready();
    expect(local.status).toBe(503);
    expect(local.body.failing).toEqual(["storage"]);
    expect(local.body.checks).toEqual({ database: "ok", migrations: "ok", storage: "failed" });

    // A store without checkWritable is checked by a put: the error's text never reaches the body.
    useBillStorage(new MemoryStorage(true));
    const response = await readyz(contextArgs());
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text).failing).toEqual(["storage"]);
    expect(text).not.toMatch(/secret|AccessDenied/);
  });

  it("a store without checkWritable passes with a put and a delete of a reserved key, not repeated at once", async () => {
    const memory = new MemoryStorage();
    useBillStorage(memory);
    expect((await ready()).status).toBe(200);
    expect(memory.writes).toBe(1);
    expect(memory.objects.size).toBe(0);
    // A storage that just passed is not written again for a few seconds (probes are frequent).
    expect((await ready()).status).toBe(200);
    expect(memory.writes).toBe(1);
  });

  it("concurrent probes share one run of the checks", async () => {
    const memory = new MemoryStorage();
    useBillStorage(memory);
    const answers = await Promise.all(Array.from({ length: 20 }, () => ready()));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(memory.writes).toBe(1);
  });

  it("/readyz is 503 once shutdown has begun, without running the checks", async () => {
    expect((await ready()).status).toBe(200);
    markShuttingDown();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(["shutdown"]);
    expect(healthz().status).toBe(200);
  });

  it("/readyz is 503 starting until the server has started (it listens before its app is loaded)", async () => {
    markStarting();
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.failing).toEqual(["starting"]);
    expect(healthz().status).toBe(200);
    markStarted();
    expect((await ready()).status).toBe(200);
  });
});
