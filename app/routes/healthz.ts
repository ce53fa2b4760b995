import { sql } from "drizzle-orm";
import { getDb } from "~/server/db/db.server";
import { errorFields, log } from "~/server/log.server";

/** Liveness and database reachability, for load balancers and start-up checks. */
export async function loader() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    log.error(errorFields(error), "Health check failed");
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
