import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { AppDatabase } from "../db/client.server";
import { twoFactor } from "../db/schema";

/** A TOTP code works once (RFC 6238 §5.2); better-auth 1.7 accepts a code again for its whole ~90 s window. */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_WINDOW = 1;
const BASE32_PREFIX = "base32:";
type SecretConfig = Parameters<typeof symmetricDecrypt>[0]["key"];

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac("sha1", key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0xf;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

export function totpStepOf(key: Buffer, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
  let matched: number | null = null;
  for (let step = Math.max(0, current - TOTP_WINDOW); step <= current + TOTP_WINDOW; step++) {
    // Every candidate is compared (no early exit), as better-auth does.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) matched ??= step;
  }
  return matched;
}

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
}

async function totpKey(stored: string, secretConfig: SecretConfig): Promise<Buffer> {
  const secret = await symmetricDecrypt({ key: secretConfig, data: stored });
  return secret.startsWith(BASE32_PREFIX) ? base32Decode(secret.slice(BASE32_PREFIX.length)) : Buffer.from(secret);
}

export async function claimTotpCode(
  db: AppDatabase,
  userId: string,
  code: string,
  secretConfig: SecretConfig,
  now = Date.now(),
): Promise<"claimed" | "replayed" | "no-match"> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return "no-match";
  const step = totpStepOf(await totpKey(row.secret, secretConfig), code, now);
  if (step === null) return "no-match";
  // One conditional update: of two requests with the same code, only one moves the step on.
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "claimed" : "replayed";
}

export async function forgetTotpStep(db: AppDatabase, userId: string): Promise<void> {
  await db.update(twoFactor).set({ lastTotpStep: null }).where(eq(twoFactor.userId, userId));
}

const REPLAYED_CODE = { code: "INVALID_CODE", message: "Invalid code" } as const;

export function totpReplayGuard(db: AppDatabase) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-totp") return;
    const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
    const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie("two_factor").name, ctx.context.secret);
    if (!challenge) return;
    const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
    if (!pending?.value) return;
    if ((await claimTotpCode(db, pending.value, code, ctx.context.secretConfig)) === "replayed") {
      throw new APIError("UNAUTHORIZED", REPLAYED_CODE);
    }
  });
}
