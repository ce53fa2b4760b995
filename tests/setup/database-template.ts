import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/server/db/client.server";

/**
 * Vitest global setup: migrate once, copy per test file (decision 0022). PGlite: one migrated
 * instance dumped to a tarball that each file's database loads. PostgreSQL (TEST_DATABASE_URL):
 * one migrated template database that each file's database is created from.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data folder as a `dumpDataDir()` tarball. */
    pgliteTemplate: string;
    /** Name of the migrated template database on TEST_DATABASE_URL, when it is set. */
    postgresTemplate: string | null;
  }
}

const migrationsFolder = path.resolve("drizzle");

/** Changes whenever the migrations or PGlite do, so a stale tarball is never loaded. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglite = fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"));
  hash.update(JSON.parse(pglite.toString()).version);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(migrationsFolder, file)).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/** Kept in the temp folder between runs: the inner loop skips the migration while it is unchanged. */
async function pgliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), "solar-vitest-templates");
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({ migrationsFolder });
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: gzip would cost every file's load more than the disk it saves.
    const tarball = await client.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One per run (runs on a shared server must not share one): dropped at teardown. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `test_tmpl_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolMax: 1, migrationsFolder });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return name;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pgliteFile, postgresName] = await Promise.all([
    pgliteTemplate(),
    serverUrl ? postgresTemplate(serverUrl) : Promise.resolve(null),
  ]);
  project.provide("pgliteTemplate", pgliteFile);
  project.provide("postgresTemplate", postgresName);
  return async () => {
    if (serverUrl && postgresName)
      await adminQuery(serverUrl, `drop database if exists "${postgresName}" with (force)`);
  };
}
