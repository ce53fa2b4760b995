import { data, Outlet } from "react-router";
import { pageScriptPath } from "~/client/inline-scripts";
import { PromoBanner } from "~/components/promo-banner";
import { RouteErrorContent } from "~/components/route-error-content";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ToastRegion } from "~/components/ui/toast";
import { useShellData } from "~/components/use-shell-data";
import { resolveTextBlock } from "~/content/content-blocks";
import { builtInBanner } from "~/lib/banner-version";
import type { BusinessDetails } from "~/lib/business-details";
import { noStoreHeaders, PRIVATE_NO_STORE } from "~/lib/cache-headers";
import { promisedHours, withReplyPromise } from "~/lib/reply-promise";
import type { ShellData } from "~/lib/seo";
import type { ToastMessage } from "~/lib/toast";
import { getConfig } from "~/server/config.server";
import { previewMiddleware, staffPreview } from "~/server/content/preview-access.server";
import { retiredIndustriesOrNone, sharedBanner } from "~/server/content/shared-content.server";
import { takeFlashToast } from "~/server/flash.server";
import { errorFields, log } from "~/server/log.server";
import { readContentBlock } from "~/server/queries/site-content.server";
import { database } from "~/server/request-context.server";
import { businessDetailsForPage } from "~/server/settings/business-details.server";
import type { Route } from "./+types/public-shell";

// A staff ?preview=<kind>:<id>, read once for every loader below (preview-access.server.ts).
export const middleware: Route.MiddlewareFunction[] = [previewMiddleware];

// A 503 page has its title even when no page below made one.
export { errorMeta as meta } from "~/lib/seo";

/** A response that clears a flash message is personal: no shared cache may keep it. */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  // Database down (decision 0015): when to retry.
  if (errorHeaders?.has("Retry-After")) return noStoreHeaders({ errorHeaders });
  // A staff preview of the banner is one person's page too.
  const personal = loaderHeaders.has("Set-Cookie") || /private/.test(loaderHeaders.get("Cache-Control") ?? "");
  return personal ? { "Cache-Control": PRIVATE_NO_STORE } : {};
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getConfig();
  let previewed = false;
  const [{ toast, form, headers }, bannerBlock, retiredIndustries, businessRead] = await Promise.all([
    takeFlashToast(request),
    database(context)
      .then(async (db) => {
        const staff = staffPreview(context);
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
    // Retired industries' pages answer 404, so the shell leaves them out.
    retiredIndustriesOrNone(config.HTML_CACHE_SECONDS, "the header and footer"),
    businessDetailsForPage(),
  ]);
  const { content, ctaLabel, ctaLink } = resolveTextBlock("site_banner", bannerBlock);
  const shellData: ShellData = {
    siteUrl: config.SITE_URL,
    gaMeasurementId: config.GA_MEASUREMENT_ID ?? null,
    toast,
    submittedForm: form ?? null,
    banner: { content, ctaLabel, ctaLink },
    retiredIndustries,
    business: businessRead.details,
  };
  // A staff preview, or placeholders for want of the database: never cached.
  if (previewed || businessRead.degraded) {
    const personal = new Headers(headers);
    personal.set("Cache-Control", PRIVATE_NO_STORE);
    return data(shellData, { headers: personal });
  }
  return headers ? data(shellData, { headers }) : shellData;
}

function Shell({ children }: { children: React.ReactNode }) {
  const shell = useShellData();
  return (
    <>
      <PromoBanner banner={shell?.banner ?? builtInBanner} />
      <SiteHeader />
      <main id="main" className="flex-1" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ToastRegion toasts={[shell?.toast ? withPromise(shell.toast, shell.business) : null]} />
      {/* One cached file for every public page (decision 0031). */}
      <script src={pageScriptPath} defer />
    </>
  );
}

/** Staff pages (their own layout) never run this loader. */
export default function PublicShell() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <RouteErrorContent error={error} />
    </Shell>
  );
}

function withPromise(toast: ToastMessage, business: BusinessDetails | undefined): ToastMessage {
  return toast.description
    ? { ...toast, description: withReplyPromise(toast.description, promisedHours(business)) }
    : toast;
}
