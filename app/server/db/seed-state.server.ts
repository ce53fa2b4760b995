import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "./client.server";
import { seedState } from "./schema";

/** Both sides lock this row first, so a seed pass and a content change never interleave unseen. */
const SEED_STATE_NAME = "built-in-content";
const CONTENT_CHANGED = "content changed since the last seed";

export async function noteContentChanged(tx: AppDatabase): Promise<void> {
  await tx
    .insert(seedState)
    .values({ name: SEED_STATE_NAME, version: CONTENT_CHANGED })
    .onConflictDoUpdate({ target: seedState.name, set: { version: CONTENT_CHANGED, appliedAt: sql`now()` } });
}

export async function lockSeedState(tx: AppDatabase): Promise<string | null> {
  await tx.insert(seedState).values({ name: SEED_STATE_NAME, version: CONTENT_CHANGED }).onConflictDoNothing();
  const [row] = await tx
    .select({ version: seedState.version })
    .from(seedState)
    .where(eq(seedState.name, SEED_STATE_NAME))
    .for("update");
  return row?.version ?? null;
}

export async function recordSeedVersion(tx: AppDatabase, version: string): Promise<void> {
  await tx.update(seedState).set({ version, appliedAt: sql`now()` }).where(eq(seedState.name, SEED_STATE_NAME));
}
