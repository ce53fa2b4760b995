import { Outlet } from "react-router";
import { SECTION_ROLES } from "~/lib/staff-messages";
import { secondFactorRequired, staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/content-area";

/**
 * Pathless layout (decision 0012): its middleware guards every route under /admin/content for
 * admins and editors. Nothing under it may show a lead or a bill.
 */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.content), secondFactorRequired];

export default function AdminContentArea() {
  return <Outlet />;
}
