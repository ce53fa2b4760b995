import { data, redirect } from "react-router";
import { IncentiveCard } from "~/components/incentive-card";
import { JsonLd } from "~/components/json-ld";
import { PageSection } from "~/components/page-section";
import { PreviewBar } from "~/components/preview-bar";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { useReplyPromise } from "~/components/use-reply-promise";
import { useShellData } from "~/components/use-shell-data";
import { findState } from "~/content/states";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { anchorAttributes, type PreviewBarData, recordAnchor } from "~/lib/content-preview";
import { type IncentiveCardData, toIncentiveCard } from "~/lib/incentive-card-data";
import { pageMeta } from "~/lib/seo";
import { incentiveListJsonLd } from "~/lib/structured-data";
import { today } from "~/server/clock.server";
import { staffPreview, withPreviewBar } from "~/server/content/preview-access.server";
import { throwIfDatabaseUnavailable } from "~/server/db/availability.server";
import { errorFields, log } from "~/server/log.server";
import { readStatePageIncentives } from "~/server/queries/incentives.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/incentives-state";

export const headers = publicPageHeaders;

type Card = IncentiveCardData & { slug: string };

export async function loader({ params, context }: Route.LoaderArgs) {
  const state = findState(params.state);
  if (!state)
    return data(
      { state: null, federal: [] as Card[], own: [] as Card[], preview: null as PreviewBarData | null },
      { status: 404 },
    );
  // One address per state page: upper case redirects.
  if (params.state !== state.code.toLowerCase()) {
    throw redirect(`/incentives/states/${state.code.toLowerCase()}`, 301);
  }
  try {
    const db = await database(context);
    const staff = staffPreview(context);
    const { federal, state: own } = await readStatePageIncentives(db, state.code, { preview: staff?.preview });
    const date = today();
    const card = (row: (typeof federal)[number]) => toIncentiveCard(row, date);
    const page = { state, federal: federal.map(card), own: own.map(card) };
    return withPreviewBar(page, staff);
  } catch (error) {
    log.error(errorFields(error), "Error loading incentives");
    // Database down: a 503 page, not an empty list that says there are no incentives.
    throwIfDatabaseUnavailable(error);
    return data(
      { state, federal: [] as Card[], own: [] as Card[], preview: null as PreviewBarData | null },
      { headers: DEGRADED_HEADERS },
    );
  }
}

export function meta(args: Route.MetaArgs) {
  const state = args.loaderData?.state;
  if (!state) {
    return pageMeta(args, {
      title: "Invalid state",
      description: "No such US state.",
      noindex: true,
      canonical: false,
    });
  }
  return pageMeta(args, {
    title: `Solar Incentives in ${state.name}`,
    description: `Federal and ${state.name} solar incentives for businesses: tax credits, state programs, net metering and utility rebates, with official sources.`,
    path: `/incentives/states/${state.code.toLowerCase()}`,
  });
}

export default function StateIncentives({ loaderData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const { state, federal, own, preview } = loaderData;
  const siteUrl = useShellData()?.siteUrl ?? "";
  if (!state) {
    return (
      <Container className="py-20 text-center">
        <h1 className="text-4xl font-bold text-navy-900">Invalid state</h1>
        <p className="mt-4 text-lg text-slate-700">
          <a href="/incentives/states" className="font-semibold text-navy-800 underline underline-offset-4">
            Choose a state from the list
          </a>
        </p>
      </Container>
    );
  }
  const all = [...federal, ...own];
  return (
    <>
      <PreviewBar preview={preview} />
      <JsonLd data={incentiveListJsonLd(siteUrl, `Solar incentives in ${state.name}`, all)} />
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Solar Incentives in {state.name}</h1>
          <p className="mt-4 text-lg text-slate-200">
            The federal programs (each card says who qualifies and until when), then the programs available in{" "}
            {state.name}.
          </p>
        </Container>
      </section>
      <Container className="space-y-12 py-10">
        <PageSection headingId="federal-heading" title="Federal incentives">
          {federal.length === 0 ? (
            <p className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">
              No incentives available at this time. Please try again later, or ask an advisor.
            </p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="federal-incentives">
              {federal.map((incentive) => (
                <li key={incentive.slug} {...anchorAttributes(recordAnchor("incentive", incentive), preview)}>
                  <IncentiveCard incentive={incentive} />
                </li>
              ))}
            </ul>
          )}
        </PageSection>
        <PageSection headingId="state-heading" title={`${state.name} incentives`}>
          {own.length === 0 ? (
            <p className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">
              We have no {state.name} program listed right now. An advisor can check current utility and local options
              for you.
            </p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="state-incentives">
              {own.map((incentive) => (
                <li key={incentive.slug} {...anchorAttributes(recordAnchor("incentive", incentive), preview)}>
                  <IncentiveCard incentive={incentive} />
                </li>
              ))}
            </ul>
          )}
        </PageSection>
        <p className="text-sm text-slate-600">
          Educational information only, not legal or tax advice. Confirm current terms with the administering agency.
        </p>
      </Container>
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading" className="text-center">
          <h2 className="text-3xl font-bold">Talk through {state.name}'s options with an advisor</h2>
          <p className="mt-4 text-lg text-slate-200">{promise("Free, no pressure, a reply within 24 hours.")}</p>
          <LinkButton to="/talk-to-solar-advisor" size="lg" className="mt-8">
            Talk to a Solar Advisor
          </LinkButton>
        </Container>
      </section>
    </>
  );
}
