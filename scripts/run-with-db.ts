import fs from "node:fs";
import { ConfigError } from "../app/server/config.server";
import type { DatabaseHandle } from "../app/server/db/client.server";
import { DataDirLockedError } from "../app/server/db/data-dir-lock.server";
import { closeDb, getDatabaseHandle } from "../app/server/db/db.server";

/** Runs a maintenance task on the configured database; known failures print one clear line. */
export async function runWithDatabase(task: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  // Config is parsed lazily, so loading .env here still applies.
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  try {
    const handle = await getDatabaseHandle();
    await handle.migrate();
    await task(handle);
  } catch (error) {
    console.error(error instanceof DataDirLockedError || error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  } finally {
    await closeDb().catch(() => {});
  }
}
