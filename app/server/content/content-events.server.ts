import type { ContentKind } from "~/lib/content-schemas";
import { getHtmlCache } from "../html-cache.server";
import { log } from "../log.server";

/**
 * The one place that reacts to a published content change (publish, restore, retire, unretire,
 * mark reviewed), called after the change has committed. Today it empties this process's HTML
 * cache, so no visitor is served a page that still shows the old text. Anything that must also
 * happen (telling the other instances, e.g. through PostgreSQL LISTEN/NOTIFY) goes here, and
 * nowhere else: every content service calls this and nothing else invalidates pages.
 */
export async function contentChanged(kind: ContentKind, id: string): Promise<void> {
  const cache = getHtmlCache();
  const dropped = cache.size;
  cache.clear();
  log.info({ kind, id, dropped }, "Content changed: cached pages cleared");
}
