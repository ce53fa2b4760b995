import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { builtInBusinessDetails } from "~/content/business";
import { site } from "~/content/site";
import type { BusinessDetails } from "./business-details";
import { SERVICE_UNAVAILABLE_TITLE } from "./database-down-texts";
import { promisedHours, withReplyPromise } from "./reply-promise";

/** The public shell layout route (app/routes/public-shell.tsx): its id, for its data. */
export const PUBLIC_SHELL_ID = "routes/public-shell";

export type ShellData = {
  siteUrl: string;
  gaMeasurementId: string | null;
  toast: { title: string; description?: string; variant?: "success" | "destructive" } | null;
  /** The form whose success redirected here (signed flash), for /thank-you's message. */
  submittedForm: "guide" | "consultation" | "bill" | "estimate" | null;
  /** The site-wide banner's text (the `site_banner` block, or its built-in version). */
  banner: { content: string; ctaLabel: string; ctaLink: string };
  /** Slugs of retired industries: the header and footer leave them out. */
  retiredIndustries?: string[];
  /** The firm's contact details as an admin keeps them (or the built-in placeholders). */
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
  /** Path of the canonical URL; defaults to the current location's path. */
  path?: string;
  noindex?: boolean;
  image?: string;
  /** False for error pages: a 404 must not claim to be the canonical address of anything. */
  canonical?: boolean;
};

/** Title, description, canonical link and Open Graph tags for one page. */
export function pageMeta(
  args: { location: { pathname: string }; matches: readonly MetaMatch[] },
  page: PageSeo,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  // The reply time the business promises, or none: descriptions say what pages say.
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

/**
 * The title of an error page a boundary shows (a route below that exports `meta` has its own):
 * the database-down page (503) must not be a document without a title.
 */
export function errorMeta({ error }: { error?: unknown }): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.status === 503) {
    return [{ title: `${SERVICE_UNAVAILABLE_TITLE} | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  return [];
}
