/** Spec section 8 texts of the staff area, shared by server guards and pages. */
export const ACCESS_DENIED = {
  title: "Access Denied",
  message: "You need admin privileges to access this page.",
  /** Said besides to an account with no staff role yet (a new sign-up): why, and what comes next. */
  waiting: "Your account has no role yet: the administrators have been told, and one of them will give you one.",
} as const;

export const LEADS_FETCH_FAILED = {
  title: "Error",
  description: "Failed to fetch lead submissions",
  variant: "destructive",
} as const;

/**
 * Staff roles (`user_roles.role` is text, one row per user). `admin` sees leads and
 * bills and assigns roles; `editor` edits site content and never sees a lead or a bill. No row,
 * or any other value, is no role: the staff area refuses the account (403).
 */
export const STAFF_ROLES = ["admin", "editor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return (STAFF_ROLES as readonly unknown[]).includes(value);
}

export const ROLE_LABELS: Record<StaffRole | "none", string> = {
  admin: "Admin",
  editor: "Editor",
  none: "No role",
};

/**
 * Who may enter each part of /admin (docs/decisions/0012); the guards of the layouts named here
 * enforce it on the server, the staff menu only follows it. Every route under /admin sits in one
 * of these in app/routes.ts, and tests/integration/staff-roles.isolated.test.ts fails if one does not.
 */
export const SECTION_ROLES = {
  /** routes/admin/layout.tsx, so the dashboard `/admin`: any staff role. */
  staffArea: STAFF_ROLES,
  /** routes/admin/leads-area.tsx: leads, their CSV, bill files, mail, accounts and the audit log. */
  adminOnly: ["admin"],
  /** routes/admin/content-area.tsx: /admin/content/*. */
  content: ["admin", "editor"],
  /** routes/admin/account-area.tsx: /admin/account, one's own password and sessions. */
  ownAccount: ["admin", "editor"],
} as const satisfies Record<string, readonly [StaffRole, ...StaffRole[]]>;
