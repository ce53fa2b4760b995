import { createHash } from "node:crypto";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { rateLimits } from "../db/schema";
import { reportError } from "../error-reporting.server";
import { log } from "../log.server";
import { networkOf } from "./address-network.server";
import type { HashStanding } from "./password-hashing.server";

/** Counted in the database so instances share limits and a restart resets nothing (decision 0019). */
export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_ATTEMPTS_PER_EMAIL = 25;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_NETWORK_FACTOR = 4;
const HOUR = 3600;
const DAY = 24 * HOUR;

// Per (account, address) so a password holder cannot lock the owner out everywhere.
export const SECOND_FACTOR_FAILURES_PER_ADDRESS = 10;
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 30;

export const LOGIN_LIMITED_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes before trying again, or reset your password by email.";

// Each kind has its own budget: anonymous sign-ups never use up what a reset or invitation needs.
export type AccountMailKind = "sign-up" | "password-reset" | "invitation";
const ACCOUNT_MAIL_KINDS: readonly AccountMailKind[] = ["sign-up", "password-reset", "invitation"];

export type AuthLimitSettings = {
  failuresPerAddress: number;
  signUpsPerAddressPerHour: number;
  accountMailsPerRecipientPerDay: number;
  accountMailsPerHour: number;
};

export type AuthLimits = {
  /** Seconds to wait, else 0. A trusted device meets only its (e-mail, address) limit. */
  beginSignIn(email: string, address: string, standing?: HashStanding): Promise<number>;
  signInSucceeded(email: string, address: string, standing?: HashStanding): Promise<void>;
  signInNotCounted(email: string, address: string, standing?: HashStanding): Promise<void>;
  signInBusy(email: string, address: string, standing?: HashStanding): Promise<void>;
  beginSecondFactor(userId: string, address: string): Promise<number>;
  endSecondFactor(userId: string, address: string, outcome: { ok: boolean; counted: boolean }): Promise<void>;
  firstRefusal(email: string, address: string): Promise<boolean>;
  takeSignUp(address: string): Promise<number>;
  takeResetRequest(address: string): Promise<number>;
  takeAccountMail(recipient: string, kind: AccountMailKind): Promise<boolean>;
  mailBudgetWait(kind: AccountMailKind): Promise<number>;
};

/** E-mail addresses are kept in `rate_limits` only as digests. */
const emailKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

