export const ACCESS_DENIED = {
  title: "Access Denied",
  message: "You need admin privileges to access this page.",
  waiting: "Your account has no role yet: the administrators have been told, and one of them will give you one.",
} as const;

export const LEADS_FETCH_FAILED = {
  title: "Error",
  description: "Failed to fetch lead submissions",
  variant: "destructive",
} as const;

/** `editor` never sees a lead or a bill; no row, or any other value, is no role (403). */
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

/** Decision 0012: enforced by the layouts' guards; a test checks every /admin route is in one. */
export const SECTION_ROLES = {
  staffArea: STAFF_ROLES,
  adminOnly: ["admin"],
  content: ["admin", "editor"],
  ownAccount: ["admin", "editor"],
} as const satisfies Record<string, readonly [StaffRole, ...StaffRole[]]>;
