import { data, Form, Link } from "react-router";
import { ApplyFiltersButton, LabelledFilter } from "~/components/filter-fields";
import { Pagination, pageHref, requestedPage, showingText } from "~/components/pagination";
import { PreviewBar } from "~/components/preview-bar";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { useReplyPromise } from "~/components/use-reply-promise";
import { resolveTextBlock } from "~/content/content-blocks";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { anchorAttributes, type PreviewBarData, recordAnchor } from "~/lib/content-preview";
import { endDateLabel, policyStatus } from "~/lib/content-status";
import { formatLongDate } from "~/lib/dates";
import { policyLevelFilters, policyStatuses } from "~/lib/incentive-filters";
import { pageMeta } from "~/lib/seo";
import { sourcesAnchor, sourcesPageHref } from "~/lib/sources-anchors";
import { withoutControlCharacters } from "~/lib/validation/common";
import { today } from "~/server/clock.server";
import { staffPreview, withPreviewBar } from "~/server/content/preview-access.server";
import { throwIfDatabaseUnavailable } from "~/server/db/availability.server";
import { errorFields, log } from "~/server/log.server";
import { readPolicyUpdatePage } from "~/server/queries/incentives.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/policy-watch";

export const headers = publicPageHeaders;

/** Paged so filtered views render fast without the cache. */
export const POLICY_UPDATES_PAGE_SIZE = 20;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Solar Incentive Policy Watch",
    description:
      "Dated updates on federal and state solar policy: deadlines, credits at risk, programs confirmed, extended or expired.",
    path: "/policy-watch",
  });
}

const statusTones: Record<string, BadgeTone> = {
  "At Risk": "red",
  Confirmed: "green",
  Extended: "blue",
  Expired: "grey",
};
const levelTones: Record<string, BadgeTone> = { Federal: "purple", State: "yellow", Local: "indigo" };

const filters = [
  { id: "policy-status", name: "status", label: "Status", all: "All statuses", values: policyStatuses },
  { id: "policy-level", name: "level", label: "Level", all: "All levels", values: policyLevelFilters },
] as const;

