import { isNotNull } from "drizzle-orm";
import { SOLAR_DATA } from "~/content/solar-data";
import type { BusinessDetails } from "~/lib/business-details";
import { modelDataWithFigures } from "~/lib/solar-model/figures";
import type { ModelData } from "~/lib/solar-model/types";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { type Incentive, industries, type SiteContentBlock, solarData } from "../db/schema";
import { getHtmlCache } from "../html-cache.server";
import { errorFields, log } from "../log.server";
import { readIncentives } from "../queries/incentives.server";
import { readContentBlock } from "../queries/site-content.server";
import { readBusinessDetails } from "../settings/business-details-store.server";

/** Kept beside the HTML cache: dropped whenever it is cleared (on any instance) and kept at most `maxSeconds`. */
type Memo = { value: Promise<unknown>; at: number };
type State = Map<string, Memo>;

let memos: State | undefined;

function state(): State {
  if (!memos) {
    const created: State = new Map();
    memos = created;
    getHtmlCache().onClear(() => created.clear());
  }
  return memos;
}

function besideHtmlCache<T>(name: string, maxSeconds: number, read: () => Promise<T>): Promise<T> {
  if (maxSeconds <= 0) return read();
  const memos = state();
  const current = memos.get(name);
  if (current && Date.now() - current.at < maxSeconds * 1000) return current.value as Promise<T>;
  const memo: Memo = { value: read(), at: Date.now() };
  memos.set(name, memo);
  // A failed read (the database down) is not kept: the next page asks again.
  memo.value.catch(() => {
    if (memos.get(name) === memo) memos.delete(name);
  });
  return memo.value as Promise<T>;
}

export function sharedBanner(db: AppDatabase, maxSeconds: number): Promise<SiteContentBlock | null> {
  return besideHtmlCache("site_banner", maxSeconds, () => readContentBlock(db, "site_banner"));
}

export function sharedRetiredIndustries(db: AppDatabase, maxSeconds: number): Promise<string[]> {
  return besideHtmlCache("retired_industries", maxSeconds, async () =>
    (await db.select({ slug: industries.slug }).from(industries).where(isNotNull(industries.retiredAt)))
      .map((row) => row.slug)
      .sort(),
  );
}

/** Validated once per memo: checking the 106 rows took about 1 ms, more than the estimate itself. */
export function sharedModelFigures(db: AppDatabase, maxSeconds: number): Promise<ModelData> {
  // async: a Drizzle query is a thenable that runs again each time it is awaited; a memo needs a Promise.
  return besideHtmlCache("solar_data", maxSeconds, async () =>
    modelDataWithFigures(SOLAR_DATA, await db.select().from(solarData)),
  );
}

export function sharedStateIncentives(db: AppDatabase, state: string, maxSeconds: number): Promise<Incentive[]> {
  return besideHtmlCache(`incentives:${state}`, maxSeconds, () => readIncentives(db, { state }));
}

export async function retiredIndustriesOrNone(maxSeconds: number, forWhat: string): Promise<string[]> {
  try {
    return await sharedRetiredIndustries(await getDb(), maxSeconds);
  } catch (error) {
    log.error(errorFields(error), `Error loading retired industries for ${forWhat}`);
    return [];
  }
}

export function sharedBusinessDetails(db: AppDatabase, maxSeconds: number): Promise<BusinessDetails> {
  return besideHtmlCache("business_details", maxSeconds, () => readBusinessDetails(db));
}
