import { and, asc, eq } from "drizzle-orm";
import { leadFiltersFrom, leadFiltersToParams } from "~/lib/lead-workspace";
import type { AppDatabase } from "../db/client.server";
import { savedViews } from "../db/schema";

export const MAX_SAVED_VIEWS = 20;

const viewQuery = (search: string) =>
  leadFiltersToParams({ ...leadFiltersFrom(new URLSearchParams(search)), page: 1 }).toString();

export function listSavedViews(db: AppDatabase, userId: string) {
  return db
    .select({ id: savedViews.id, name: savedViews.name, query: savedViews.query, isDefault: savedViews.isDefault })
    .from(savedViews)
    .where(eq(savedViews.userId, userId))
    .orderBy(asc(savedViews.name));
}

export async function saveView(db: AppDatabase, userId: string, name: string, query: string): Promise<boolean> {
  const existing = await listSavedViews(db, userId);
  if (!existing.some((view) => view.name === name) && existing.length >= MAX_SAVED_VIEWS) return false;
  await db
    .insert(savedViews)
    .values({ userId, name, query: viewQuery(query) })
    .onConflictDoUpdate({ target: [savedViews.userId, savedViews.name], set: { query: viewQuery(query) } });
  return true;
}

export async function deleteView(db: AppDatabase, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  return gone.length > 0;
}

export async function setDefaultView(db: AppDatabase, userId: string, id: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(savedViews).set({ isDefault: false }).where(eq(savedViews.userId, userId));
    if (id === null) return true;
    const made = await tx
      .update(savedViews)
      .set({ isDefault: true })
      .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
      .returning({ id: savedViews.id });
    return made.length > 0;
  });
}
