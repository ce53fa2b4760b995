import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { errorFields, log } from "../log.server";
import { acquireDataDirLock } from "./data-dir-lock.server";
import * as schema from "./schema";

export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: AppDatabase;
  kind: "pglite" | "postgres";
  pool?: Pick<pg.Pool, "totalCount" | "idleCount" | "waitingCount">;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolMax?: number; migrationsFolder?: string }
  /** `loadDataDir`: a `dumpDataDir()` tarball to start from instead of running initdb (tests). */
  | { dataDir?: string; loadDataDir?: Blob; migrationsFolder?: string };

const defaultMigrationsFolder = () => path.resolve(process.cwd(), "drizzle");

const CONNECT_TIMEOUT_MS = 5_000;

// Any app instance may run migrations at start; an advisory lock makes the others wait.
const MIGRATION_LOCK_KEY = 7_202_511;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();

  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // Bounded waits while the server is down (decision 0015): the page answers 503 instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    pool.on("error", (error) => log.error(errorFields(error), "PostgreSQL pool error"));
    // The pool listens for errors only on idle connections: an unheard 'error' on a checked-out one
    // ends the process, so every connection gets its own listener.
    pool.on("connect", (client) => {
      client.on("error", (error) => log.warn(errorFields(error), "PostgreSQL connection lost"));
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as AppDatabase;
    return {
      db,
      kind: "postgres",
      pool,
      async migrate() {
        const client = new pg.Client({ connectionString: options.databaseUrl });
        await client.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          await client.end();
        }
      },
      async close() {
        await pool.end();
      },
    };
  }

  const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    // pg_trgm: the trigram indexes of the staff search.
    const pgliteOptions = { extensions: { pg_trgm }, loadDataDir: options.loadDataDir };
    client = dataDir ? new PGlite(path.join(dataDir, "pglite"), pgliteOptions) : new PGlite(pgliteOptions);
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as AppDatabase;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
