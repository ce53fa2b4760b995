/**
 * Formats of the ids the staff area takes from the client (a form field, a URL segment). Checked
 * before any query: PostgreSQL refuses a NUL or a malformed uuid with an error (a 500), and the
 * database need not be asked about what cannot be an id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Leads, bill uploads, e-mails of the outbox, content records and revisions. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * A better-auth user or session id: its generateId makes 32 characters of a-z, A-Z, 0-9, for
 * sign-ups and for accounts made by `npm run admin:create` alike.
 */
export function isAccountId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value);
}
