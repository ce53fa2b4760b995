// Checked before any query: PostgreSQL answers a NUL or a malformed uuid with an error (a 500).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** better-auth's generateId: 32 characters of a-z, A-Z, 0-9. */
export function isAccountId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{32}$/.test(value);
}
