import { ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { withoutControlCharacters } from "~/lib/validation/common";

export function containsPattern(text: string): string {
  // PostgreSQL rejects a NUL outright, failing the whole page.
  return `%${withoutControlCharacters(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * A list uses the first step that finds anything: `full` (stemmed websearch, 'simple' when only stop words),
 * `prefix` (the last word as typed so far), `substring` (the spec's ILIKE, trigram-indexed). `all`: no search.
 */
export type SearchKind = "all" | "full" | "prefix" | "substring";

export type SearchValues<V = string> = { search: V; head: V; last: V; pattern: V };

export const SEARCH_PLACEHOLDERS: SearchValues<Placeholder> = {
  search: sql.placeholder("search"),
  head: sql.placeholder("head"),
  last: sql.placeholder("last"),
  pattern: sql.placeholder("pattern"),
};

export function searchPlan(search: string | undefined): { kinds: SearchKind[]; values: SearchValues } {
  const text = search?.trim() ?? "";
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = words.at(-1) ?? "";
  const values = { search: text, head: words.slice(0, -1).join(" "), last, pattern: containsPattern(text) };
  if (!text) return { kinds: ["all"], values };
  return { kinds: last.length > 1 ? ["full", "prefix", "substring"] : ["full", "substring"], values };
}

export type SearchStep = { match: SQL; rank: SQL | null };

type Columns = { vector: SQL; title: PgColumn; text: PgColumn };

export function searchStep(
  kind: SearchKind,
  { vector, title, text }: Columns,
  values: SearchValues<string | Placeholder>,
): SearchStep {
  switch (kind) {
    case "all":
      return { match: sql`true`, rank: null };
    case "full": {
      const english = sql`websearch_to_tsquery('english', ${values.search})`;
      const full = sql`(case when numnode(${english}) > 0 then ${english} else websearch_to_tsquery('simple', ${values.search}) end)`;
      return { match: sql`${vector} @@ ${full}`, rank: sql`ts_rank_cd(${vector}, ${full})` };
    }
    case "prefix": {
      const head = sql`websearch_to_tsquery('english', ${values.head})`;
      const prefix = sql`(${head} && to_tsquery('simple', quote_literal(${values.last}) || ':*'))`;
      return { match: sql`${vector} @@ ${prefix}`, rank: sql`ts_rank_cd(${vector}, ${prefix})` };
    }
    case "substring":
      return { match: or(ilike(title, values.pattern), ilike(text, values.pattern)) as SQL, rank: null };
  }
}

export function searchSteps(columns: Columns, search: string | undefined): SearchStep[] {
  const { kinds, values } = searchPlan(search);
  return kinds.map((kind) => searchStep(kind, columns, values));
}
