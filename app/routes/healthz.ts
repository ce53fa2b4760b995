/**
 * Liveness only: touches no database or storage, so an outage never restarts healthy instances;
 * traffic is `/readyz`'s question (decision 0014).
 */
export function loader() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
