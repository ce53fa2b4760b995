import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb } from "../db/db.server";
import { auditEvents, user } from "../db/schema";
import { networkOf } from "./address-network.server";
import { getAuth } from "./auth.server";
import type { HashStanding } from "./password-hashing.server";

const KNOWN_ADDRESS_DAYS = 30;

export async function signInStanding(request: Request, email: string, address: string): Promise<HashStanding> {
  const subject = email.trim().toLowerCase();
  if (await carriesTrustedDevice(request, subject)) return "trusted";
  const db = await getDb();
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000);
  const rows = await db
    .select({ address: auditEvents.address })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, "sign-in.ok"), eq(auditEvents.subject, subject), gt(auditEvents.at, since)))
    .orderBy(desc(auditEvents.at))
    .limit(50);
  const network = networkOf(address);
  return rows.some((row) => row.address !== null && networkOf(row.address) === network) ? "known" : "unknown";
}

async function carriesTrustedDevice(request: Request, email: string): Promise<boolean> {
  const value = await signedAuthCookie(request, "trust_device");
  const [token, identifier] = value?.split("!") ?? [];
  if (!token || !identifier) return false;
  const [account] = await (await getDb()).select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (!account) return false;
  const auth = await (await getAuth()).$context;
  const expected = createHmac("sha256", auth.secret).update(`${account.id}!${identifier}`).digest("base64url");
  if (!sameText(token, expected)) return false;
  const record = await auth.internalAdapter.findVerificationValue(identifier);
  return record?.value === account.id && record.expiresAt > new Date();
}

export async function challengedAccount(request: Request): Promise<string | null> {
  const identifier = await signedAuthCookie(request, "two_factor");
  if (!identifier) return null;
  const auth = await (await getAuth()).$context;
  return (await auth.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

/** better-call signs cookies as "<value>.<base64 HMAC-SHA256>". */
async function signedAuthCookie(request: Request, name: string): Promise<string | null> {
  const auth = await (await getAuth()).$context;
  const raw = parseCookies(request.headers.get("cookie") ?? "").get(auth.createAuthCookie(name).name);
  const dot = raw?.lastIndexOf(".") ?? -1;
  if (!raw || dot < 1) return null;
  const value = raw.slice(0, dot);
  const signature = createHmac("sha256", auth.secret).update(value).digest("base64");
  return sameText(raw.slice(dot + 1), signature) ? value : null;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
