import { getConfig } from "../config.server";
import { getHtmlCache } from "../html-cache.server";
import { type AppDatabase, type DatabaseHandle, openDatabase } from "./client.server";

/**
 * The process-wide database, opened lazily on first use (never at module load: a build that
 * imports this module must not open the data folder).
 */
const holder: { handle?: Promise<DatabaseHandle> } = {};

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const h = holder;
  if (!h.handle) {
    const config = getConfig();
    h.handle = openDatabase(
      config.DATABASE_URL
        ? { databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
        : { dataDir: config.DATA_DIR },
    );
    h.handle.catch(() => {
      h.handle = undefined;
    });
  }
  return h.handle;
}

export async function getDb(): Promise<AppDatabase> {
  return (await getDatabaseHandle()).db;
}

/**
 * Lets tests run the app's server code against a database they opened themselves. What was
 * cached from the previous database (pages, and the content kept beside them) goes with it.
 */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  holder.handle = Promise.resolve(handle);
  getHtmlCache().clear();
}

export async function closeDb(): Promise<void> {
  const h = holder;
  const pending = h.handle;
  h.handle = undefined;
  if (pending) await (await pending).close();
}
