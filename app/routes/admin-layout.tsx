import { isRouteErrorResponse, NavLink, Outlet, useRouteError } from "react-router";
import { AccessDenied, SignOutButton } from "~/components/staff/access-denied";
import { noStoreHeaders } from "~/lib/cache-headers";
import { cn } from "~/lib/cn";
import { guardStaffRequest, staffContext } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/admin-layout";

export const headers = noStoreHeaders;

/** One guard for every page, action, export and file under /admin (docs/decisions/0007). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await guardStaffRequest(request, context);
    return next();
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return { staff: { name: staff.name, email: staff.email } };
}

const nav = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/leads", label: "Leads", end: false },
  { to: "/admin/mail", label: "Mail", end: false },
  { to: "/admin/accounts", label: "Accounts", end: false },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-1 flex-col">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-2">
          <nav aria-label="Staff" className="flex gap-1">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center rounded-lg px-3 font-medium",
                    isActive ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-slate-100",
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-3 text-sm text-slate-700">
            <span>{loaderData.staff.email}</span>
            <SignOutButton />
          </div>
        </div>
      </div>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}

/** Errors of the pages below (the guard's own 403 is shown by the root boundary, see root.tsx). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied />;
  // Runs in the browser too (the staff app is hydrated): the console, not the server log.
  console.error(error);
  return (
    <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">
        {isRouteErrorResponse(error) && error.status === 404
          ? "That lead or file does not exist."
          : "The staff area could not be loaded. Please try again in a moment."}
      </p>
    </main>
  );
}
