import { BookOpen, CalendarCheck, FileDown, Mail } from "lucide-react";
import { Link } from "react-router";
import { PageSection } from "~/components/page-section";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { CssIcon } from "~/components/ui/css-icon";
import { useReplyPromise } from "~/components/use-reply-promise";
import { useShellData } from "~/components/use-shell-data";
import { builtInBusinessDetails } from "~/content/business";
import { guide } from "~/content/guide";
import { publicPageHeaders } from "~/lib/cache-headers";
import type { ShellData } from "~/lib/seo";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const headers = publicPageHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Thank You",
    description: "We have received your request. Here is what happens next.",
    noindex: true,
  });
}

const guideUrl = `/guides/${guide.fileName}`;

/** The form sent travels in the signed flash cookie, not a query anyone could type. */
function Message({ form }: { form: ShellData["submittedForm"] }) {
  const promise = useReplyPromise();
  if (form === "guide") {
    return (
      <>
        Your free guide, <strong>{guide.title}</strong>, has been sent to your email.
      </>
    );
  }
  if (form === "consultation") {
    return (
      <>
        {promise("Your consultation request has been sent. An advisor will reply by email or phone within 24 hours.")}
      </>
    );
  }
  if (form === "estimate") {
    return <>Your solar estimate is on its way to your email, as a PDF report with every assumption and its source.</>;
  }
  if (form === "bill") {
    return <>{promise("We have your energy bill. Your custom solar quote will arrive by email within 24 hours.")}</>;
  }
  return (
    <>
      Thank you for your request. If you asked for our free guide, <strong>{guide.title}</strong>
      {promise(", it is on its way to your email; a consultation or a quote gets an advisor's reply within 24 hours.")}
    </>
  );
}

export default function ThankYou() {
  const root = useShellData();
  const form = root?.submittedForm ?? null;
  const business = root?.business ?? builtInBusinessDetails;
  return (
    <Container width="wide" className="py-16">
      <div className="text-center">
        <Mail aria-hidden="true" className="mx-auto size-12 text-green-700" />
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-navy-900">Thank You!</h1>
        <p className="mt-4 text-lg text-slate-700" data-testid="thank-you-message">
          <Message form={form} />
        </p>
        <p className="mt-4">
          <a
            href={guideUrl}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 underline underline-offset-4"
          >
            <FileDown aria-hidden="true" className="size-5" />
            Download the guide now (PDF)
          </a>
        </p>
      </div>

      <PageSection headingId="next-steps" title="Your next steps" className="mt-12">
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          <li>
            <Card className="h-full">
              <Mail aria-hidden="true" className="size-7 text-sun-700" />
              <h3 className="mt-3 font-semibold text-navy-900">1. Check your email</h3>
              <p className="mt-1 text-slate-700">
                Look for our message: a reply to it reaches us at {business.email}. If it is not there in a few minutes,
                check your spam or promotions folder.
              </p>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <CssIcon name="search" className="size-7 text-sun-700" />
              <h3 className="mt-3 font-semibold text-navy-900">2. Review your incentives</h3>
              <p className="mt-1 text-slate-700">
                Browse the{" "}
                <Link to="/incentives" className="underline underline-offset-4">
                  federal, state and utility programs
                </Link>{" "}
                that may apply to you.
              </p>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <CalendarCheck aria-hidden="true" className="size-7 text-sun-700" />
              <h3 className="mt-3 font-semibold text-navy-900">3. Schedule a free consultation</h3>
              <p className="mt-1 text-slate-700">
                Pick a time that suits you to talk through your numbers with an advisor.
              </p>
              <a
                href={business.bookingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-navy-800 underline underline-offset-4"
              >
                Book a call
                <CssIcon name="external-link" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Card>
          </li>
        </ol>
      </PageSection>

      <PageSection headingId="resources" title="Resources" className="mt-12">
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {[
            {
              title: "Incentives by state",
              text: "What is available where your business is.",
              to: "/incentives/states",
            },
            { title: "Policy Watch", text: "Deadlines and law changes that affect your savings.", to: "/policy-watch" },
            {
              title: "How it works",
              text: "From your bill to an installed system, step by step.",
              to: "/how-it-works",
            },
          ].map((resource) => (
            <li key={resource.to}>
              <Card className="h-full">
                <BookOpen aria-hidden="true" className="size-7 text-sun-700" />
                <h3 className="mt-3 font-semibold text-navy-900">
                  <Link to={resource.to} className="underline-offset-4 hover:underline">
                    {resource.title}
                  </Link>
                </h3>
                <p className="mt-1 text-slate-700">{resource.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <p className="mt-12 text-center">
        <LinkButton to="/" size="lg" variant="outline">
          Back to Home
        </LinkButton>
      </p>
    </Container>
  );
}
