import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.server";

/**
 * The database engines every database test runs against: PGlite (in memory) always, and the
 * PostgreSQL server at TEST_DATABASE_URL when it is set (CI sets it). Each test file gets a
 * fresh, migrated database of its own; the PostgreSQL one is dropped afterwards.
 */
export type DbTarget = { name: "pglite" | "postgres"; open: () => Promise<DatabaseHandle> };

async function openFreshPostgres(serverUrl: string): Promise<DatabaseHandle> {
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export const dbTargets: DbTarget[] = [
  { name: "pglite", open: () => openDatabase({}) },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: "postgres" as const, open: () => openFreshPostgres(process.env.TEST_DATABASE_URL as string) }]
    : []),
];

export async function openMigrated(target: DbTarget): Promise<DatabaseHandle> {
  const handle = await target.open();
  await handle.migrate();
  return handle;
}
