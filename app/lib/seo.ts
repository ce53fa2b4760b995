import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { builtInBusinessDetails } from "~/content/business";
import { site } from "~/content/site";
import type { BusinessDetails } from "./business-details";
import { SERVICE_UNAVAILABLE_TITLE } from "./database-down-texts";
import { promisedHours, withReplyPromise } from "./reply-promise";

export const PUBLIC_SHELL_ID = "routes/public-shell";

export type ShellData = {
  siteUrl: string;
  gaMeasurementId: string | null;
  toast: { title: string; description?: string; variant?: "success" | "destructive" } | null;
  submittedForm: "guide" | "consultation" | "bill" | "estimate" | null;
  banner: { content: string; ctaLabel: string; ctaLink: string };
  retiredIndustries?: string[];
  business?: BusinessDetails;
};

type MetaMatch = { id: string; data?: unknown } | undefined;

function siteUrlFrom(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === PUBLIC_SHELL_ID)?.data as ShellData | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}

export type PageSeo = {
  title: string;
  description: string;
  path?: string;
  noindex?: boolean;
  image?: string;
  /** False for error pages: a 404 is not the canonical address of anything. */
  canonical?: boolean;
};

export function pageMeta(
  args: { location: { pathname: string }; matches: readonly MetaMatch[] },
  page: PageSeo,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  // Descriptions say what pages say: the business's reply time, or none.
  const root = args.matches.find((match) => match?.id === PUBLIC_SHELL_ID)?.data as ShellData | undefined;
  const description = withReplyPromise(page.description, promisedHours(root?.business));
  const canonical = `${siteUrl}${page.path ?? args.location.pathname}`;
  const title = page.title === site.name ? site.name : `${page.title} | ${site.name}`;
  const image = `${siteUrl}${page.image ?? "/images/og-default.png"}`;
  return [
    { title },
    { name: "description", content: description },
    ...(page.canonical === false ? [] : [{ tagName: "link", rel: "canonical", href: canonical }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
}

export function organizationJsonLd(siteUrl: string, business: BusinessDetails = builtInBusinessDetails) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.name,
    url: siteUrl,
    logo: `${siteUrl}/images/logo.svg`,
    description: site.description,
    email: business.email,
    telephone: business.phone,
    address: business.address,
    areaServed: { "@type": "Country", name: "United States" },
  };
}

/** The database-down page (503) must not be a document without a title. */
export function errorMeta({ error }: { error?: unknown }): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.status === 503) {
    return [{ title: `${SERVICE_UNAVAILABLE_TITLE} | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  return [];
}
