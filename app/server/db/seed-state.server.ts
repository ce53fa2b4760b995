import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "./client.server";
import { seedState } from "./schema";

/**
 * `seed_state` row "built-in-content": the version of the built-in content the last full seed
 * pass applied, or CONTENT_CHANGED once staff changed live content after it. A start skips the
 * seed only when it holds the current version (review N12).
 *
 * Both sides take this row's lock first in their transaction, so a seed pass and a content
 * change never interleave unseen: the later one waits for the other to commit.
 */
const SEED_STATE_NAME = "built-in-content";
const CONTENT_CHANGED = "content changed since the last seed";

/** First statement of every transaction that changes live content: the next start seeds in full. */
export async function noteContentChanged(tx: AppDatabase): Promise<void> {
  await tx
    .insert(seedState)
    .values({ name: SEED_STATE_NAME, version: CONTENT_CHANGED })
    .onConflictDoUpdate({ target: seedState.name, set: { version: CONTENT_CHANGED, appliedAt: sql`now()` } });
}

/** The seed's side: locks the row (creating it if need be) and returns the version it holds. */
export async function lockSeedState(tx: AppDatabase): Promise<string | null> {
  await tx.insert(seedState).values({ name: SEED_STATE_NAME, version: CONTENT_CHANGED }).onConflictDoNothing();
  const [row] = await tx
    .select({ version: seedState.version })
    .from(seedState)
    .where(eq(seedState.name, SEED_STATE_NAME))
    .for("update");
  return row?.version ?? null;
}

/** After a full pass, in its transaction: the version it applied. */
export async function recordSeedVersion(tx: AppDatabase, version: string): Promise<void> {
  await tx.update(seedState).set({ version, appliedAt: sql`now()` }).where(eq(seedState.name, SEED_STATE_NAME));
}
