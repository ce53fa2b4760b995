import { desc, sql } from "drizzle-orm";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { isoDateIn } from "~/lib/dates";
import { publicPaths } from "~/lib/public-routes";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { pageViewDaily, pageViews, rateLimits } from "../db/schema";

/** Per client: an IPv4 address or an IPv6 /64. */
export const PAGE_VIEWS_PER_CLIENT_PER_MINUTE = 120;

export const OTHER_PATHS = "(other)";

let knownPaths: Set<string> | undefined;

function dailyPath(path: string): string {
  knownPaths ??= new Set([...publicPaths(), "/thank-you"]);
  return knownPaths.has(path) ? path : OTHER_PATHS;
}

export type PageViewInput = { path: string; title?: string | null; location: string; referrer?: string | null };

export async function recordPageView(
  db: AppDatabase,
  view: PageViewInput,
  options: { timeZone?: string; at?: Date } = {},
): Promise<void> {
  const at = options.at ?? new Date();
  const day = isoDateIn(options.timeZone ?? getConfig().SITE_TIME_ZONE, at);
  await db.transaction(async (tx) => {
    await tx.insert(pageViews).values({
      path: view.path,
      title: view.title ?? null,
      location: view.location,
      referrer: view.referrer ?? null,
      createdAt: at,
    });
    await tx
      .insert(pageViewDaily)
      .values({ day, path: dailyPath(view.path), views: 1 })
      .onConflictDoUpdate({
        target: [pageViewDaily.day, pageViewDaily.path],
        set: { views: sql`${pageViewDaily.views} + 1` },
      });
  });
}

export async function latestPageViews(db: AppDatabase, limit = 50) {
  return db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(limit);
}

export type PageViewLimits = {
  take(clientKey: string): Promise<boolean>;
};

/** Counted in the database so all instances share them; a used-up count is also held in memory so a flood costs no writes. */
export function createPageViewLimits(
  db: AppDatabase,
  options: { perMinute: number; perClientPerMinute?: number },
): PageViewLimits {
  const perClient = options.perClientPerMinute ?? PAGE_VIEWS_PER_CLIENT_PER_MINUTE;
  const store = { storeClient: db, schema: rateLimits, duration: 60 };
  const byClient = new RateLimiterDrizzle({
    ...store,
    keyPrefix: "page-view-client",
    points: perClient,
    inMemoryBlockOnConsumed: perClient,
  });
  const site = new RateLimiterDrizzle({
    ...store,
    keyPrefix: "page-view-site",
    points: options.perMinute,
    inMemoryBlockOnConsumed: options.perMinute,
  });
  const allowed = (attempt: Promise<unknown>) =>
    attempt.then(
      () => true,
      (reason: unknown) => {
        // A refusal is expected; a database error must surface.
        if (reason instanceof Error) throw reason;
        return false;
      },
    );
  return {
    async take(clientKey) {
      // The client's share first: a client over it does not use up the site's.
      return (await allowed(byClient.consume(clientKey))) && (await allowed(site.consume("all")));
    },
  };
}

let held: { db: AppDatabase; perMinute: number; limits: PageViewLimits } | undefined;

export function pageViewLimits(db: AppDatabase, perMinute: number): PageViewLimits {
  if (held?.db === db && held.perMinute === perMinute) return held.limits;
  const limits = createPageViewLimits(db, { perMinute });
  held = { db, perMinute, limits };
  return limits;
}
