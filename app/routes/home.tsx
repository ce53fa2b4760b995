import { data, Link } from "react-router";
import { ArrowLink } from "~/components/arrow-link";
import { BandSection } from "~/components/band-section";
import { IncentiveCard } from "~/components/incentive-card";
import { IndustriesSection } from "~/components/industries-section";
import { GuideForm } from "~/components/lead-forms";
import { FinalCta, FourSteps, Testimonials, TrustBadges } from "~/components/marketing-sections";
import { PreviewBar } from "~/components/preview-bar";
import { SplitHero } from "~/components/split-hero";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { resolveTextBlock } from "~/content/content-blocks";
import { missionBlurb } from "~/content/home";
import { site } from "~/content/site";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { anchorAttributes, type PreviewBarData, recordAnchor } from "~/lib/content-preview";
import { stateFor } from "~/lib/forms";
import { HOME_INCENTIVES_FETCHED, homeIncentives, resolveHero } from "~/lib/home-content";
import { pageMeta } from "~/lib/seo";
import { today } from "~/server/clock.server";
import { PREVIEW_HEADERS, staffPreview } from "~/server/content/preview-access.server";
import { guideAction } from "~/server/leads/lead-actions.server";
import { errorFields, log } from "~/server/log.server";
import { readIncentives } from "~/server/queries/incentives.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/home";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Commercial Solar Incentives & Savings for High Energy-Use Businesses",
    description: site.description,
    path: "/",
  });
}

/** `args` may be left out by tests (no preview then). */
export async function loader({ context }: Pick<Route.LoaderArgs, "context">) {
  let degraded = false;
  const failed = (what: string) => (error: unknown) => {
    log.error(errorFields(error), `Error loading ${what}`);
    degraded = true;
    return null;
  };
  const db = await database(context).catch(failed("the database"));
  const staff = db ? staffPreview(context) : null;
  const preview = staff?.preview;
  const [heroBlock, cutsBlock, rows] = db
    ? await Promise.all([
        readContentBlock(db, "homepage_hero", { preview }).catch(failed("site content homepage_hero")),
        readContentBlock(db, "incentive_cuts_banner", { preview }).catch(failed("site content incentive_cuts_banner")),
        readIncentives(db, { type: "Federal", state: null, limit: HOME_INCENTIVES_FETCHED }, { preview }).catch(
          failed("incentives"),
        ),
      ])
    : [null, null, null];
  const page = {
    hero: resolveHero(heroBlock),
    cuts: resolveTextBlock("incentive_cuts_banner", cutsBlock),
    incentives: homeIncentives(rows ?? [], today()).items,
    preview: (staff?.bar ?? null) as PreviewBarData | null,
  };
  // Fallback content after an error is fine to show, not to cache for everyone; a preview is one staff member's.
  if (staff) return data(page, { headers: PREVIEW_HEADERS });
  return degraded ? data(page, { headers: DEGRADED_HEADERS }) : page;
}

export function action({ request, context }: Route.ActionArgs) {
  return guideAction(request, context);
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { hero, cuts, incentives, preview } = loaderData;
  return (
    <>
      <PreviewBar preview={preview} />
      <SplitHero
        headingId="hero-heading"
        image={{
          src: hero.imageUrl,
          alt: "Illustration of solar panels on a commercial rooftop under a bright sun",
          width: 640,
          height: 480,
        }}
        className="py-16 md:py-24"
      >
        <h1 id="hero-heading" className="text-4xl font-bold tracking-tight sm:text-5xl">
          {hero.title}
        </h1>
        <p className="mt-6 text-lg text-slate-200 sm:text-xl">{hero.content}</p>
        <div className="mt-8 flex flex-wrap gap-4">
          <a
            href={hero.ctaLink}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-sun-400 px-6 py-3 text-lg font-semibold text-navy-950 shadow-sm hover:bg-sun-300"
          >
            {hero.ctaLabel}
            <CssIcon name="arrow-right" className="size-5" />
          </a>
          <LinkButton to="/solar-calculator" size="lg" variant="onDark">
            Estimate Your Savings
          </LinkButton>
        </div>
      </SplitHero>

      <section aria-labelledby="mission-heading" className="py-16">
        <Container width="reading" className="text-center">
          <h2 id="mission-heading" className="text-3xl font-bold text-navy-900">
            {missionBlurb.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{missionBlurb.text}</p>
          <ArrowLink to="/mission" className="mt-6">
            Read our mission
          </ArrowLink>
        </Container>
      </section>

      <BandSection
        headingId="top-incentives-heading"
        title="Top Federal Solar Incentives"
        intro="Federal programs open to businesses nationwide. Each card says who qualifies, until when, and where the rules come from."
        className="bg-slate-50 py-16"
      >
        <ul className="grid gap-6 md:grid-cols-3" data-testid="top-incentives">
          {incentives.map((incentive) => (
            <li key={incentive.title} {...anchorAttributes(recordAnchor("incentive", incentive), preview)}>
              <IncentiveCard incentive={incentive} status={incentive.shownStatus} />
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <ArrowLink to="/incentives">See all incentives</ArrowLink>
        </p>
        <p className="mx-auto mt-4 max-w-3xl text-center text-sm text-slate-600">
          Educational information only, not tax or legal advice. Confirm eligibility with the program and a tax
          professional.
        </p>
      </BandSection>

      <IndustriesSection />

      <section
        aria-labelledby="cuts-heading"
        className="bg-red-50 py-12"
        {...anchorAttributes(recordAnchor("site_content", { key: "incentive_cuts_banner" }), preview)}
      >
        <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
          <div className="flex gap-4">
            <CssIcon name="triangle-alert" className="size-8 shrink-0 text-red-700" />
            <div>
              <h2 id="cuts-heading" className="text-2xl font-bold text-red-900">
                {cuts.title}
              </h2>
              <p className="mt-2 max-w-2xl text-red-900">{cuts.content}</p>
            </div>
          </div>
          <LinkButton to={cuts.ctaLink} size="lg" className="shrink-0">
            {cuts.ctaLabel}
          </LinkButton>
        </Container>
      </section>

      <TrustBadges />
      <FourSteps />
      <Testimonials />

      <section id="lead-form" aria-labelledby="lead-form-heading" className="py-16">
        <Container className="grid items-start gap-10 lg:grid-cols-2">
          <div>
            <h2 id="lead-form-heading" className="text-3xl font-bold text-navy-900">
              Free guide: Top 10 Hidden Solar Incentives by Industry
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              The programs that are easy to miss, industry by industry: grants, tax exemptions, bonus credits and
              utility rebates, with what to check before the deadlines.
            </p>
            <p className="mt-4 text-slate-700">
              Rather talk to someone?{" "}
              <Link to="/talk-to-solar-advisor" className="font-semibold text-navy-800 underline underline-offset-4">
                Request a free consultation
              </Link>{" "}
              or{" "}
              <Link to="/submit-bill" className="font-semibold text-navy-800 underline underline-offset-4">
                upload your energy bill
              </Link>
              .
            </p>
          </div>
          <Card>
            <GuideForm variant="full" state={stateFor("guide", actionData)} action="/?index" />
          </Card>
        </Container>
      </section>

      <FinalCta />
    </>
  );
}
