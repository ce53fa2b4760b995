import { Outlet } from "react-router";
import { SECTION_ROLES } from "~/lib/staff-messages";
import { secondFactorRequired, staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/leads-area";

/**
 * The admin-only section of /admin (docs/decisions/0012): everything that shows a lead or a bill
 * (the lead list, a lead, the CSV export, bill files) and what runs the site (mail, accounts, the
 * audit log).
 * A pathless layout: its middleware guards every route placed under it in app/routes.ts, pages,
 * actions, data requests and files alike. An editor gets 403 Access Denied here.
 */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.adminOnly), secondFactorRequired];

export default function AdminLeadsArea() {
  return <Outlet />;
}
