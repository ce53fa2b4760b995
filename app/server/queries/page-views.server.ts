import { desc, sql } from "drizzle-orm";
import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { isoDateIn } from "~/lib/dates";
import { publicPaths } from "~/lib/public-routes";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { pageViewDaily, pageViews, rateLimits } from "../db/schema";

/** Beacons one client (IPv4 address, IPv6 /64) may have stored per minute. */
export const PAGE_VIEWS_PER_CLIENT_PER_MINUTE = 120;

/** The bucket of `page_view_daily` for every path that is not one of the site's pages. */
export const OTHER_PATHS = "(other)";

let knownPaths: Set<string> | undefined;

/** The path a view is counted under per day: a page of the site, or "(other)". */
function dailyPath(path: string): string {
  knownPaths ??= new Set([...publicPaths(), "/thank-you"]);
  return knownPaths.has(path) ? path : OTHER_PATHS;
}

export type PageViewInput = { path: string; title?: string | null; location: string; referrer?: string | null };

/**
 * Stores one view (as given: the beacon route bounds it first, `pageViewToStore`) and counts it
 * in its day's total (the day in `timeZone`, default SITE_TIME_ZONE), in one transaction: the raw
 * row goes after PAGE_VIEW_RETENTION_DAYS, the total stays.
 */
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
  /** Counts one view of this client; false when it must be dropped (client or site over its rate). */
  take(clientKey: string): Promise<boolean>;
};

/**
 * The beacon's two brakes, counted in the database (rate-limiter-flexible's Drizzle store, as
 * for failed sign-ins) so every instance on one PostgreSQL shares them: per client, and for the
 * whole site per minute. Once a count is used up it is also held in memory until its minute
 * ends, so a flood costs no database write per beacon.
 */
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
        // A refusal (points used up) is expected; a database error is not and must surface.
        if (reason instanceof Error) throw reason;
        return false;
      },
    );
  return {
    async take(clientKey) {
      // The client's own share first: a client over it does not use up the site's.
      return (await allowed(byClient.consume(clientKey))) && (await allowed(site.consume("all")));
    },
  };
}

let held: { db: AppDatabase; perMinute: number; limits: PageViewLimits } | undefined;

/** This process's limits for `db` (created on first use). */
export function pageViewLimits(db: AppDatabase, perMinute: number): PageViewLimits {
  if (held?.db === db && held.perMinute === perMinute) return held.limits;
  const limits = createPageViewLimits(db, { perMinute });
  held = { db, perMinute, limits };
  return limits;
}
