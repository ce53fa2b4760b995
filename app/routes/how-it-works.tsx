import { data } from "react-router";
import { FinalCta, FourSteps, Testimonials, TrustBadges } from "~/components/marketing-sections";
import { PreviewBar } from "~/components/preview-bar";
import { LinkButton } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { DEGRADED_HEADERS, publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import { PREVIEW_HEADERS, type StaffPreview, staffPreview } from "~/server/content/preview-access.server";
import { errorFields, log } from "~/server/log.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { database } from "~/server/request-context.server";
import type { Route } from "./+types/how-it-works";

export const headers = publicPageHeaders;

const introFallback = {
  title: "From electric bill to installed system, with an advisor at every step",
  content:
    "We start from your real bill, match the incentives that apply to your industry and state, and bring you a quote you can check line by line.",
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "How It Works",
    description:
      "Four steps from your electric bill to a working solar system: a custom quote within 24 hours, then permits, interconnection and installation, which usually take months.",
  });
}

/** `args` may be left out by tests (no preview then). */
export async function loader({ context }: Pick<Route.LoaderArgs, "context">) {
  let degraded = false;
  let staff: StaffPreview | null = null;
  const block = await database(context)
    .then(async (db) => {
      staff = staffPreview(context);
      return readContentBlock(db, "how_it_works_intro", { preview: staff?.preview });
    })
    .catch((error) => {
      log.error(errorFields(error), "Error loading site content how_it_works_intro");
      degraded = true;
      return null;
    });
  const bar = (staff as StaffPreview | null)?.bar ?? null;
  const page = {
    title: block?.title?.trim() || introFallback.title,
    content: block?.content?.trim() || introFallback.content,
    preview: bar,
  };
  if (bar) return data(page, { headers: PREVIEW_HEADERS });
  return degraded ? data(page, { headers: DEGRADED_HEADERS }) : page;
}

const howToJsonLd = {
  "@context": "https://schema.org",
  "@type": "HowTo",
  name: "How to go solar for your business",
  // No totalTime: the spec's 30 days is not true of commercial projects, whose permits and
  // interconnection usually take months (docs/content-deviations.md).
  step: ["Share your bill", "We find your incentives", "Get a custom quote", "Go solar with confidence"].map(
    (name, index) => ({ "@type": "HowToStep", position: index + 1, name }),
  ),
};

export default function HowItWorks({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBar preview={loaderData.preview} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: constant JSON-LD
        dangerouslySetInnerHTML={{ __html: JSON.stringify(howToJsonLd) }}
      />
      <section className="bg-navy-900 py-16 text-white">
        <Container width="reading" className="text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">How It Works</h1>
          <p className="mt-6 text-lg text-slate-200">{loaderData.title}</p>
          <LinkButton to="/solar-calculator" size="lg" className="mt-8">
            Estimate Your Savings
          </LinkButton>
        </Container>
      </section>
      <FourSteps intro={loaderData.content} />
      <TrustBadges />
      <Testimonials />
      <FinalCta />
    </>
  );
}
