import { ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { withoutControlCharacters } from "~/lib/validation/common";

/** A LIKE pattern matching `text` literally anywhere (%, _ and \ in it are not wildcards). */
export function containsPattern(text: string): string {
  // A NUL cannot even be sent to PostgreSQL (it failed the whole page): control characters go.
  return `%${withoutControlCharacters(text).replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The ways a search is matched, in order; a list uses the first that finds anything:
 * 1. `full`: `websearch_to_tsquery('english', …)` against the vector (stemmed, so "rebates"
 *    finds "rebate"; "Texas" finds every Texas program through the state name), ranked by
 *    `ts_rank_cd`. A query of English stop words alone ("IN", "or") is read with the 'simple'
 *    configuration instead, which still finds a state code.
 * 2. `prefix`: a prefix of the last word, for a visitor still typing ("sol", "net met"): the words
 *    before it as in 1, the last as a 'simple' prefix (`quote_literal(word) || ':*'`, never parsed
 *    as tsquery syntax). Skipped for a last word of one character.
 * 3. `substring`: the spec's case-insensitive substring of the title or description (punctuation
 *    such as "100%", parts of words the parser splits); trigram indexes serve it.
 * `all` is no search at all. Each step is one indexed query; steps 2 and 3 run only for searches
 * the previous ones missed.
 */
export type SearchKind = "all" | "full" | "prefix" | "substring";

/** What the steps of a search read: its text, the words before the last, the last, the pattern. */
export type SearchValues<V = string> = { search: V; head: V; last: V; pattern: V };

/** Placeholders in place of the values, for a query prepared once per shape. */
export const SEARCH_PLACEHOLDERS: SearchValues<Placeholder> = {
  search: sql.placeholder("search"),
  head: sql.placeholder("head"),
  last: sql.placeholder("last"),
  pattern: sql.placeholder("pattern"),
};

/** The steps a search goes through (see `SearchKind`), and the values they read. */
export function searchPlan(search: string | undefined): { kinds: SearchKind[]; values: SearchValues } {
  const text = search?.trim() ?? "";
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const last = words.at(-1) ?? "";
  const values = { search: text, head: words.slice(0, -1).join(" "), last, pattern: containsPattern(text) };
  if (!text) return { kinds: ["all"], values };
  return { kinds: last.length > 1 ? ["full", "prefix", "substring"] : ["full", "substring"], values };
}

/** One step of a search: a condition, and the relevance to order by (null: none). */
export type SearchStep = { match: SQL; rank: SQL | null };

type Columns = { vector: SQL; title: PgColumn; text: PgColumn };

/** The SQL of one step over `columns`, reading `values` (literal text or placeholders). */
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

/** The steps of `search` over `columns`, with its values written into the SQL. */
export function searchSteps(columns: Columns, search: string | undefined): SearchStep[] {
  const { kinds, values } = searchPlan(search);
  return kinds.map((kind) => searchStep(kind, columns, values));
}
