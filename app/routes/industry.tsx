import { data } from "react-router";
import { ConsultationForm, GuideForm, stateFor } from "~/components/lead-forms";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { findIndustry } from "~/content/industries";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { consultationAction, guideAction } from "~/server/leads/lead-actions.server";
import type { Route } from "./+types/industry";

export const headers = publicPageHeaders;

function industryOf(request: Request) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const industry = findIndustry(slug);
  if (!industry) throw data(null, { status: 404 });
  return industry;
}

/** One module for the 18 industry paths; the slug is the path itself. */
export function loader({ request }: Route.LoaderArgs) {
  const industry = industryOf(request);
  return { industry: { slug: industry.slug, label: industry.label, blurb: industry.blurb, path: industry.path } };
}

/** The sidebar's two forms post here, told apart by `?intent=`. */
export function action({ request, context }: Route.ActionArgs) {
  const industry = industryOf(request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "guide") return guideAction(request, context);
  return consultationAction(request, context, { kind: "industry", returnTo: industry.path });
}

export function meta(args: Route.MetaArgs) {
  const industry = args.loaderData?.industry;
  if (!industry) return [];
  return pageMeta(args, {
    title: `Commercial Solar for ${industry.label}`,
    description: `Solar incentives, savings and financing for ${industry.label.toLowerCase()}. ${industry.blurb}`,
    path: industry.path,
  });
}

export default function IndustryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { industry } = loaderData;
  return (
    <>
      <section className="bg-navy-900 py-14 text-white">
        <Container>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Solar for {industry.label}</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">{industry.blurb}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <LinkButton to="/submit-bill" size="lg">
              Get My Custom Solar Quote
            </LinkButton>
            <LinkButton to="/solar-calculator" size="lg" variant="onDark">
              Estimate Your Savings
            </LinkButton>
          </div>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h2 className="text-2xl font-bold text-navy-900">Full industry guide coming soon</h2>
          <p className="mt-3 text-lg text-slate-700">
            We are completing this page with the benefits, incentives and case studies for{" "}
            {industry.label.toLowerCase()}. Meanwhile an advisor can answer your questions directly, and our free guide
            covers the incentives most businesses miss.
          </p>
        </div>
        <aside id="assessment" aria-label="Free consultation and guide" className="space-y-8">
          <Card>
            <h2 className="mb-5 text-xl font-bold text-navy-900">Ask a solar advisor</h2>
            <ConsultationForm
              variant="industry"
              state={stateFor("consultation", actionData)}
              action={`${industry.path}?intent=consultation`}
            />
          </Card>
          <Card>
            <h2 className="mb-1 text-xl font-bold text-navy-900">Free guide</h2>
            <p className="mb-5 text-slate-700">Top 10 Hidden Solar Incentives by Industry</p>
            <GuideForm
              variant="sidebar"
              state={stateFor("guide", actionData)}
              action={`${industry.path}?intent=guide`}
            />
          </Card>
        </aside>
      </Container>
    </>
  );
}
