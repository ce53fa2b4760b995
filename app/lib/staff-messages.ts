/** Spec section 8 texts of the staff area, shared by server guards and pages. */
export const ACCESS_DENIED = {
  title: "Access Denied",
  message: "You need admin privileges to access this page.",
} as const;

export const LEADS_FETCH_FAILED = {
  title: "Error",
  description: "Failed to fetch lead submissions",
  variant: "destructive",
} as const;
