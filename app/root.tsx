import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import "./client/zod-without-eval";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { bannerPrePaintScript, gaBootstrapScript, pageScriptPath } from "./client/inline-scripts";
import { NotFoundContent } from "./components/not-found-content";
import { PromoBanner } from "./components/promo-banner";
import { ServiceUnavailableContent } from "./components/service-unavailable-content";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AccessDenied } from "./components/staff/access-denied";
import { Container } from "./components/ui/container";
import { ToastRegion } from "./components/ui/toast";
import { resolveTextBlock } from "./content/content-blocks";
import { site } from "./content/site";
import { bannerVersion } from "./lib/banner-version";
import type { BusinessDetails } from "./lib/business-details";
import { noStoreHeaders, PRIVATE_NO_STORE } from "./lib/cache-headers";
import { SERVICE_UNAVAILABLE_TITLE } from "./lib/database-down-texts";
import { promisedHours, withReplyPromise } from "./lib/reply-promise";
import { wantsHydration } from "./lib/route-handle";
import { organizationJsonLd, type RootData } from "./lib/seo";
import type { ToastMessage } from "./lib/toast";
import { getConfig } from "./server/config.server";
import { staffPreview } from "./server/content/preview-access.server";
import { retiredIndustriesOrNone, sharedBanner } from "./server/content/shared-content.server";
import { getDb } from "./server/db/db.server";
import { recordRoutePattern } from "./server/error-reporting.server";
import { takeFlashToast } from "./server/flash.server";
import { errorFields, log } from "./server/log.server";
import { readContentBlock } from "./server/queries/site-content.server";
import { businessDetailsForPage } from "./server/settings/business-details.server";

/** Every request's route pattern, for the report of a failed answer (error-reporting.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [recordRoutePattern];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Inter's Latin face fetched beside the style sheet, not after it: text is laid out once, in it
  // (a late swap moved the page by a quarter of a phone screen: Lighthouse CLS 0.25).
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** A response that clears a flash message is personal: no shared cache may keep it. */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  // A page that could not be made while the database is down (503, decision 0015): when to retry.
  if (errorHeaders?.has("Retry-After")) return noStoreHeaders({ errorHeaders });
  // A staff preview of the banner is one person's page too (its loader marks it private).
  const personal = loaderHeaders.has("Set-Cookie") || /private/.test(loaderHeaders.get("Cache-Control") ?? "");
  return personal ? { "Cache-Control": PRIVATE_NO_STORE } : {};
}

export async function loader({ request }: Route.LoaderArgs) {
  const config = getConfig();
  let previewed = false;
  const [{ toast, form, headers }, bannerBlock, retiredIndustries, businessRead] = await Promise.all([
    takeFlashToast(request),
    getDb()
      .then(async (db) => {
        // A staff member's ?preview=site_content:site_banner shows the draft banner on any page.
        const staff = await staffPreview(request, db);
        previewed = staff?.preview.kind === "site_content" && staff.preview.id === "site_banner";
        // Visitors share one copy, dropped with the HTML cache; a staff preview reads its own.
        return staff?.preview
          ? readContentBlock(db, "site_banner", { preview: staff.preview })
          : sharedBanner(db, config.HTML_CACHE_SECONDS);
      })
      .catch((error: unknown) => {
        log.error(errorFields(error), "Error loading site content site_banner");
        return null;
      }),
    // The header, footer and sitemap leave retired industries out (their pages answer 404).
    retiredIndustriesOrNone(config.HTML_CACHE_SECONDS, "the header and footer"),
    businessDetailsForPage(),
  ]);
  const { content, ctaLabel, ctaLink } = resolveTextBlock("site_banner", bannerBlock);
  const rootData: RootData = {
    siteUrl: config.SITE_URL,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    toast,
    submittedForm: form ?? null,
    banner: { content, ctaLabel, ctaLink },
    retiredIndustries,
    business: businessRead.details,
  };
  // A staff preview, or placeholders shown for want of the database: one response, never cached.
  if (previewed || businessRead.degraded) {
    const personal = new Headers(headers);
    personal.set("Cache-Control", PRIVATE_NO_STORE);
    return data(rootData, { headers: personal });
  }
  return headers ? data(rootData, { headers }) : rootData;
}

