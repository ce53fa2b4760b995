import { createHmac } from "node:crypto";
import { getConfig } from "../config.server";

/**
 * Used when SESSION_SECRET is unset (development, tests): the digest still names no address in
 * clear, but anyone with the code can test a guess, so production sets SESSION_SECRET.
 */
const APP_SALT = "solar-advisory-site/privacy-digest/v1";

/** The form every lookup uses: trimmed, lower-cased. */
export const normalizeAddress = (address: string): string => address.trim().toLowerCase();

/**
 * What the audit log and the deletion journal keep instead of an address: HMAC-SHA-256 of the
 * lower-cased address, keyed with SESSION_SECRET (else the fixed salt above).
 */
export function addressDigest(address: string, secret = getConfig().SESSION_SECRET): string {
  return createHmac("sha256", secret ?? APP_SALT)
    .update(normalizeAddress(address))
    .digest("hex");
}
