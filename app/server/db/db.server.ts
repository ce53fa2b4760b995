import { getConfig } from "../config.server";
import { getHtmlCache } from "../html-cache.server";
import { type AppDatabase, type DatabaseHandle, openDatabase } from "./client.server";

/** Opened lazily: a build that imports this module must not open the data folder. */
const holder: { handle?: Promise<DatabaseHandle> } = {};

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!holder.handle) {
    const config = getConfig();
    holder.handle = openDatabase(
      config.DATABASE_URL
        ? { databaseUrl: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX }
        : { dataDir: config.DATA_DIR },
    );
    holder.handle.catch(() => {
      holder.handle = undefined;
    });
  }
  return holder.handle;
}

export async function getDb(): Promise<AppDatabase> {
  return (await getDatabaseHandle()).db;
}

/** Tests only: the process database for code that has no request context (auth, workers, caches). */
export function useDatabaseForTests(handle: DatabaseHandle): void {
  holder.handle = Promise.resolve(handle);
  getHtmlCache().clear();
}

export async function closeDb(): Promise<void> {
  const pending = holder.handle;
  holder.handle = undefined;
  if (pending) await (await pending).close();
}
