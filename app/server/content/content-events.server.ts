import type { ContentKind } from "~/lib/content-schemas";
import { publishInvalidation } from "../cluster/cache-bus.server";
import { getHtmlCache } from "../html-cache.server";
import { log } from "../log.server";

/**
 * The one place that reacts to a published content change (publish, restore, retire, unretire,
 * mark reviewed), called after the change has committed. It empties this process's HTML cache at
 * once and tells every other instance to do the same through the cache bus (PostgreSQL
 * LISTEN/NOTIFY, `app/server/cluster/cache-bus.server.ts`, decision 0014), so no visitor is served
 * a page that still shows the old text. Anything else that must happen on a change goes here, and
 * nowhere else: every content service calls this and nothing else invalidates pages. Never
 * rejects: the change is already committed.
 */
export async function contentChanged(kind: ContentKind, id: string): Promise<void> {
  const dropped = getHtmlCache().size;
  await publishInvalidation(kind, id);
  log.info({ kind, id, dropped }, "Content changed: cached pages cleared");
}
