import { and, eq, isNull, sql } from "drizzle-orm";
import {
  CONTENT_BLOCKS,
  type ContentKind,
  type ContentSource,
  isContentBlockKey,
  solarDataTitle,
} from "~/lib/content-schemas";
import { isSpecificPage } from "~/lib/content-schemas/fields";
import type { AppDatabase } from "../db/client.server";
import { incentives, industries, policyUpdates, siteContent, solarData } from "../db/schema";
import { errorFields, log } from "../log.server";
import { KINDS } from "./records.server";

/**
 * Never run from the tests against the internet. HEAD first, GET when refused; bounded by `concurrency`,
 * `timeoutMs` and `deadlineMs`. A key term must appear in the page's text: landing pages answer 200 anyway.
 */
type LinkOutcome = "ok" | "failed" | "skipped";
/** No key term: any 2xx will do. */
export type LinkToCheck = { url: string; keyTerm?: string | null };

export type LinkResult = {
  url: string;
  keyTerm?: string;
  outcome: LinkOutcome;
  status: number | null;
  finalUrl: string | null;
  detail: string;
};

export type LinkCheckOptions = {
  concurrency?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  deadlineMs?: number;
  fetch?: typeof fetch;
};

export const LINK_CHECK_DEFAULTS = {
  concurrency: 8,
  timeoutMs: 10_000,
  maxRedirects: 5,
  deadlineMs: 5 * 60_000,
} as const;

export const HOME_PAGE_DETAIL = "a home page, not the page that proves the statement";
const USER_AGENT = "CommercialSolarAdvisors-LinkCheck/1.0 (+source link review)";
const RETRY_WITH_GET = new Set([403, 405, 501]);
const KEY_TERM_READ_BYTES = 4 * 1024 * 1024;

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "host not found";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code && /CERT|SSL|TLS|UNABLE_TO_VERIFY|SELF_SIGNED/i.test(code)) return `certificate problem (${code})`;
  const message = code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return message.slice(0, 200);
}

async function checkOne(
  { url, keyTerm }: LinkToCheck,
  { timeoutMs, maxRedirects, fetchImpl }: { timeoutMs: number; maxRedirects: number; fetchImpl: typeof fetch },
): Promise<LinkResult> {
  const result = await checkPage(url, keyTerm ?? null, { timeoutMs, maxRedirects, fetchImpl });
  return keyTerm ? { ...result, keyTerm } : result;
}

async function checkPage(
  url: string,
  keyTerm: string | null,
  { timeoutMs, maxRedirects, fetchImpl }: { timeoutMs: number; maxRedirects: number; fetchImpl: typeof fetch },
): Promise<LinkResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const failed = (detail: string, status: number | null = null, finalUrl: string | null = null): LinkResult => ({
    url,
    outcome: "failed",
    status,
    finalUrl,
    detail,
  });
  // A home page answers 200 and proves nothing: failed without asking it.
  if (!isSpecificPage(url)) {
    clearTimeout(timer);
    return failed(HOME_PAGE_DETAIL);
  }
  let current = url;
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      let target: URL;
      try {
        target = new URL(current);
      } catch {
        return failed("not a web address");
      }
      if (target.protocol !== "https:" && target.protocol !== "http:") return failed("not a web address");
      const request = (method: "HEAD" | "GET") =>
        fetchImpl(target, {
          method,
          redirect: "manual",
          signal: controller.signal,
          headers: { "user-agent": USER_AGENT, accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
        });
      let response = await request(keyTerm ? "GET" : "HEAD");
      if (RETRY_WITH_GET.has(response.status) && !keyTerm) {
        await discard(response);
        response = await request("GET");
      }
      const { status } = response;
      if (status >= 300 && status < 400 && status !== 304) {
        await discard(response);
        const location = response.headers.get("location");
        if (!location) return failed(`HTTP ${status} without a new address`, status, current);
        current = new URL(location, target).toString();
        continue;
      }
      if (status >= 200 && status < 300) {
        const after = hop === 0 ? "" : ` after ${hop} redirect${hop === 1 ? "" : "s"}`;
        const shown = keyTerm ? await showsTerm(response, keyTerm) : "unread";
        if (shown === "missing") return failed(`the page does not show "${keyTerm}"`, status, current);
        const note = shown === "not-text" ? ` (not a text page: "${keyTerm}" not looked for)` : "";
        return { url, outcome: "ok", status, finalUrl: current, detail: `HTTP ${status}${after}${note}` };
      }
      await discard(response);
      return failed(`HTTP ${status}`, status, current);
    }
    return failed(`more than ${maxRedirects} redirects`, null, current);
  } catch (error) {
    if (timedOut) return failed(`no answer within ${seconds(timeoutMs)}`, null, current);
    return failed(describeFailure(error), null, current);
  } finally {
    clearTimeout(timer);
  }
}

