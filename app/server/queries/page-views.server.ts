import { desc } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { pageViews } from "../db/schema";

export type PageViewInput = { path: string; title?: string | null; location: string; referrer?: string | null };

export async function recordPageView(db: AppDatabase, view: PageViewInput): Promise<void> {
  await db.insert(pageViews).values({
    path: view.path,
    title: view.title ?? null,
    location: view.location,
    referrer: view.referrer ?? null,
  });
}

export async function latestPageViews(db: AppDatabase, limit = 50) {
  return db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(limit);
}
