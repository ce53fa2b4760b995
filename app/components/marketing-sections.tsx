import { useReplyPromise } from "~/components/use-reply-promise";
import { finalCta, steps, testimonials, testimonialsDisclosure, trustBadges } from "~/content/home";
import { LinkButton } from "./ui/button";
import { Card } from "./ui/card";
import { Container, SectionHeading } from "./ui/container";
import { CssIcon } from "./ui/css-icon";

export function TrustBadges() {
  return (
    <section aria-labelledby="trust-heading" className="border-y border-slate-200 bg-slate-50 py-12">
      <Container>
        <h2 id="trust-heading" className="text-center text-lg font-semibold text-slate-700">
          Guidance built on the programs and standards of
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {trustBadges.map((badge) => (
            <li key={badge.name} className="flex flex-col items-center rounded-lg bg-white p-4 text-center shadow-sm">
              <CssIcon name="badge-check" className="size-7 text-green-700" />
              <span className="mt-2 font-semibold text-navy-900">{badge.name}</span>
              <span className="text-sm text-slate-600">{badge.detail}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-center text-sm text-slate-600">
          Names refer to public programs and standards; they do not imply endorsement of this site.
        </p>
      </Container>
    </section>
  );
}

export function FourSteps({ intro }: { intro?: string }) {
  const promise = useReplyPromise();
  return (
    <section aria-labelledby="steps-heading" className="py-16">
      <Container>
        <SectionHeading
          id="steps-heading"
          title="How It Works"
          intro={intro ?? "Four steps from your electric bill to a working solar system."}
        />
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-navy-900 text-lg font-bold text-white tabular">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-navy-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{promise(step.text)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

/** Labelled examples until real, consented reviews exist. */
export function Testimonials() {
  return (
    <section aria-labelledby="stories-heading" className="bg-slate-50 py-16">
      <Container>
        <SectionHeading id="stories-heading" title="How We Help: Three Examples" intro={testimonialsDisclosure} />
        <ul className="grid gap-6 md:grid-cols-3">
          {testimonials.map((item) => (
            <li key={item.title}>
              <article className="flex h-full flex-col rounded-xl bg-white p-6 shadow-sm">
                <CssIcon name="lightbulb" className="size-7 text-sun-700" />
                <h3 className="mt-3 text-lg font-semibold text-navy-900">{item.title}</h3>
                <p className="mt-2 flex-1 text-slate-800">{item.text}</p>
                <p className="mt-4 text-sm text-slate-600">Example · {item.industry}</p>
              </article>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

export function FinalCta() {
  const promise = useReplyPromise();
  return (
    <section aria-labelledby="final-cta-heading" className="bg-navy-900 py-16 text-white">
      <Container className="text-center">
        <h2 id="final-cta-heading" className="text-3xl font-bold sm:text-4xl">
          {finalCta.title}
        </h2>
        <p className="mt-4 text-lg text-slate-200">{promise(finalCta.text)}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <LinkButton to={finalCta.primary.to} size="lg">
            {finalCta.primary.label}
          </LinkButton>
          <LinkButton to={finalCta.secondary.to} size="lg" variant="onDark">
            {finalCta.secondary.label}
          </LinkButton>
        </div>
      </Container>
    </section>
  );
}
