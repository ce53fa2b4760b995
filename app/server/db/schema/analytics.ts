import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Page views: the raw rows (purged after a while) and the daily counts kept for good. */

export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    title: text("title"),
    location: text("location").notNull(),
    referrer: text("referrer"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("page_views_created_at_idx").on(t.createdAt)],
);

/**
 * Page views per day (in SITE_TIME_ZONE) and page, counted as each view is stored. Kept for good
 * while raw `page_views` rows are purged after PAGE_VIEW_RETENTION_DAYS. `path` is one of the
 * site's public pages, or "(other)" for anything else (not-found paths, views from before the
 * table existed), so the table cannot be grown by inventing paths.
 */
export const pageViewDaily = pgTable(
  "page_view_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