export function createAuthLimits(db: AppDatabase, settings: AuthLimitSettings): AuthLimits {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration });
  const byPair = limiter("login-pair", SIGN_IN_ATTEMPTS, LOGIN_WINDOW_SECONDS);
  const byEmail = limiter("login-email", SIGN_IN_ATTEMPTS_PER_EMAIL, LOGIN_WINDOW_SECONDS);
  const byAddress = limiter("login-address", settings.failuresPerAddress, LOGIN_WINDOW_SECONDS);
  const byNetwork = limiter(
    "login-network",
    settings.failuresPerAddress * SIGN_IN_NETWORK_FACTOR,
    LOGIN_WINDOW_SECONDS,
  );
  const signUps = limiter("signup-address", settings.signUpsPerAddressPerHour, HOUR);
  const signUpNetworks = limiter("signup-network", settings.signUpsPerAddressPerHour, HOUR);
  const resets = limiter("reset-address", settings.signUpsPerAddressPerHour, HOUR);
  const resetNetworks = limiter("reset-network", settings.signUpsPerAddressPerHour, HOUR);
  const refusals = limiter("login-refused", 1, LOGIN_WINDOW_SECONDS);
  const codesByPair = limiter("second-factor-pair", SECOND_FACTOR_FAILURES_PER_ADDRESS, LOGIN_WINDOW_SECONDS);
  const codesByAccount = limiter("second-factor-account", SECOND_FACTOR_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_SECONDS);
  const mailsTo = limiter("account-mail-recipient", settings.accountMailsPerRecipientPerDay, DAY);
  const budgets = Object.fromEntries(
    ACCOUNT_MAIL_KINDS.map((kind) => [kind, limiter(`account-mail-${kind}`, settings.accountMailsPerHour, HOUR)]),
  ) as Record<AccountMailKind, RateLimiterDrizzle>;
  const exhaustedReports = limiter("account-mail-exhausted", 1, HOUR);
  const fromAddressAndNetwork = async (
    byAddress: RateLimiterDrizzle,
    byNetwork: RateLimiterDrizzle,
    address: string,
  ) => {
    const wait = await take(byAddress, address);
    return wait > 0 ? wait : take(byNetwork, networkOf(address));
  };
  const signInKeys = (email: string, address: string, standing: HashStanding = "known") => {
    const pair = [byPair, `${emailKey(email)}|${address}`] as const;
    if (standing === "trusted") return { pair, account: [pair], source: [] };
    return {
      pair,
      account: [pair, [byEmail, emailKey(email)] as const],
      source: [[byAddress, address] as const, [byNetwork, networkOf(address)] as const],
    };
  };
  const giveBack = (keys: readonly (readonly [RateLimiterDrizzle, string])[]) =>
    Promise.all(keys.map(([store, key]) => store.reward(key, 1)));

  return {
    async beginSignIn(email, address, standing) {
      const { account, source } = signInKeys(email, address, standing);
      const taken = await Promise.all([...account, ...source].map(([store, key]) => take(store, key)));
      return Math.max(...taken);
    },
    async signInSucceeded(email, address, standing) {
      const { pair, account, source } = signInKeys(email, address, standing);
      await Promise.all([pair[0].delete(pair[1]), giveBack([...account.slice(1), ...source])]);
    },
    async signInNotCounted(email, address, standing) {
      const { account, source } = signInKeys(email, address, standing);
      await giveBack([...account, ...source]);
    },
    async signInBusy(email, address, standing) {
      await giveBack(signInKeys(email, address, standing).account);
    },
    async beginSecondFactor(userId, address) {
      const taken = await Promise.all([take(codesByPair, `${userId}|${address}`), take(codesByAccount, userId)]);
      return Math.max(...taken);
    },
    async endSecondFactor(userId, address, { ok, counted }) {
      if (ok) await Promise.all([codesByPair.delete(`${userId}|${address}`), codesByAccount.reward(userId, 1)]);
      else if (!counted)
        await Promise.all([codesByPair.reward(`${userId}|${address}`, 1), codesByAccount.reward(userId, 1)]);
    },
    firstRefusal: async (email, address) => (await take(refusals, `${emailKey(email)}|${address}`)) === 0,
    takeSignUp: (address) => fromAddressAndNetwork(signUps, signUpNetworks, address),
    takeResetRequest: (address) => fromAddressAndNetwork(resets, resetNetworks, address),
    async takeAccountMail(recipient, kind) {
      if ((await take(mailsTo, emailKey(recipient))) > 0) return false;
      if ((await take(budgets[kind], "all")) === 0) return true;
      if ((await take(exhaustedReports, kind)) === 0) {
        log.error({ kind }, "Account e-mail budget used up for the hour");
        reportError(new Error(`The hourly budget of ${kind} e-mails is used up`), { job: "account-mail" });
      }
      return false;
    },
    async mailBudgetWait(kind) {
      const used = await budgets[kind].get("all");
      return used && used.consumedPoints >= settings.accountMailsPerHour
        ? Math.max(1, Math.ceil(used.msBeforeNext / 1000))
        : 0;
    },
  };
}

async function take(store: RateLimiterDrizzle, key: string): Promise<number> {
  try {
    await store.consume(key);
    return 0;
  } catch (reason) {
    // A refusal is expected; a database error must surface.
    if (reason instanceof RateLimiterRes) return Math.max(1, Math.ceil(reason.msBeforeNext / 1000));
    throw reason;
  }
}

let current: { db: AppDatabase; limits: AuthLimits } | undefined;

export async function authLimits(): Promise<AuthLimits> {
  const db = await getDb();
  if (current?.db !== db) {
    const config = getConfig();
    current = {
      db,
      limits: createAuthLimits(db, {
        failuresPerAddress: config.LOGIN_FAILURES_PER_ADDRESS,
        signUpsPerAddressPerHour: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
        accountMailsPerRecipientPerDay: config.ACCOUNT_MAILS_PER_RECIPIENT_PER_DAY,
        accountMailsPerHour: config.ACCOUNT_MAILS_PER_HOUR,
      }),
    };
  }
  return current.limits;
}

export async function pausedAccountMail(): Promise<{ kind: AccountMailKind; seconds: number }[]> {
  const limits = await authLimits();
  const waits = await Promise.all(
    ACCOUNT_MAIL_KINDS.map(async (kind) => ({ kind, seconds: await limits.mailBudgetWait(kind) })),
  );
  return waits.filter((wait) => wait.seconds > 0);
}
