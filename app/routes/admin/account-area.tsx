import { Outlet } from "react-router";
import { SECTION_ROLES } from "~/lib/staff-messages";
import { staffSection } from "~/server/auth/staff-guard.server";
import type { Route } from "./+types/account-area";

/** Every staff member's own password and sessions (decision 0012). */
export const middleware: Route.MiddlewareFunction[] = [staffSection(...SECTION_ROLES.ownAccount)];

export default function AdminAccountArea() {
  return <Outlet />;
}
