import { Outlet } from "react-router";
import { SECTION_ROLES } from "~/lib/staff-messages";
import { secondFactorRequired, staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/content-area";

/**
 * The content section of /admin (docs/decisions/0012): the content editor, for admins and
 * editors. A pathless layout: its middleware guards every route placed under it in
 * app/routes.ts (/admin/content and /admin/content/*), pages, actions and data requests alike.
 * Nothing under it may show a lead or a bill.
 */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.content), secondFactorRequired];

export default function AdminContentArea() {
  return <Outlet />;
}
