import type { ContentKind } from "~/lib/content-schemas";
import { publishInvalidation } from "../cluster/cache-bus.server";
import { getHtmlCache } from "../html-cache.server";
import { log } from "../log.server";

/**
 * The one reaction to a committed content change: clears every instance's HTML cache (decision 0014).
 * Nothing else invalidates pages. Never rejects: the change is already committed.
 */
export async function contentChanged(kind: ContentKind, id: string): Promise<void> {
  const dropped = getHtmlCache().size;
  await publishInvalidation(kind, id);
  log.info({ kind, id, dropped }, "Content changed: cached pages cleared");
}
