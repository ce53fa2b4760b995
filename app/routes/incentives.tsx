import { data, Link } from "react-router";
import { IncentiveCard } from "~/components/incentive-card";
import { withCardMarkup } from "~/components/incentive-card-markup.server";
import { JsonLd } from "~/components/json-ld";
import { Pagination, pageHref, requestedPage, showingText } from "~/components/pagination";
import { PreviewBar } from "~/components/preview-bar";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { SearchBox } from "~/components/ui/search-box";
import { useReplyPromise } from "~/components/use-reply-promise";
import { useShellData } from "~/components/use-shell-data";
import { BUYERS_GUIDE_PATH } from "~/content/buyers-guide";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { anchorAttributes, type PreviewBarData, recordAnchor } from "~/lib/content-preview";
import { toIncentiveCard } from "~/lib/incentive-card-data";
import { type IncentiveType, incentiveTypes } from "~/lib/incentive-filters";
import { attachedMarkup } from "~/lib/rendered-markup";
import { pageMeta } from "~/lib/seo";
import { incentiveListJsonLd } from "~/lib/structured-data";
import { withoutControlCharacters } from "~/lib/validation/common";
import { today } from "~/server/clock.server";
import { staffPreview, withPreviewBar } from "~/server/content/preview-access.server";
import { throwIfDatabaseUnavailable } from "~/server/db/availability.server";
import { errorFields, log } from "~/server/log.server";
import { readIncentivePage } from "~/server/queries/incentives.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/incentives";

export const headers = publicPageHeaders;

/** Paged so a search renders fast enough not to need the cache. */
export const INCENTIVES_PAGE_SIZE = 24;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Commercial Solar Incentives Directory",
    description:
      "Federal, state and utility solar incentives for businesses: tax credits, grants, exemptions and rebates, with sources and review dates. Filter by type or search.",
    path: "/incentives",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const typeParam = url.searchParams.get("type");
  const type = incentiveTypes.find((value) => value.toLowerCase() === typeParam?.toLowerCase());
  const q = withoutControlCharacters(url.searchParams.get("q") ?? "")
    .trim()
    .slice(0, 100);
  const requested = requestedPage(url);
  try {
    const db = await database(context);
    const staff = staffPreview(context);
    // Without ?page=, the previewed incentive's page is shown.
    const focusId = requested === null && staff?.preview.kind === "incentive" ? staff.preview.id : null;
    const { rows, ...paging } = await readIncentivePage(
      db,
      { type, search: q },
      { page: requested ?? 1, pageSize: INCENTIVES_PAGE_SIZE, focusId },
      { preview: staff?.preview },
    );
    const date = today();
    // Every search URL is new to the page cache, so cards are rendered once per distinct card.
    const cards = rows.map((row) => withCardMarkup(toIncentiveCard(row, date)));
    const page = { type: type ?? null, q, paging, incentives: cards };
    return withPreviewBar(page, staff);
  } catch (error) {
    log.error(errorFields(error), "Error loading incentives");
    // Database down: a 503 page, not an empty list that says there are no incentives.
    throwIfDatabaseUnavailable(error);
    return data(
      {
        type: type ?? null,
        q,
        paging: { page: 1, pageSize: INCENTIVES_PAGE_SIZE, total: 0 },
        incentives: [],
        preview: null as PreviewBarData | null,
      },
      { headers: DEGRADED_HEADERS },
    );
  }
}

const filters: { label: string; value: IncentiveType | null }[] = [
  { label: "All", value: null },
  ...incentiveTypes.map((value) => ({ label: value, value })),
];

export default function Incentives({ loaderData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const { type, q, paging, incentives, preview } = loaderData;
  const siteUrl = useShellData()?.siteUrl ?? "";
  const filtering = Boolean(type || q);
  const keepPreview = preview?.param;
  return (
    <>
      <PreviewBar preview={preview} />
      {/* Structured data on the canonical list only: other views name /incentives as canonical. */}
      {filtering || paging.page > 1 ? null : (
        <JsonLd data={incentiveListJsonLd(siteUrl, "Commercial solar incentives", incentives)} />
      )}
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Solar Incentives for Businesses</h1>
          <p className="mt-4 text-lg text-slate-200">
            Federal tax credits, state programs and utility rebates, each with its official source and the date we last
            reviewed it.
          </p>
          <LinkButton to="/incentives/states" size="lg" className="mt-8">
            Browse Incentives by State
          </LinkButton>
          <p className="mt-6 text-slate-200">
            New solar must be in service by December 31, 2027:{" "}
            <Link to={BUYERS_GUIDE_PATH} className="font-semibold text-white underline underline-offset-2">
              read the buyer's guide to the 2026–2027 rules
            </Link>
            .
          </p>
        </Container>
      </section>

      <Container className="py-10">
        <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <nav aria-label="Filter by type">
            <ul className="flex flex-wrap gap-2">
              {filters.map((filter) => {
                const active = filter.value === type;
                return (
                  <li key={filter.label}>
                    <Link
                      to={pageHref("/incentives", { type: filter.value, q, preview: keepPreview }, 1)}
                      aria-current={active ? "true" : undefined}
                      className="chip"
                    >
                      {filter.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <SearchBox
            id="incentive-search"
            label="Search incentives"
            placeholder="Search incentives..."
            defaultValue={q}
            maxLength={100}
            className="w-full md:w-96"
          >
            {type ? <input type="hidden" name="type" value={type} /> : null}
            {keepPreview ? <input type="hidden" name="preview" value={keepPreview} /> : null}
          </SearchBox>
        </div>

        <h2 className="sr-only">Incentives</h2>
        <p className="mt-6 text-sm text-slate-600" data-testid="incentive-count">
          {[showingText(paging, { one: "incentive", many: "incentives" }), type, q ? `matching “${q}”` : null]
            .filter(Boolean)
            .join(" · ")}
        </p>

        {incentives.length === 0 ? (
          <p className="mt-10 rounded-xl bg-slate-50 p-8 text-center text-lg text-slate-700">
            {filtering ? "No incentives found matching your criteria." : "No incentives available at this time."}
          </p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="incentive-grid">
            {incentives.map((incentive) => {
              const html = attachedMarkup(incentive);
              // The anchor and preview mark go on the item, so the card's markup stays shared.
              const item = anchorAttributes(recordAnchor("incentive", incentive), preview);
              return html === undefined ? (
                <li key={incentive.slug} {...item}>
                  <IncentiveCard incentive={incentive} />
                </li>
              ) : (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own escaped render of the card
                <li key={incentive.slug} {...item} dangerouslySetInnerHTML={{ __html: html }} />
              );
            })}
          </ul>
        )}
        <Pagination
          label="Incentive pages"
          {...paging}
          href={(page) => pageHref("/incentives", { type, q, preview: keepPreview }, page)}
        />
        <p className="mt-8 text-sm text-slate-600">
          Educational information only, not legal or tax advice. Programs change: confirm details with the administering
          agency and a tax professional.
        </p>
      </Container>

      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h2 className="text-3xl font-bold">Which of these apply to your business?</h2>
          <p className="mt-4 text-lg text-slate-200">
            {promise("Send us a recent bill: a custom quote with your incentives within 24 hours.")}
          </p>
          <LinkButton to="/submit-bill" size="lg" className="mt-8">
            Get My Custom Solar Quote
          </LinkButton>
        </Container>
      </section>
    </>
  );
}
