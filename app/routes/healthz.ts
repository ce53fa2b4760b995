/**
 * Liveness: the process is up and answering. Touches nothing (no database, no storage), so a
 * database outage never gets healthy instances restarted; whether to send this instance traffic
 * is `/readyz`'s question (decision 0014). Never cached.
 */
export function loader() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
