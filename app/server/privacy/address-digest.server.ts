import { createHmac } from "node:crypto";
import { getConfig } from "../config.server";

/** Without SESSION_SECRET anyone with the code can test a guess: production sets it. */
const APP_SALT = "solar-advisory-site/privacy-digest/v1";

export const normalizeAddress = (address: string): string => address.trim().toLowerCase();

/** HMAC-SHA-256, so the audit log and the deletion journal never hold an address in clear. */
export function addressDigest(address: string, secret = getConfig().SESSION_SECRET): string {
  return createHmac("sha256", secret ?? APP_SALT)
    .update(normalizeAddress(address))
    .digest("hex");
}
