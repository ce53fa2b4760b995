import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";

/** Liveness and database reachability, for load balancers and start-up checks. */
export async function loader() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check failed:", error);
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
