import type { AppDatabase } from "../db/client.server";
import type { SiteContentBlock } from "../db/schema";
import { getHtmlCache } from "../html-cache.server";
import { readContentBlock } from "../queries/site-content.server";

/**
 * The site banner's row, kept in memory beside the HTML cache: every public page shows it, and
 * reading it was one of the two database round trips of an uncached search page (issue 12).
 * It lives exactly as the cached pages do: dropped whenever the HTML cache is cleared (a
 * published change on any instance, through the cache bus), and kept at most `maxSeconds`
 * (HTML_CACHE_SECONDS; 0 = read every time). Staff previews never come from here.
 */
type Memo = { block: Promise<SiteContentBlock | null>; at: number };
type State = { memo: Memo | null };

const KEY = Symbol.for("solar-advisory.banner-memo");
type WithMemo = typeof globalThis & { [KEY]?: State };

function state(): State {
  const g = globalThis as WithMemo;
  if (!g[KEY]) {
    const created: State = { memo: null };
    g[KEY] = created;
    getHtmlCache().onClear(() => {
      created.memo = null;
    });
  }
  return g[KEY];
}

export function sharedBanner(db: AppDatabase, maxSeconds: number): Promise<SiteContentBlock | null> {
  if (maxSeconds <= 0) return readContentBlock(db, "site_banner");
  const current = state();
  if (current.memo && Date.now() - current.memo.at < maxSeconds * 1000) return current.memo.block;
  const memo: Memo = { block: readContentBlock(db, "site_banner"), at: Date.now() };
  current.memo = memo;
  // A failed read (the database down) is not kept: the next page asks again.
  memo.block.catch(() => {
    if (current.memo === memo) current.memo = null;
  });
  return memo.block;
}