async function showsTerm(response: Response, term: string): Promise<"shown" | "missing" | "not-text" | "unread"> {
  const type = response.headers.get("content-type") ?? "";
  if (type && !/text\/|xml|json/i.test(type)) {
    await discard(response);
    return "not-text";
  }
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let read = 0; reader && read < KEY_TERM_READ_BYTES; ) {
    const chunk = await reader.read();
    if (chunk.done) break;
    read += chunk.value.byteLength;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader?.cancel().catch(() => {});
  return pageText(text).includes(pageText(term)) ? "shown" : "missing";
}

const ENTITIES: Record<string, string> = { amp: "&", nbsp: " ", sect: "§", quot: '"', apos: "'", lt: "<", gt: ">" };

function pageText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[\s\u00a0]+/g, " ")
    .toLowerCase()
    .trim();
}

const linkKey = (link: LinkToCheck) => `${link.url}\n${link.keyTerm ?? ""}`;

export async function checkLinks(
  links: readonly (string | LinkToCheck)[],
  options: LinkCheckOptions = {},
): Promise<LinkResult[]> {
  const concurrency = Math.max(1, Math.min(options.concurrency ?? LINK_CHECK_DEFAULTS.concurrency, 32));
  const timeoutMs = options.timeoutMs ?? LINK_CHECK_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? LINK_CHECK_DEFAULTS.maxRedirects;
  const deadline = Date.now() + (options.deadlineMs ?? LINK_CHECK_DEFAULTS.deadlineMs);
  const fetchImpl = options.fetch ?? fetch;
  const unique = [
    ...new Map(
      links.map((link) => (typeof link === "string" ? { url: link } : link)).map((link) => [linkKey(link), link]),
    ).values(),
  ];
  const results: LinkResult[] = new Array(unique.length);
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const index = next++;
      const link = unique[index] as LinkToCheck;
      results[index] =
        Date.now() >= deadline
          ? {
              url: link.url,
              outcome: "skipped",
              status: null,
              finalUrl: null,
              detail: "not checked: the run's time was up",
            }
          : await checkOne(link, { timeoutMs, maxRedirects, fetchImpl });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  return results;
}

export type SourceCheckSummary = {
  records: number;
  links: number;
  ok: number;
  failed: number;
  skipped: number;
  failures: {
    kind: ContentKind;
    id: string;
    title: string;
    link: string;
    detail: string;
  }[];
};

type CheckedRecord = {
  kind: ContentKind;
  id: string;
  title: string;
  link: string | null;
  links: LinkToCheck[];
};

/** The card link is also its first source: a source's key term wins. */
const linksOf = (...lists: (readonly (string | LinkToCheck | null | undefined)[])[]): LinkToCheck[] => {
  const byUrl = new Map<string, LinkToCheck>();
  for (const entry of lists.flat()) {
    const link = typeof entry === "string" ? { url: entry } : entry;
    if (!link?.url) continue;
    if (!byUrl.get(link.url)?.keyTerm) byUrl.set(link.url, link);
  }
  return [...byUrl.values()];
};

