import { sql } from "drizzle-orm";
import { publishInvalidation } from "../cluster/cache-bus.server";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { rowsOf } from "../db/rows.server";
import { leadBlocks, leadRotation, webhooks } from "../db/schema";
import { getHtmlCache } from "../html-cache.server";

/**
 * Memoised: without rotation or webhooks these checks cost a quarter of the submission path on PGlite.
 * Cleared on every instance when they change (cache bus), kept at most HTML_CACHE_SECONDS.
 */
export type LeadHooks = { rotation: boolean; leadCreatedWebhook: boolean; blockedSenders: boolean };

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

export async function leadHooksChanged(): Promise<void> {
  generation++;
  await publishInvalidation("lead_hooks", "all");
}