const builtInBanner = (() => {
  const { content, ctaLabel, ctaLink } = resolveTextBlock("site_banner", null);
  return { content, ctaLabel, ctaLink };
})();

/** The first thing a keyboard reaches on every page, public or staff: past the header and navigation. */
function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-navy-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to main content
    </a>
  );
}

function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const siteUrl = rootData?.siteUrl ?? "";
  const gaId = rootData?.gaMeasurementId ?? null;
  // Public pages are server-rendered and never hydrated (decisions 0004, 0005); routes whose
  // handle asks for it (the staff area, decision 0007) load React in the browser instead.
  // Script policy (decision 0008): every inline script of a public page is a constant listed in
  // app/client/inline-scripts.ts and allowed by its hash; the hydrated pages' scripts carry this
  // response's nonce, which app/entry.server.tsx gives <ServerRouter> and <Scripts/> and
  // <ScrollRestoration/> take from it.
  const hydrate = wantsHydration(useMatches());
  return (
    <html
      lang="en"
      data-banner-version={hydrate ? undefined : bannerVersion(rootData?.banner ?? builtInBanner)}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c2238" />
        {hydrate ? null : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, no visitor input
          <script dangerouslySetInnerHTML={{ __html: bannerPrePaintScript }} />
        )}
        <Meta />
        <Links />
        {siteUrl ? (
          <script
            type="application/ld+json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD with "<" escaped
            dangerouslySetInnerHTML={{ __html: jsonLd(organizationJsonLd(siteUrl, rootData?.business)) }}
          />
        ) : null}
        {gaId && !hydrate ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the id is validated at start-up
          <script dangerouslySetInnerHTML={{ __html: gaBootstrapScript(gaId) }} />
        ) : null}
      </head>
      {hydrate ? (
        // The staff area (/login, /admin/*): a React app in the browser, with its own layout.
        <body className="min-h-screen bg-slate-50">
          <SkipLink />
          {children}
          <ScrollRestoration />
          <Scripts />
        </body>
      ) : (
        <body className="flex min-h-screen flex-col">
          <SkipLink />
          <PromoBanner banner={rootData?.banner ?? builtInBanner} />
          <SiteHeader />
          <main id="main" className="flex-1" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
          {/* The success toasts name the reply time the business promises, or none. */}
          <ToastRegion toasts={[rootData?.toast ? withPromise(rootData.toast, rootData.business) : null]} />
          {/* One cached file for every public page (decision 0031); it runs once the page is parsed. */}
          <script src={pageScriptPath} defer />
        </body>
      )}
    </html>
  );
}

/**
 * Public pages are rendered on the server only: no <Scripts/>, the page script bundled from
 * app/client/enhance/ is loaded as one cached file instead (decision 0031). Staff routes opt into hydration with
 * `handle: { hydrate: true }`.
 */
export default function App() {
  return <Outlet />;
}

/**
 * The title of an error page this boundary shows (a route below that exports `meta` has its
 * own): the database-down page (503) must not be a document without a title.
 */
export function meta({ error }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 503) {
    return [{ title: `${SERVICE_UNAVAILABLE_TITLE} | ${site.name}` }, { name: "robots", content: "noindex" }];
  }
  return [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  // The staff guard's refusal: its middleware runs before any staff loader, so React Router shows
  // it here rather than in the admin layout.
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  // The database is not answering (decision 0015): say so, and that nothing sent was received.
  if (isRouteErrorResponse(error) && error.status === 503) return <ServiceUnavailableContent />;
  // On the server, app/entry.server.tsx's handleError has logged it already.
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  return (
    <Container className="py-20 text-center">
      <h1 className="text-4xl font-bold text-navy-900">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not load this page. Please try again in a moment, or call us at the number below.
      </p>
      <p className="mt-8">
        <a href="/" className="font-semibold text-navy-800 underline underline-offset-4">
          Return to the home page
        </a>
      </p>
    </Container>
  );
}

function withPromise(toast: ToastMessage, business: BusinessDetails | undefined): ToastMessage {
  return toast.description
    ? { ...toast, description: withReplyPromise(toast.description, promisedHours(business)) }
    : toast;
}
