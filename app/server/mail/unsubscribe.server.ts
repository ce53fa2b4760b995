import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { emailSuppressions, siteSettings } from "../db/schema";

/** The token is an HMAC with a database-kept key, so no one can make a link for someone else's address. */
const KEY_ROW = "unsubscribe-key";
// Per database handle: a process (or a test) may open more than one.
const cachedKeys = new WeakMap<AppDatabase, Buffer>();

export async function signingKey(db: AppDatabase): Promise<Buffer> {
  const cached = cachedKeys.get(db);
  if (cached) return cached;
  await db
    .insert(siteSettings)
    .values({ key: KEY_ROW, values: { key: randomBytes(32).toString("base64") }, updatedByName: "system" })
    .onConflictDoNothing();
  const [row] = await db
    .select({ values: siteSettings.values })
    .from(siteSettings)
    .where(eq(siteSettings.key, KEY_ROW));
  const key = Buffer.from(String(row?.values.key ?? ""), "base64");
  cachedKeys.set(db, key);
  return key;
}

const tokenOf = (key: Buffer, email: string) =>
  createHmac("sha256", key).update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);

export async function unsubscribeUrl(db: AppDatabase, siteUrl: string, email: string): Promise<string> {
  const token = tokenOf(await signingKey(db), email);
  const query = new URLSearchParams({ e: Buffer.from(email.trim().toLowerCase()).toString("base64url"), t: token });
  return `${siteUrl}/unsubscribe?${query}`;
}

export async function verifiedAddress(
  db: AppDatabase,
  encoded: string | null,
  token: string | null,
): Promise<string | null> {
  if (!encoded || !token || encoded.length > 400 || token.length !== 32) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@")) return null;
  const expected = Buffer.from(tokenOf(await signingKey(db), email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected) ? email : null;
}

export async function suppress(db: AppDatabase, email: string): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: email.trim().toLowerCase(), reason: "unsubscribed" })
    .onConflictDoNothing();
}

export async function isSuppressed(db: AppDatabase, email: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: emailSuppressions.createdAt })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, sql`lower(${email.trim()})`));
  return row?.at ?? null;
}
