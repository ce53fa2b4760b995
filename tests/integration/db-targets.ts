import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type AppDatabase, type DatabaseHandle, openDatabase } from "~/server/db/client.server";
import * as schema from "~/server/db/schema";

/**
 * The database engines every database test runs against: PGlite (in memory) always, and the
 * PostgreSQL server at TEST_DATABASE_URL when it is set (CI sets it). Each test file gets a
 * database of its own, a copy of the one tests/setup/database-template.ts migrated once per run
 * (decision 0022); the PostgreSQL one is dropped afterwards.
 */
export type TestDatabase = DatabaseHandle & { databaseUrl?: string };

export type DbTarget = {
  name: "pglite" | "postgres";
  /** A migrated database of the test's own, copied from the run's template (PostgreSQL: with its URL). */
  open: () => Promise<TestDatabase>;
  /** An empty database, for the test of the migrations themselves. */
  openEmpty: () => Promise<TestDatabase>;
};

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function openPostgres(serverUrl: string, template: string | null): Promise<TestDatabase> {
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await adminQuery(
    serverUrl,
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  return {
    ...handle,
    databaseUrl: url.toString(),
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

let pgliteTarball: Blob | undefined;
const template = () => {
  pgliteTarball ??= new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  return pgliteTarball;
};

function openPglite(): Promise<DatabaseHandle> {
  return openDatabase({ loadDataDir: template() });
}

/** Fills `dataDir` (a PGlite data folder, as DATA_DIR) with the migrated template, for a process a test starts. */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir, loadDataDir: template() });
  await handle.close();
}

const serverUrl = process.env.TEST_DATABASE_URL;

export const pgliteTarget: DbTarget = { name: "pglite", open: openPglite, openEmpty: () => openDatabase({}) };

export const dbTargets: DbTarget[] = [
  pgliteTarget,
  ...(serverUrl
    ? [
        {
          name: "postgres" as const,
          open: () => openPostgres(serverUrl, inject("postgresTemplate")),
          openEmpty: () => openPostgres(serverUrl, null),
        },
      ]
    : []),
];

/** The test file's own migrated database on `target`. */
export function openMigrated(target: DbTarget): Promise<TestDatabase> {
  return target.open();
}

/**
 * A handle whose every query fails as a closed PGlite's does: the database failing, without
 * starting a database only to close it.
 */
export function closedDatabase(): DatabaseHandle {
  const closed = async () => {
    throw new Error("PGlite is closed");
  };
  const client = { query: closed, exec: closed, transaction: closed };
  return {
    db: drizzle({ client: client as never, schema }) as unknown as AppDatabase,
    kind: "pglite",
    migrate: closed,
    async close() {},
  };
}
