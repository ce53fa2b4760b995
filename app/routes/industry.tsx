import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Definition } from "~/components/definition";
import { IndustryIcon } from "~/components/industry-icon";
import { IconCards, IndustryAssessment, IndustryClosing } from "~/components/industry-sections";
import { JsonLd } from "~/components/json-ld";
import { NotFoundContent } from "~/components/not-found-content";
import { PageSection } from "~/components/page-section";
import { PreviewBar } from "~/components/preview-bar";
import { ServiceUnavailableContent } from "~/components/service-unavailable-content";
import { SplitHero } from "~/components/split-hero";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { useReplyPromise } from "~/components/use-reply-promise";
import { useShellData } from "~/components/use-shell-data";
import { findIndustry } from "~/content/industries";
import { industryPages } from "~/content/industry-pages";
import { publicPageHeaders } from "~/lib/cache-headers";
import { SERVICE_UNAVAILABLE_TITLE } from "~/lib/database-down-texts";
import { formatLongDate } from "~/lib/dates";
import { industryRow, industryView } from "~/lib/industry-page";
import { pageMeta } from "~/lib/seo";
import { sourcesAnchor, sourcesPageHref } from "~/lib/sources-anchors";
import { industryJsonLd } from "~/lib/structured-data";
import { today } from "~/server/clock.server";
import { PREVIEW_HEADERS, type StaffPreview, staffPreview } from "~/server/content/preview-access.server";
import { throwIfDatabaseUnavailable } from "~/server/db/availability.server";
import { consultationAction, guideAction } from "~/server/leads/lead-actions.server";
import { errorFields, log } from "~/server/log.server";
import { type IndustryRead, readIndustryPage } from "~/server/queries/industries.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/industry";

export const headers = publicPageHeaders;

function industryOf(request: Request) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const industry = findIndustry(slug);
  if (!industry) throw data(null, { status: 404 });
  return industry;
}

export const INDUSTRY_LOAD_ERROR = "Error loading industry data";

/**
 * Without an `industries` row, the built-in content the seed writes. A failed read is the spec's
 * error screen (500), logged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const industry = industryOf(request);
  let found: IndustryRead;
  let staff: StaffPreview | null = null;
  try {
    const db = await database(context);
    staff = staffPreview(context);
    found = await readIndustryPage(db, industry.slug, { preview: staff?.preview });
  } catch (error) {
    log.error(errorFields(error), `${INDUSTRY_LOAD_ERROR} (${industry.slug})`);
    // Database down: 503 with Retry-After (decision 0015); any other failed read is the spec's 500.
    throwIfDatabaseUnavailable(error);
    throw data({ message: INDUSTRY_LOAD_ERROR }, { status: 500 });
  }
  // A retired page is gone (its row stays for the editor); built-in content is only for a page with no row.
  if (found.state === "retired") throw data(null, { status: 404 });
  const builtIn = industryPages[industry.slug];
  const source = found.state === "live" ? found.row : builtIn ? { ...industryRow(builtIn, today()) } : null;
  if (!source) throw data(null, { status: 404 });
  const page = {
    label: industry.label,
    view: industryView(source, industry.label),
    reviewedOn: source.lastReviewedAt ?? null,
    sourcesHref: sourcesPageHref(sourcesAnchor.industry(industry.slug)),
    preview: staff?.bar ?? null,
  };
  return staff ? data(page, { headers: PREVIEW_HEADERS }) : page;
}

/** Told apart by `?intent=`. */
export function action({ request, context }: Route.ActionArgs) {
  const industry = industryOf(request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "guide") return guideAction(request, context);
  return consultationAction(request, context, { kind: "industry", returnTo: industry.path });
}

export function meta(args: Route.MetaArgs) {
  const view = args.loaderData?.view;
  if (isRouteErrorResponse(args.error) && args.error.status === 503) {
    return [{ title: `${SERVICE_UNAVAILABLE_TITLE} | Commercial Solar Advisors` }];
  }
  if (!view) return [{ title: `${INDUSTRY_LOAD_ERROR} | Commercial Solar Advisors` }];
  return pageMeta(args, {
    title: view.title,
    description: view.metaDescription,
    path: `/${view.slug}`,
    // Made by `npm run images:og`: social sites do not show SVG.
    image: `/images/og/${view.slug}.png`,
  });
}

/** Spec section 2: the calls to action differ by page. */
const ASSESSMENT_HERO = new Set(["winery", "wedding-venues"]);
const FREE_ESTIMATE = new Set(["medical-offices", "department-stores", "movie-theaters"]);