/** Combined with AND (spec section 5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = policyStatuses.find((value) => value === url.searchParams.get("status"));
  const level = policyLevelFilters.find((value) => value === url.searchParams.get("level"));
  const q = withoutControlCharacters(url.searchParams.get("q") ?? "")
    .trim()
    .slice(0, 100);
  const filters = { status: status ?? null, level: level ?? null, q };
  const requested = requestedPage(url);
  const date = today();
  const db = await database(context).catch((error: unknown) => {
    log.error(errorFields(error), "Error loading policy updates");
    return null;
  });
  const staff = db ? staffPreview(context) : null;
  const draft = staff?.preview;
  const block = (key: "policy_watch_alert" | "policy_watch_cta") =>
    db
      ? readContentBlock(db, key, { preview: draft }).catch((error: unknown) => {
          log.error(errorFields(error), `Error loading site content ${key}`);
          return null;
        })
      : null;
  const [alertBlock, ctaBlock] = await Promise.all([block("policy_watch_alert"), block("policy_watch_cta")]);
  const texts = {
    alert: resolveTextBlock("policy_watch_alert", alertBlock),
    cta: resolveTextBlock("policy_watch_cta", ctaBlock),
  };
  try {
    if (!db) throw new Error("The database could not be opened");
    // Without ?page=, the previewed update's page is shown.
    const focusId = requested === null && draft?.kind === "policy_update" ? draft.id : null;
    const { rows, ...paging } = await readPolicyUpdatePage(
      db,
      { status, level, search: q, today: date },
      { page: requested ?? 1, pageSize: POLICY_UPDATES_PAGE_SIZE, focusId },
      { preview: draft },
    );
    const updates = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      status: policyStatus(row, date),
      level: row.level,
      datePublished: row.datePublished,
      link: row.link,
      endLabel: endDateLabel(row.expiresOn, date, row.endKind),
      lastReviewedAt: row.lastReviewedAt,
    }));
    const page = { ...filters, ...texts, failed: false, paging, updates };
    return withPreviewBar(page, staff);
  } catch (error) {
    log.error(errorFields(error), "Error loading policy updates");
    // Database down: a 503 page, not a 200 that lists nothing.
    throwIfDatabaseUnavailable(error);
    return data(
      {
        ...filters,
        ...texts,
        failed: true,
        paging: { page: 1, pageSize: POLICY_UPDATES_PAGE_SIZE, total: 0 },
        updates: [],
        preview: null as PreviewBarData | null,
      },
      { headers: DEGRADED_HEADERS },
    );
  }
}

export default function PolicyWatch({ loaderData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const { status, level, q, failed, paging, updates, alert, cta, preview } = loaderData;
  return (
    <>
      <PreviewBar preview={preview} />
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Solar Incentive Policy Watch</h1>
          <p className="mt-4 text-lg text-slate-200">
            What changed, when, and what it means for your project: dated updates on federal and state solar policy.
          </p>
        </Container>
      </section>
      <section
        aria-label="Alert"
        className="bg-red-700 text-white"
        {...anchorAttributes(recordAnchor("site_content", { key: "policy_watch_alert" }), preview)}
      >
        <Container className="flex flex-wrap items-center justify-center gap-3 py-3 text-center">
          <CssIcon name="triangle-alert" className="size-5" />
          <p className="font-semibold">{alert.content}</p>
          <Link
            to={alert.ctaLink}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            {alert.ctaLabel}
          </Link>
        </Container>
      </section>
      <Container width="wide" className="py-10">
        <Form method="get" role="search" className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-4">
          {preview ? <input type="hidden" name="preview" value={preview.param} /> : null}
          <div className="sm:col-span-2">
            <label htmlFor="policy-search" className="block font-medium text-navy-900">
              Search
            </label>
            <input
              id="policy-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder="Search policy updates..."
              maxLength={100}
              className="mt-1 min-h-11 w-full rounded-lg border border-slate-400 px-3"
            />
          </div>
          {filters.map((filter) => (
            <LabelledFilter key={filter.name} {...filter} defaultValue={loaderData[filter.name] ?? ""} />
          ))}
          <div className="sm:col-span-4">
            <ApplyFiltersButton />
          </div>
        </Form>

        {failed ? (
          <div role="alert" className="mt-8 rounded-xl border border-red-300 bg-red-50 p-6 text-red-900">
            <p className="font-semibold">Error loading policy updates</p>
            <p>Please try again later</p>
          </div>
        ) : updates.length === 0 ? (
          <p className="mt-8 rounded-xl bg-slate-50 p-8 text-center text-lg text-slate-700">
            No policy updates found matching your criteria.
          </p>
        ) : (
          <p className="mt-8 text-sm text-slate-600" data-testid="policy-count">
            {showingText(paging, { one: "policy update", many: "policy updates" })}
          </p>
        )}
        {failed || updates.length === 0 ? null : (
          <ol className="mt-4 space-y-5" data-testid="policy-updates">
            {updates.map((update) => (
              <li key={update.id} {...anchorAttributes(recordAnchor("policy_update", update), preview)}>
                {/* Classes from app/app.css (.policy-update …): a page lists up to 20. */}
                <Card className="policy-update">
                  <div className="tags">
                    <Badge tone={statusTones[update.status] ?? "neutral"}>{update.status}</Badge>
                    <Badge tone={levelTones[update.level] ?? "neutral"}>{update.level}</Badge>
                    <time dateTime={update.datePublished}>{formatLongDate(update.datePublished)}</time>
                  </div>
                  <h2>{update.title}</h2>
                  {update.endLabel ? <p className="end">{update.endLabel}</p> : null}
                  <p className="summary">{update.summary}</p>
                  <p className="reviewed">Last reviewed {formatLongDate(update.lastReviewedAt)}</p>
                  {update.link ? (
                    <a href={update.link} target="_blank" rel="noopener noreferrer" className="source">
                      Source
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : null}{" "}
                  <a href={sourcesPageHref(sourcesAnchor.policyUpdate(update.slug))} className="all-sources">
                    All sources<span className="sr-only"> for {update.title}</span>
                  </a>
                </Card>
              </li>
            ))}
          </ol>
        )}
        <Pagination
          label="Policy update pages"
          {...paging}
          href={(page) => pageHref("/policy-watch", { q, status, level, preview: preview?.param }, page)}
        />
      </Container>
      <section
        className="bg-navy-900 py-14 text-white"
        {...anchorAttributes(recordAnchor("site_content", { key: "policy_watch_cta" }), preview)}
      >
        <Container width="reading" className="text-center">
          <h2 className="text-3xl font-bold">{cta.title}</h2>
          <p className="mt-4 text-lg text-slate-200">{promise(cta.content)}</p>
          <LinkButton to={cta.ctaLink} size="lg" className="mt-8">
            {cta.ctaLabel}
          </LinkButton>
        </Container>
      </section>
    </>
  );
}
