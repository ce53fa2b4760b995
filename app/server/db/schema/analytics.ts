import { bigserial, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

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

/** `path` is a public page or "(other)", so the table cannot be grown by inventing paths. */
export const pageViewDaily = pgTable(
  "page_view_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
