import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

export type DatabaseDump = {
  at: Date;
  file: string;
  fileName: "database.pglite.tar.gz" | "database.pgdump";
  tables: Record<string, number>;
  migrations: { count: number; last: number };
  billKeys: string[];
  cleanup: () => void;
};

type Queryable = { query: <T>(text: string) => Promise<{ rows: T[] }> };

export function rawClient(handle: { db: unknown }): Queryable {
  return (handle.db as { $client: Queryable }).$client;
}

async function snapshotFacts(db: Queryable) {
  const tables: Record<string, number> = {};
  const names = await db.query<{ name: string }>(
    "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
  );
  for (const { name } of names.rows) {
    const [schema, table] = name.split(".");
    const result = await db.query<{ n: string | number }>(`select count(*) as n from "${schema}"."${table}"`);
    tables[name] = Number(result.rows[0]?.n ?? 0);
  }
  const applied = await db.query<{ count: string | number; last: string | number | null }>(
    "select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations",
  );
  const keys = await db.query<{ key: string }>(
    "select distinct file_url as key from lead_submissions where file_url is not null order by 1",
  );
  return {
    tables,
    migrations: { count: Number(applied.rows[0]?.count ?? 0), last: Number(applied.rows[0]?.last ?? 0) },
    billKeys: keys.rows.map((row) => row.key),
  };
}

function tempFile(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "solar-backup-"));
  return { file: path.join(dir, name), cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `dumpDataDir` blocks statements only while copying (~1 s per 100 MB); compressed after. Opening the copy
 * makes a bad one fail the backup now, not the restore later.
 */
export async function dumpPglite(client: PGlite): Promise<DatabaseDump> {
  await client.exec("checkpoint");
  const at = new Date();
  const tarball = await client.dumpDataDir("none");
  const { file, cleanup } = tempFile("database.pglite.tar.gz");
  try {
    await pipeline(
      Readable.fromWeb(tarball.stream() as import("node:stream/web").ReadableStream),
      zlib.createGzip(),
      fs.createWriteStream(file, { mode: 0o600 }),
    );
    const copy = await PGlite.create({ loadDataDir: tarball, extensions: { pg_trgm } });
    try {
      return { at, file, fileName: "database.pglite.tar.gz", ...(await snapshotFacts(copy)), cleanup };
    } finally {
      await copy.close();
    }
  } catch (error) {
    cleanup();
    throw error;
  }
}

class PgToolMissing extends Error {
  constructor(tool: string) {
    super(
      `${tool} was not found on this machine. Install PostgreSQL's client tools (apt-get install postgresql-client, the server's major version or newer), or rely on your database provider's own snapshots (docs/operations.md).`,
    );
    this.name = "PgToolMissing";
  }
}

/** The password goes in PGPASSWORD, never on the command line. */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export function runPgTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on("error", (error) =>
      reject((error as NodeJS.ErrnoException).code === "ENOENT" ? new PgToolMissing(tool) : error),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** The snapshot is exported from the transaction the counts and bill keys are read in: one moment for all. */
export async function dumpPostgres(databaseUrl: string): Promise<DatabaseDump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { file, cleanup } = tempFile("database.pgdump");
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = await client.query<{ id: string; at: Date }>("select pg_export_snapshot() as id, now() as at");
    const { id, at } = snapshot.rows[0] as { id: string; at: Date };
    const facts = await snapshotFacts(client as unknown as Queryable);
    const { dbname, env } = pgConnection(databaseUrl);
    await runPgTool(
      "pg_dump",
      ["--format=custom", `--snapshot=${id}`, "--no-password", `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query("commit");
    return { at, file, fileName: "database.pgdump", ...facts, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function countTables(db: Queryable, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const [schema, table] = name.split(".");
    const result = await db.query<{ n: string | number }>(`select count(*) as n from "${schema}"."${table}"`);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
