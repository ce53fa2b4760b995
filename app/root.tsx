import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import "./client/zod-without-eval";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { bannerPrePaintScript, gaBootstrapScript } from "./client/inline-scripts";
import { RouteErrorContent } from "./components/route-error-content";
import { useShellData } from "./components/use-shell-data";
import { bannerVersion, builtInBanner } from "./lib/banner-version";
import { noStoreHeaders } from "./lib/cache-headers";
import { wantsHydration } from "./lib/route-handle";
import { organizationJsonLd } from "./lib/seo";
import { recordRoutePattern } from "./server/error-reporting.server";

export const middleware: Route.MiddlewareFunction[] = [recordRoutePattern];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Preloaded so text is laid out once, in Inter (a late swap caused CLS 0.25).
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** 503 while the database is down (decision 0015): says when to retry. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders?.has("Retry-After") ? noStoreHeaders({ errorHeaders }) : {};
}

export { errorMeta as meta } from "./lib/seo";

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
  const shell = useShellData();
  const siteUrl = shell?.siteUrl ?? "";
  const gaId = shell?.gaMeasurementId ?? null;
  // Public pages are never hydrated (decisions 0004, 0005, 0008); staff routes opt in with their handle.
  const hydrate = wantsHydration(useMatches());
  return (
    <html
      lang="en"
      data-banner-version={hydrate ? undefined : bannerVersion(shell?.banner ?? builtInBanner)}
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
            dangerouslySetInnerHTML={{ __html: jsonLd(organizationJsonLd(siteUrl, shell?.business)) }}
          />
        ) : null}
        {gaId && !hydrate ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the id is validated at start-up
          <script dangerouslySetInnerHTML={{ __html: gaBootstrapScript(gaId) }} />
        ) : null}
      </head>
      {hydrate ? (
        <body className="min-h-screen bg-slate-50">
          <SkipLink />
          {children}
          <ScrollRestoration />
          <Scripts />
        </body>
      ) : (
        <body className="flex min-h-screen flex-col">
          <SkipLink />
          {children}
        </body>
      )}
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The staff guard's refusal brings its own <main>.
  if (isRouteErrorResponse(error) && error.status === 403) return <RouteErrorContent error={error} />;
  return (
    <main id="main" className="flex-1" tabIndex={-1}>
      <RouteErrorContent error={error} />
    </main>
  );
}
