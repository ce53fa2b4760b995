import { gte, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { pageViewDaily } from "../db/schema";

/** Every staff role may see this: no lead data (that is `dashboardFigures`, admins only). */
export async function pageViewsByDay(db: AppDatabase, timeZone: string, days = 30) {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const calendar: string[] = [];
  for (let i = days - 1; i >= 0; i--) calendar.push(format.format(new Date(Date.now() - i * 86_400_000)));
  const rows = await db
    .select({ day: pageViewDaily.day, count: sql<string>`sum(${pageViewDaily.views})` })
    .from(pageViewDaily)
    .where(gte(pageViewDaily.day, calendar[0] ?? "0000-01-01"))
    .groupBy(pageViewDaily.day);
  return calendar.map((day) => ({ day, count: Number(rows.find((row) => row.day === day)?.count ?? 0) }));
}