export default function IndustryPage({ loaderData, actionData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const { view, label, preview, reviewedOn, sourcesHref } = loaderData;
  const siteUrl = useShellData()?.siteUrl ?? "";
  const estimateTo = view.slug === "wedding-venues" ? "/submit-bill" : "/solar-calculator";
  const path = `/${view.slug}`;
  return (
    <>
      <PreviewBar preview={preview} />
      <JsonLd data={industryJsonLd(siteUrl, view, label)} />
      <SplitHero
        headingId="industry-title"
        image={{ src: view.heroImage, alt: view.heroImageAlt, width: 640, height: 400 }}
        className="py-10 sm:py-14"
      >
        <p className="font-semibold uppercase tracking-wide text-sun-400">{label}</p>
        <h1 id="industry-title" className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
          {view.title}
        </h1>
        <p className="mt-4 text-lg text-slate-200" data-testid="industry-subtitle">
          {view.subtitle}
        </p>
        <div className="mt-8 flex flex-wrap gap-4">
          {ASSESSMENT_HERO.has(view.slug) ? (
            <a
              href="#assessment"
              className="inline-flex min-h-11 items-center rounded-lg bg-sun-400 px-6 py-3 text-lg font-semibold text-navy-950 hover:bg-sun-300"
            >
              Get My Free Assessment
            </a>
          ) : (
            <LinkButton to="/submit-bill" size="lg">
              Get My Custom Solar Quote
            </LinkButton>
          )}
          <LinkButton to={estimateTo} size="lg" variant="onDark">
            Estimate Your Savings
          </LinkButton>
          {ASSESSMENT_HERO.has(view.slug) ? null : (
            <a
              href="#assessment"
              className="inline-flex min-h-11 items-center font-semibold text-white underline underline-offset-4 lg:hidden"
            >
              Get your free assessment
            </a>
          )}
        </div>
      </SplitHero>

      {/* Beside the page from 1024 px, before the long sections on a phone. */}
      <Container className="grid gap-x-10 gap-y-14 py-12 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <PageSection
          headingId="intro-heading"
          title={`Why solar fits ${label.toLowerCase()}`}
          className="lg:col-span-2"
        >
          <p className="mt-3 text-lg text-slate-700">{view.intro}</p>
        </PageSection>
        <IndustryAssessment path={path} actionData={actionData} />
        <div className="space-y-14 lg:col-span-2">
          <PageSection headingId="benefits-heading" title="Benefits">
            <IconCards items={view.benefits} testId="industry-benefits" iconClassName="size-7 text-sun-700" />
          </PageSection>

          <PageSection headingId="incentives-heading" title="Incentives that can apply">
            <ul className="mt-5 space-y-4" data-testid="industry-incentives">
              {view.incentives.map((item) => (
                <li key={item.title} className="flex gap-3">
                  <CssIcon name="circle-check" className="mt-1 size-5 shrink-0 text-green-700" />
                  <div>
                    <h3 className="font-semibold text-navy-900">{item.title}</h3>
                    <p className="text-slate-700">{item.description}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-600">
              Educational information, not tax advice. See{" "}
              <Link to="/incentives/states" className="underline underline-offset-4">
                your state&apos;s programs
              </Link>{" "}
              and confirm eligibility with the program and a tax professional.
            </p>
          </PageSection>

          <PageSection headingId="uses-heading" title={`Where solar works for ${label.toLowerCase()}`}>
            <IconCards items={view.useCases} testId="industry-use-cases" iconClassName="size-7 text-navy-800" />
          </PageSection>

          <PageSection
            headingId="story-heading"
            title={view.storyTitle}
            headingClassName="text-2xl font-bold"
            className="rounded-2xl bg-navy-900 p-6 text-white sm:p-8"
          >
            <p className="mt-3 text-slate-200">{view.storyText}</p>
            <ul className="mt-5 grid gap-3 sm:grid-cols-3" data-testid="industry-metrics">
              {view.storyMetrics.map((metric) => (
                <li key={metric.text} className="flex gap-2 rounded-lg bg-navy-800 p-3">
                  <IndustryIcon name={metric.icon} className="mt-0.5 size-5 shrink-0 text-sun-400" />
                  <span>{metric.text}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-300">
              An illustrative example worked out by our savings calculator from state averages, not a customer review.
              Your numbers depend on your bill, roof, tariff and timing.
            </p>
          </PageSection>

          {view.faq.length ? (
            <PageSection headingId="faq-heading" title={`Questions ${label.toLowerCase()} owners ask`}>
              <dl className="mt-5 space-y-5" data-testid="industry-faq">
                {view.faq.map((item) => (
                  <Definition key={item.question} term={item.question} details={item.answer} />
                ))}
              </dl>
            </PageSection>
          ) : null}
          <p className="text-sm text-slate-600" data-testid="industry-reviewed">
            {reviewedOn ? `Last reviewed ${formatLongDate(reviewedOn)}. ` : null}
            <a href={sourcesHref} className="inline-flex min-h-11 items-center text-navy-800 underline">
              Sources for this page
            </a>
          </p>
        </div>
      </Container>

      <IndustryClosing ctaText={promise(view.ctaText)} freeEstimate={FREE_ESTIMATE.has(view.slug)} />
      <p className="py-6 text-center">
        <Link to="/" className="inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline">
          <CssIcon name="arrow-left" className="size-4" />
          Back to Home
        </Link>
      </p>
    </>
  );
}

/** Spec section 8: "Error loading industry data" with a Return Home button. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailableContent />;
  return (
    <Container className="py-20 text-center">
      <h1 className="text-3xl font-bold text-navy-900">{INDUSTRY_LOAD_ERROR}</h1>
      <p className="mt-4 text-lg text-slate-700">Please try again in a moment.</p>
      <p className="mt-8">
        <LinkButton to="/" size="lg">
          Return Home
        </LinkButton>
      </p>
    </Container>
  );
}
