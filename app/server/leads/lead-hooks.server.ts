import { sql } from "drizzle-orm";
import { publishInvalidation } from "../cluster/cache-bus.server";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { leadBlocks, leadRotation, webhooks } from "../db/schema";
import { getHtmlCache } from "../html-cache.server";

/**
 * Whether a new lead has anything more to do in its transaction: someone to take it in turn, an
 * endpoint that wants "lead.created". Without either (most sites, most of the time) those two
 * statements cost a quarter of the submission path on PGlite (measured by the submission bench), so the answer is
 * kept like the public pages' shared content: dropped on every instance whenever the rotation or
 * the webhooks change (the cache bus) and kept at most HTML_CACHE_SECONDS.
 */
/** `blockedSenders`: the block list has a row, so each new lead is checked against it (decision 0034). */
export type LeadHooks = { rotation: boolean; leadCreatedWebhook: boolean; blockedSenders: boolean };

/** `at`: the generation it was read in (a clear makes a new one); `atMs`: when. */
type Memo = { value: Promise<LeadHooks>; at: number; atMs: number };
const memos = new WeakMap<AppDatabase, Memo>();
let listening = false;
let generation = 0;

async function read(db: AppDatabase): Promise<LeadHooks> {
  const result = await db.execute(sql`select
      exists (select 1 from ${leadRotation}) as "rotation",
      exists (select 1 from ${webhooks} where active and events @> '["lead.created"]'::jsonb) as "leadCreatedWebhook",
      exists (select 1 from ${leadBlocks}) as "blockedSenders"`);
  type Row = { rotation: boolean | string; leadCreatedWebhook: boolean | string; blockedSenders: boolean | string };
  const [row] = rowsOf<Row>(result);
  const yes = (value: boolean | string | undefined) => value === true || value === "t";
  return {
    rotation: yes(row?.rotation),
    leadCreatedWebhook: yes(row?.leadCreatedWebhook),
    blockedSenders: yes(row?.blockedSenders),
  };
}

export function leadHooks(db: AppDatabase): Promise<LeadHooks> {
  if (!listening) {
    listening = true;
    getHtmlCache().onClear(() => {
      generation++;
    });
  }
  const maxMs = getConfig().HTML_CACHE_SECONDS * 1000;
  const current = memos.get(db);
  if (current && current.at === generation && maxMs > 0 && Date.now() - current.atMs < maxMs) return current.value;
  const memo = { value: read(db), at: generation, atMs: Date.now() };
  memos.set(db, memo);
  memo.value.catch(() => {
    if (memos.get(db) === memo) memos.delete(db);
  });
  return memo.value;
}

/** After the rotation, the webhooks or the block list changed: every instance reads them again. */
export async function leadHooksChanged(): Promise<void> {
  generation++;
  await publishInvalidation("lead_hooks", "all");
}
