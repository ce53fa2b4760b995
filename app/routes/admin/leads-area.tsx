import { Outlet } from "react-router";
import { SECTION_ROLES } from "~/lib/staff-messages";
import { secondFactorRequired, staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/leads-area";

/**
 * Pathless layout (decision 0012): its middleware guards everything that shows a lead or a bill or
 * runs the site, pages, data and files alike. Editors get 403.
 */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.adminOnly), secondFactorRequired];

export default function AdminLeadsArea() {
  return <Outlet />;
}
