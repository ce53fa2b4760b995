import { stateFor } from "~/lib/forms";
import { IndustryIcon } from "./industry-icon";
import { ConsultationForm, GuideForm } from "./lead-forms";
import { LinkButton } from "./ui/button";
import { Card } from "./ui/card";
import { Container } from "./ui/container";

export function IconCards({
  items,
  testId,
  iconClassName,
}: {
  items: { icon?: string; title?: string; description?: string }[];
  testId: string;
  iconClassName: string;
}) {
  return (
    <ul className="mt-5 grid gap-5 sm:grid-cols-2" data-testid={testId}>
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">
            <IndustryIcon name={item.icon} className={iconClassName} />
            <h3 className="mt-3 text-lg font-semibold text-navy-900">{item.title}</h3>
            <p className="mt-1 text-slate-700">{item.description}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function IndustryAssessment({ path, actionData }: { path: string; actionData: object | null | undefined }) {
  return (
    <aside
      id="assessment"
      aria-label="Free consultation and guide"
      className="space-y-8 lg:col-start-3 lg:row-span-2 lg:row-start-1"
    >
      <Card>
        <h2 className="mb-5 text-xl font-bold text-navy-900">Ask a solar advisor</h2>
        <ConsultationForm
          variant="industry"
          state={stateFor("consultation", actionData)}
          action={`${path}?intent=consultation`}
        />
      </Card>
      <Card>
        <h2 className="mb-1 text-xl font-bold text-navy-900">Free guide</h2>
        <p className="mb-5 text-slate-700">Top 10 Hidden Solar Incentives by Industry</p>
        <GuideForm variant="sidebar" state={stateFor("guide", actionData)} action={`${path}?intent=guide`} />
      </Card>
    </aside>
  );
}

export function IndustryClosing({ ctaText, freeEstimate }: { ctaText: string; freeEstimate: boolean }) {
  return (
    <section aria-labelledby="closing-heading" className="bg-sun-400 py-12 text-navy-950">
      <Container className="flex flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="closing-heading" className="text-2xl font-bold">
            See what solar would save your business
          </h2>
          <p className="mt-2 max-w-2xl">{ctaText}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/submit-bill" size="lg" variant="secondary">
            Get My Custom Solar Quote
          </LinkButton>
          {freeEstimate ? (
            <LinkButton to="/free-estimate" size="lg" variant="outline">
              Get a Free Estimate
            </LinkButton>
          ) : null}
        </div>
      </Container>
    </section>
  );
}
