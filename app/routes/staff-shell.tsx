import { Outlet, useMatches } from "react-router";
import { LogoMark } from "~/components/logo";
import { StaffProgress } from "~/components/staff/staff-progress";
import { StaffShortcuts } from "~/components/staff/staff-shortcuts";
import { StaffToastProvider } from "~/components/staff/staff-toasts";
import { noStoreHeaders } from "~/lib/cache-headers";
import type { RouteHandle } from "~/lib/route-handle";
import { assertSameOrigin } from "~/server/auth/staff-guard.server";
import { retryAfterOnDatabaseOutage } from "~/server/db/availability.server";
import type { Route } from "./+types/staff-shell";

/** Hydrated, unlike public pages, so links to them are plain <a> that reload the document. */
export const handle: RouteHandle = { hydrate: true };

export const headers = noStoreHeaders;

/**
 * React Router refuses a foreign Origin; this also refuses a cross-site post without one (login
 * CSRF, reset mails).
 */
const sameOriginPosts: Route.MiddlewareFunction = ({ request }) => {
  assertSameOrigin(request);
};

export const middleware: Route.MiddlewareFunction[] = [retryAfterOnDatabaseOutage, sameOriginPosts];

export default function StaffShell() {
  const inAdmin = useMatches().some((match) => match.id === "routes/admin/layout");
  return (
    <StaffToastProvider>
      <StaffProgress />
      {inAdmin ? <StaffShortcuts /> : null}
      <div className="flex min-h-screen flex-col">
        {/* /admin pages have the bar of their own layout. */}
        {inAdmin ? null : (
          <header className="border-b border-slate-200 bg-navy-950 text-white">
            <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
              <span className="flex items-center gap-2 font-semibold">
                <LogoMark />
                <span>Staff area</span>
              </span>
              <a href="/" className="inline-flex min-h-11 items-center text-sm underline underline-offset-4">
                View the public site
              </a>
            </div>
          </header>
        )}
        <Outlet />
      </div>
    </StaffToastProvider>
  );
}
