import { data } from "react-router";
import { type FormEstimate, type FormQuoteCheck, withEstimate } from "~/components/estimate-attached";
import { ConsultationForm } from "~/components/lead-forms";
import { PageSection } from "~/components/page-section";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { useReplyPromise } from "~/components/use-reply-promise";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { stateFor } from "~/lib/forms";
import { pageMeta } from "~/lib/seo";
import { attachedEstimate, attachedQuoteCheck } from "~/server/calculator/snapshot.server";
import { consultationAction } from "~/server/leads/lead-actions.server";
import type { Route } from "./+types/talk-to-solar-advisor";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Talk to a Solar Advisor",
    description:
      "Ask a commercial solar advisor about your business: incentives, savings and next steps. Free, no pressure, reply within 24 hours.",
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return consultationAction(request, context, { kind: "page" });
}

/** `?estimate=` (a calculator result) or `?quote=` (a quote check) goes with the request. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const [estimate, quote] = [params.get("estimate"), params.get("quote")];
  if (!estimate && !quote) return data({ estimate: null, quoteCheck: null });
  return data(
    { estimate: attachedEstimate(estimate), quoteCheck: attachedQuoteCheck(quote) },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

const benefits = [
  { title: "Industry-specific expertise", text: "Advice from people who know how your kind of business uses power." },
  { title: "Custom solar assessment", text: "System size, cost and savings worked out from your real usage." },
  {
    title: "Incentive guidance",
    text: "Which federal, state and utility programs you qualify for, and their deadlines.",
  },
  { title: "No-pressure consultation", text: "Honest answers, including when solar is not right for you yet." },
] as const;

export default function TalkToSolarAdvisor({ actionData, loaderData }: Route.ComponentProps) {
  const promise = useReplyPromise();
  const attached = loaderData as { estimate: FormEstimate | null; quoteCheck: FormQuoteCheck | null } | undefined;
  const estimate = attached?.estimate ?? null;
  const quoteCheck = attached?.quoteCheck ?? null;
  return (
    <>
      <section className="bg-navy-900 py-12 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Talk to a Solar Advisor</h1>
          <p className="mt-4 text-lg text-slate-200">
            {promise("Ask us anything about solar for your business. Free, and we reply within 24 hours.")}
          </p>
        </Container>
      </section>
      <Container className="grid gap-10 py-12 lg:grid-cols-2">
        <PageSection headingId="benefits-heading" title="What you get">
          <ul className="mt-6 space-y-5">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <CssIcon name="circle-check" className="mt-1 size-6 shrink-0 text-green-700" />
                <div>
                  <h3 className="font-semibold text-navy-900">{benefit.title}</h3>
                  <p className="text-slate-700">{benefit.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </PageSection>
        <Card id="request">
          <h2 className="mb-6 text-2xl font-bold text-navy-900">Request your free consultation</h2>
          <ConsultationForm
            variant="page"
            state={stateFor("consultation", actionData)}
            action={
              quoteCheck
                ? `/talk-to-solar-advisor?${new URLSearchParams({ quote: quoteCheck.query })}`
                : withEstimate("/talk-to-solar-advisor", estimate?.query)
            }
            estimate={estimate}
            quoteCheck={quoteCheck}
          />
        </Card>
      </Container>
    </>
  );
}
