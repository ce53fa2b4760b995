import { data } from "react-router";
import { ComingSoon } from "~/components/coming-soon";
import { findIndustry } from "~/content/industries";
import { publicPageHeaders } from "~/lib/cache-headers";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/industry";

export const headers = publicPageHeaders;

/** One module for the 18 industry paths; the slug is the path itself. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const industry = findIndustry(slug);
  if (!industry) throw data(null, { status: 404 });
  return { industry: { slug: industry.slug, label: industry.label, blurb: industry.blurb } };
}

export function meta(args: Route.MetaArgs) {
  const industry = args.loaderData?.industry;
  if (!industry) return [];
  return pageMeta(args, {
    title: `Commercial Solar for ${industry.label}`,
    description: `Solar incentives, savings and financing for ${industry.label.toLowerCase()}. ${industry.blurb}`,
  });
}

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { industry } = loaderData;
  return <ComingSoon title={`Solar for ${industry.label}`} summary={industry.blurb} />;
}
