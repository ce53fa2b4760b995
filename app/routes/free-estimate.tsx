import { Calculator, FileUp } from "lucide-react";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { useReplyPromise } from "~/components/use-reply-promise";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/free-estimate";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Free Solar Estimate",
    description:
      "Two free ways to see what solar would save your business: a quick calculator or a custom quote from your bill.",
  });
}

/** The spec does not show this page's content: it offers the two real ways to an estimate. */
export default function FreeEstimate() {
  const promise = useReplyPromise();
  return (
    <Container width="wide" className="py-16">
      <h1 className="text-center text-4xl font-bold tracking-tight text-navy-900">Get Your Free Solar Estimate</h1>
      <p className="mt-4 text-center text-lg text-slate-700">Choose how much detail you want. Both are free.</p>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Card>
          <Calculator aria-hidden="true" className="size-8 text-sun-700" />
          <h2 className="mt-3 text-xl font-semibold text-navy-900">Quick estimate</h2>
          <p className="mt-2 text-slate-700">Enter your monthly bill and state for an estimate in under 30 seconds.</p>
          <LinkButton to="/solar-calculator" className="mt-4" variant="secondary">
            Estimate Your Savings
          </LinkButton>
        </Card>
        <Card>
          <FileUp aria-hidden="true" className="size-8 text-sun-700" />
          <h2 className="mt-3 text-xl font-semibold text-navy-900">Custom quote</h2>
          <p className="mt-2 text-slate-700">
            {promise("Upload a recent bill and get a custom quote within 24 hours.")}
          </p>
          <LinkButton to="/submit-bill" className="mt-4">
            Get My Custom Solar Quote
          </LinkButton>
        </Card>
      </div>
    </Container>
  );
}
