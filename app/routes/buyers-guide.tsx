import { CalendarClock } from "lucide-react";
import { CtaButtons } from "~/components/cta-buttons";
import { JsonLd } from "~/components/json-ld";
import { PageSection } from "~/components/page-section";
import { Container } from "~/components/ui/container";
import { useShellData } from "~/components/use-shell-data";
import {
  BUYERS_GUIDE_PATH,
  BUYERS_GUIDE_PUBLISHED,
  BUYERS_GUIDE_REVIEWED,
  BUYERS_GUIDE_TITLE,
  buyersGuideFaq,
  buyersGuideSections,
  type GuideSource,
} from "~/content/buyers-guide";
import { SOLAR_CREDIT_EXPIRES_ON } from "~/content/federal-deadlines";
import { publicPageHeaders } from "~/lib/cache-headers";
import { addDays, formatLongDate } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { guideJsonLd } from "~/lib/structured-data";
import { today } from "~/server/clock.server";
import type { Route } from "./+types/buyers-guide";

export const headers = publicPageHeaders;

const DESCRIPTION =
  "What a business must know before it signs for solar under the 2025 federal law: placed in service, the continuity window, foreign-entity rules, storage, bonus depreciation and elective pay, each with its source.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: BUYERS_GUIDE_TITLE, description: DESCRIPTION, path: BUYERS_GUIDE_PATH });
}

/** On the site's clock; 0 once passed. */
export function loader() {
  const day = today();
  const lastDay = addDays(SOLAR_CREDIT_EXPIRES_ON, -1);
  const daysLeft = Math.max(0, Math.round((Date.parse(SOLAR_CREDIT_EXPIRES_ON) - Date.parse(day)) / 86_400_000) - 1);
  return { today: day, lastDay, daysLeft, passed: day >= SOLAR_CREDIT_EXPIRES_ON };
}

function Sources({ sources, reviewedOn }: { sources: readonly GuideSource[]; reviewedOn?: string }) {
  return (
    // Classes from app/app.css (.guide-sources): the guide cites 50-odd pages.
    <p className="guide-sources">
      <span className="label">{sources.length > 1 ? "Sources" : "Source"}: </span>
      {sources.map((source, index) => (
        <span key={source.url}>
          {index > 0 ? "; " : null}
          <a href={source.url} rel="noopener">
            {source.title}
          </a>
        </span>
      ))}
      {reviewedOn ? <span> · checked {formatLongDate(reviewedOn)}</span> : null}
    </p>
  );
}

export default function BuyersGuide({ loaderData }: Route.ComponentProps) {
  const siteUrl = useShellData()?.siteUrl ?? "";
  const { today: day, lastDay, daysLeft, passed } = loaderData;
  return (
    <>
      <JsonLd
        data={guideJsonLd(siteUrl, {
          path: BUYERS_GUIDE_PATH,
          title: BUYERS_GUIDE_TITLE,
          description: DESCRIPTION,
          published: BUYERS_GUIDE_PUBLISHED,
          modified: BUYERS_GUIDE_REVIEWED,
        })}
      />
      <section className="bg-navy-900 py-14 text-white">
        <Container width="reading">
          <p className="font-semibold uppercase tracking-wide text-sun-400">Buyer's guide</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{BUYERS_GUIDE_TITLE}</h1>
          <p className="mt-5 text-lg text-slate-200">{DESCRIPTION}</p>
          <p className="mt-4 text-sm text-slate-300">
            Checked against its sources on {formatLongDate(BUYERS_GUIDE_REVIEWED)}. Education, not tax or legal advice:
            confirm your project with a tax professional.
          </p>
        </Container>
      </section>
      <Container width="reading" className="py-12">
        <p
          data-testid="deadline-countdown"
          className="flex items-start gap-3 rounded-lg border border-sun-400 bg-amber-50 p-4 text-navy-950"
        >
          <CalendarClock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-sun-700" />
          <span>
            {passed
              ? `The deadline has passed: since ${formatLongDate(addDays(lastDay, 1))} a new solar system earns no §48E credit unless its construction began by July 4, 2026.`
              : `Today is ${formatLongDate(day)}: a new solar system must be placed in service within ${daysLeft.toLocaleString("en-US")} days, by ${formatLongDate(lastDay)}, to earn the §48E credit.`}
          </span>
        </p>
        <PageSection
          as="nav"
          headingId="guide-contents"
          title="In this guide"
          headingClassName="text-lg font-semibold text-navy-900"
          className="mt-10"
        >
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-navy-800">
            {buyersGuideSections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="underline hover:text-navy-950">
                  {section.heading}
                </a>
              </li>
            ))}
            <li>
              <a href="#questions" className="underline hover:text-navy-950">
                Questions buyers ask
              </a>
            </li>
          </ol>
        </PageSection>
        {buyersGuideSections.map((section) => (
          <PageSection
            key={section.id}
            id={section.id}
            headingId={`${section.id}-heading`}
            title={section.heading}
            className="mt-12"
          >
            <ul className="mt-4 space-y-5">
              {section.statements.map((statement) => (
                <li key={statement.text}>
                  <p className="guide-statement">{statement.text}</p>
                  <Sources sources={statement.sources} reviewedOn={statement.reviewedOn} />
                </li>
              ))}
            </ul>
          </PageSection>
        ))}
        <PageSection id="questions" headingId="questions-heading" title="Questions buyers ask" className="mt-14">
          <div className="mt-4 space-y-6">
            {buyersGuideFaq.map((item) => (
              <div key={item.question}>
                <h3 className="text-lg font-semibold text-navy-900">{item.question}</h3>
                <p className="mt-1 text-slate-800">{item.answer}</p>
                <Sources sources={item.sources} />
              </div>
            ))}
          </div>
        </PageSection>
        <CtaButtons
          primary={{ to: "/talk-to-solar-advisor", label: "Talk to an Advisor" }}
          secondary={{ to: "/solar-calculator", label: "Estimate Your Savings" }}
          className="mt-14"
        />
      </Container>
    </>
  );
}
