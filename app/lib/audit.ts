import { SEARCH_MAX } from "./lead-workspace";
import { withoutControlCharacters } from "./validation/common";

/** Decision 0018. A new action is added here, with its label. */
export const AUDIT_ACTIONS = [
  "sign-in.ok",
  "sign-in.failed",
  "sign-in.limited",
  "role.granted",
  "role.revoked",
  "leads.exported",
  "bill.opened",
  "content.published",
  "content.restored",
  "mail.retried",
  "mail.readdressed",
  "mail.discarded",
  "session.revoked",
  "password.changed",
  "password.reset",
  "profile.changed",
  "two-factor.enabled",
  "two-factor.disabled",
  "account.disabled",
  "account.enabled",
  "account.invited",
  "invitation.revoked",
  "invitation.accepted",
  "settings.changed",
  "webhook.added",
  "webhook.changed",
  "webhook.removed",
  "email-template.changed",
  "backup.completed",
  "backup.failed",
  "backup.restored",
  "lead.spam",
  "lead.not-spam",
  "block.added",
  "block.lifted",
  "privacy.exported",
  "privacy.deleted",
  "retention.purged",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "sign-in.ok": "Signed in",
  "sign-in.failed": "Sign-in failed",
  "sign-in.limited": "Sign-in refused (too many attempts)",
  "role.granted": "Role granted",
  "role.revoked": "Role removed",
  "leads.exported": "Leads exported (CSV)",
  "bill.opened": "Bill file opened",
  "content.published": "Content published",
  "content.restored": "Content restored",
  "mail.retried": "E-mail retried",
  "mail.readdressed": "E-mail sent to another address",
  "mail.discarded": "E-mail discarded",
  "session.revoked": "Session ended",
  "password.changed": "Password changed",
  "password.reset": "Password reset",
  "profile.changed": "Name or signature changed",
  "two-factor.enabled": "Two-factor enabled",
  "two-factor.disabled": "Two-factor disabled",
  "account.disabled": "Account disabled",
  "account.enabled": "Account enabled again",
  "account.invited": "Colleague invited",
  "invitation.revoked": "Invitation withdrawn",
  "invitation.accepted": "Invitation accepted",
  "settings.changed": "Business details changed",
  "webhook.added": "Webhook added",
  "webhook.changed": "Webhook paused or resumed",
  "webhook.removed": "Webhook removed",
  "email-template.changed": "E-mail template changed",
  "backup.completed": "Backup written",
  "backup.failed": "Backup failed",
  "backup.restored": "Restored from a backup",
  "lead.spam": "Lead marked as spam",
  "lead.not-spam": "Lead marked not spam",
  "block.added": "Address or domain blocked",
  "block.lifted": "Block lifted",
  "privacy.exported": "Personal data exported",
  "privacy.deleted": "Personal data deleted",
  "retention.purged": "Old leads purged (retention)",
};

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** An action from a later version shows as stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}

export const AUDIT_PAGE_SIZE = 50;

export type AuditFilters = { q: string; action: AuditAction | null; page: number };

export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const action = params.get("action");
  return {
    q: withoutControlCharacters(params.get("q") ?? "")
      .trim()
      .slice(0, SEARCH_MAX),
    action: isAuditAction(action) ? action : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
  };
}

export function auditFiltersToParams(filters: Partial<AuditFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.action) params.set("action", filters.action);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

export function auditDetailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([key, value]) => {
      const shown = Array.isArray(value)
        ? value.join(", ")
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value);
      return `${key}: ${shown}`;
    })
    .join(" · ");
}

/** `stored` keeps what the row holds (an id, an address), shown when the record is gone. */
export type AuditSubject = { text: string; href: string | null; stored: string; gone: boolean };