async function recordsToCheck(db: AppDatabase): Promise<CheckedRecord[]> {
  const [incentiveRows, policyRows, figureRows, blockRows, industryRows] = await Promise.all([
    db
      .select({
        id: incentives.id,
        title: incentives.title,
        link: incentives.link,
        sources: incentives.sources,
        terms: incentives.calculatorTerms,
      })
      .from(incentives)
      .where(isNull(incentives.retiredAt)),
    db
      .select({
        id: policyUpdates.id,
        title: policyUpdates.title,
        link: policyUpdates.link,
        sources: policyUpdates.sources,
      })
      .from(policyUpdates)
      .where(isNull(policyUpdates.retiredAt)),
    db.select({ id: solarData.key, link: solarData.link }).from(solarData),
    db.select({ id: siteContent.key, sources: siteContent.sources }).from(siteContent),
    db
      .select({
        id: industries.id,
        title: industries.title,
        sources: industries.sources,
      })
      .from(industries)
      .where(isNull(industries.retiredAt)),
  ]);
  const cited = (sources: readonly ContentSource[] | null) =>
    (sources ?? []).map((entry) => ({ url: entry.url, keyTerm: entry.keyTerm }));
  return [
    ...incentiveRows.map((row) => ({
      kind: "incentive" as const,
      id: row.id,
      title: row.title,
      link: row.link,
      links: linksOf(
        [row.link],
        cited(row.sources),
        (row.terms ?? []).map((terms) => terms.sourceUrl),
      ),
    })),
    ...policyRows.map((row) => ({
      kind: "policy_update" as const,
      id: row.id,
      title: row.title,
      link: row.link,
      links: linksOf([row.link], cited(row.sources)),
    })),
    ...figureRows.map((row) => ({
      kind: "solar_data" as const,
      id: row.id,
      title: solarDataTitle(row.id),
      link: row.link,
      links: linksOf([row.link]),
    })),
    ...blockRows.map((row) => ({
      kind: "site_content" as const,
      id: row.id,
      title: isContentBlockKey(row.id) ? CONTENT_BLOCKS[row.id].label : row.id,
      link: null,
      links: linksOf(cited(row.sources)),
    })),
    ...industryRows.map((row) => ({
      kind: "industry" as const,
      id: row.id,
      title: row.title,
      link: null,
      links: linksOf(cited(row.sources)),
    })),
  ].filter((record) => record.links.length > 0);
}

/**
 * Not a content change: no history entry, pages stay cached. A record saved while the check ran keeps no
 * result for the pages it had before.
 */
export async function checkAllSourceLinks(
  db: AppDatabase,
  options: LinkCheckOptions = {},
): Promise<SourceCheckSummary> {
  const startedAt = new Date();
  const records = await recordsToCheck(db);
  const results = await checkLinks(
    records.flatMap((record) => record.links),
    options,
  );
  const byLink = new Map(results.map((result) => [linkKey(result), result]));
  const summary: SourceCheckSummary = {
    records: records.length,
    links: results.length,
    ok: 0,
    failed: 0,
    skipped: 0,
    failures: [],
  };
  for (const record of records) {
    const outcomes = record.links.map((link) => byLink.get(linkKey(link)) as LinkResult);
    const failed = outcomes.filter((result) => result.outcome === "failed");
    if (!failed.length && outcomes.some((result) => result.outcome === "skipped")) {
      summary.skipped++;
      continue;
    }
    summary[failed.length ? "failed" : "ok"]++;
    for (const failure of failed) {
      summary.failures.push({
        kind: record.kind,
        id: record.id,
        title: record.title,
        link: failure.url,
        detail: failure.detail,
      });
    }
    const first = failed[0];
    const linkResult = outcomes.find((result) => result.url === record.link);
    const detail = first
      ? first.url === record.link
        ? first.detail
        : `${first.detail}: ${first.url}`
      : (linkResult?.detail ?? `${outcomes.length} pages answered`);
    const checked = {
      sourceCheckStatus: first ? "failed" : "ok",
      sourceCheckedAt: sql`now()`,
      sourceCheckDetail: detail.slice(0, 500),
    };
    const meta = KINDS[record.kind];
    if (!meta.sourceChecked) continue;
    try {
      await db
        .update(meta.table)
        .set(checked as never)
        // To the millisecond, as `startedAt` is: a row saved in the check's first millisecond counts as before it.
        .where(
          and(
            eq(meta.idColumn, record.id),
            sql`date_trunc('milliseconds', updated_at) <= ${startedAt.toISOString()}::timestamptz`,
          ),
        );
    } catch (error) {
      log.error({ ...errorFields(error), kind: record.kind, id: record.id }, "Could not store a source link check");
    }
  }
  log.info(
    {
      records: summary.records,
      links: summary.links,
      ok: summary.ok,
      failed: summary.failed,
      skipped: summary.skipped,
    },
    "Source links checked",
  );
  return summary;
}
