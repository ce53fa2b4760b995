import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { PASSWORD_RESET_MINUTES } from "~/lib/validation/login";
import { recordAudit } from "../audit/audit-log.server";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { account, emailOutbox, session, twoFactor, user, userRoles, verification } from "../db/schema";
import { log, maskEmail } from "../log.server";
import { clientAddressContext } from "../request-context.server";
import { authLimits } from "./auth-limits.server";
import { cappedPasswordHashing, type PasswordHashing } from "./password-hashing.server";
import { totpReplayGuard } from "./totp-replay.server";

export const SESSION_COOKIE_PREFIX = "better-auth";
export const TRUST_DEVICE_DAYS = 30;
export const ACCOUNT_DISABLED = "ACCOUNT_DISABLED";
const CLIENT_ADDRESS_HEADER = "x-staff-client-address";

export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, context.get(clientAddressContext));
  return headers;
}

let fallbackSecret: string | undefined;

export function createAuth(db: AppDatabase) {
  const config = getConfig();
  // Without SESSION_SECRET sessions last only as long as the process.
  fallbackSecret ??= randomBytes(32).toString("hex");
  const https = config.SITE_URL.startsWith("https://");
  return betterAuth({
    appName: "Commercial Solar Advisors",
    baseURL: config.SITE_URL,
    basePath: "/api/auth",
    secret: config.SESSION_SECRET ?? fallbackSecret,
    trustedOrigins: [config.SITE_URL],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification, twoFactor } }),
    plugins: [
      twoFactorPlugin({
        issuer: "Commercial Solar Advisors",
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 86_400,
        // Its lock is per account (anyone with the password could lock the owner out); ours is per address.
        accountLockout: { enabled: false },
      }),
    ],
    // A code works once: its time step is claimed before the plugin checks it.
    hooks: { before: totpReplayGuard(db) },
    // Digests: a copy of the database opens no account.
    verification: { storeIdentifier: "hashed" },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: passwordHashing(config.PASSWORD_HASHES_AT_ONCE),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user: account }) => {
        await recordAudit({
          action: "password.reset",
          actorId: account.id,
          actorEmail: account.email,
          subject: account.email,
        });
      },
      sendResetPassword: async ({ user: account, token }) => {
        const url = `${config.SITE_URL}/reset-password?${new URLSearchParams({ token })}`;
        await queueAccountMail(db, account.email, "password-reset", "Reset your password", url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      afterEmailVerification: async (account) => {
        await notifyAdminsOfNewAccount(db, { email: account.email, siteUrl: config.SITE_URL });
      },
      sendVerificationEmail: async ({ user: account, url }) => {
        await queueAccountMail(db, account.email, "account-verification", "Confirm your e-mail address", url);
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: {
        create: {
          before: async (row) => {
            const [owner] = await db.select({ disabledAt: user.disabledAt }).from(user).where(eq(user.id, row.userId));
            if (owner?.disabledAt)
              throw new APIError("FORBIDDEN", { code: ACCOUNT_DISABLED, message: "Account disabled" });
          },
        },
      },
    },
    rateLimit: { enabled: false },
    // Only the message: the extra arguments may hold user records or tokens.
    logger: {
      level: "warn",
      log: (level, message) => {
        const method = level === "error" ? "error" : level === "warn" ? "warn" : level === "debug" ? "debug" : "info";
        log[method]({ source: "better-auth" }, String(message).slice(0, 300));
      },
    },
    advanced: {
      // The address our server entry trusted, never a header the client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: https },
    },
    telemetry: { enabled: false },
  });
}

async function queueAccountMail(
  db: AppDatabase,
  to: string,
  template: "account-verification" | "password-reset",
  subject: string,
  url: string,
): Promise<void> {
  if (template === "account-verification" && !(await (await authLimits()).takeAccountMail(to, "sign-up"))) {
    log.warn({ to: maskEmail(to), template }, "Account e-mail not sent: allowance used up");
    return;
  }
  const formType = template === "password-reset" ? "Password reset" : "Account verification";
  await db.insert(emailOutbox).values({ formType, template, subject, toAddress: to, formData: { url } });
}

async function notifyAdminsOfNewAccount(db: AppDatabase, input: { email: string; siteUrl: string }): Promise<void> {
  const admins = await db
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"));
  if (admins.length === 0) return;
  await db.insert(emailOutbox).values(
    admins.map((admin) => ({
      formType: "New staff account",
      template: "staff-notification",
      subject: "A new staff account is waiting for a role",
      toAddress: admin.email,
      formData: { account: input.email, accountsPage: `${input.siteUrl}/admin/accounts` },
    })),
  );
}

export type Auth = ReturnType<typeof createAuth>;

let hashing: PasswordHashing | undefined;

export function passwordHashing(atOnce = getConfig().PASSWORD_HASHES_AT_ONCE): PasswordHashing {
  hashing ??= cappedPasswordHashing(atOnce);
  return hashing;
}

let current: { db: AppDatabase; auth: Auth } | undefined;

export async function getAuth(): Promise<Auth> {
  const db = await getDb();
  if (current?.db !== db) current = { db, auth: createAuth(db) };
  return current.auth;
}
