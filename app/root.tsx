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

/**
 * The bare HTML document of every page. Public pages get their banner, header, footer and data
 * from the public shell layout (routes/public-shell.tsx); the staff area from its own layout.
 */

/** Every request's route pattern, for the report of a failed answer (error-reporting.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [recordRoutePattern];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Inter's Latin face fetched beside the style sheet, not after it: text is laid out once, in it
  // (a late swap moved the page by a quarter of a phone screen: Lighthouse CLS 0.25).
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/** A page that could not be made while the database is down (503, decision 0015): when to retry. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders?.has("Retry-After") ? noStoreHeaders({ errorHeaders }) : {};
}

export { errorMeta as meta } from "./lib/seo";

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
  const shell = useShellData();
  const siteUrl = shell?.siteUrl ?? "";
  const gaId = shell?.gaMeasurementId ?? null;
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
          {children}
        </body>
      )}
    </html>
  );
}

/**
 * Public pages are rendered on the server only: no <Scripts/>, the page script bundled from
 * app/client/enhance/ is loaded as one cached file instead (decision 0031). Staff routes opt into
 * hydration with `handle: { hydrate: true }`.
 */
export default function App() {
  return <Outlet />;
}

/** An error outside the public shell (a staff page, or the shell itself failing). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The staff guard's refusal brings its own <main>.
  if (isRouteErrorResponse(error) && error.status === 403) return <RouteErrorContent error={error} />;
  return (
    <main id="main" className="flex-1" tabIndex={-1}>
      <RouteErrorContent error={error} />
    </main>
  );
}
