import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import { ServiceUnavailableContent } from "~/components/service-unavailable-content";
import { AccessDenied } from "~/components/staff/access-denied";
import { StaffHeader } from "~/components/staff/staff-header";
import { noStoreHeaders } from "~/lib/cache-headers";
import { SECTION_ROLES, type StaffRole } from "~/lib/staff-messages";
import { staffContext, staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/layout";

export const headers = noStoreHeaders;

/**
 * The first guard for everything under /admin (decisions 0007, 0012): a staff role. Sections narrow
 * it: leads-area.tsx (admin only), content-area.tsx (admin, editor).
 */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.staffArea)];

export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return { staff: { name: staff.name, email: staff.email, role: staff.role } };
}

/** Links only: the server guards each section whatever the menu shows. */
const nav: { to: string; label: string; end: boolean; roles: readonly StaffRole[] }[] = [
  { to: "/admin", label: "Dashboard", end: true, roles: SECTION_ROLES.staffArea },
  { to: "/admin/leads", label: "Leads", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/content", label: "Content", end: false, roles: SECTION_ROLES.content },
  { to: "/admin/mail", label: "Mail", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/accounts", label: "Accounts", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/audit", label: "Audit log", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/settings", label: "Business details", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/webhooks", label: "Webhooks", end: false, roles: SECTION_ROLES.adminOnly },
  { to: "/admin/privacy", label: "Privacy", end: false, roles: SECTION_ROLES.adminOnly },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { role } = loaderData.staff;
  const items = nav.filter((item) => item.roles.includes(role));
  return (
    <div className="flex flex-1 flex-col">
      <StaffHeader items={items} email={loaderData.staff.email} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Also the guard's own errors: React Router shows a middleware's error at the highest route with a
 * loader, this one.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <main id="main" tabIndex={-1} className="flex-1">
        <ServiceUnavailableContent />
      </main>
    );
  }
  // Runs in the browser too (the staff app is hydrated): the console, not the server log.
  console.error(error);
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl flex-1 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">
        {isRouteErrorResponse(error) && error.status === 404
          ? "That lead or file does not exist."
          : "The staff area could not be loaded. Please try again in a moment."}
      </p>
    </main>
  );
}
