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

/**
 * Every limit on staff accounts, counted in the database (rate-limiter-flexible's Drizzle store)
 * so instances on one PostgreSQL share them and a restart resets nothing. Decision 0019.
 * Sign-in attempts are taken before the password is hashed and given back on success.
 */
export const SIGN_IN_ATTEMPTS = 5;
/** From every address together: a guesser spread over many addresses meets this ceiling. */
export const SIGN_IN_ATTEMPTS_PER_EMAIL = 25;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** A network (/24, /64) may make this many times an address's attempts: a flood rotating addresses meets it. */
export const SIGN_IN_NETWORK_FACTOR = 4;
const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * Wrong second-factor codes per 15 minutes: per (account, address), so one holder of the password
 * cannot lock the owner out everywhere, and per account, a ceiling on guessing from many addresses.
 * A trusted device is never asked for a code, so never meets either.
 */
export const SECOND_FACTOR_FAILURES_PER_ADDRESS = 10;
export const SECOND_FACTOR_FAILURES_PER_ACCOUNT = 30;

export const LOGIN_LIMITED_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes before trying again, or reset your password by email.";

/**
 * Account e-mails by who asks for them: each kind has its own hourly budget, so anonymous sign-ups
 * can never use up what an admin's reset or a staff invitation needs.
 */
export type AccountMailKind = "sign-up" | "password-reset" | "invitation";
const ACCOUNT_MAIL_KINDS: readonly AccountMailKind[] = ["sign-up", "password-reset", "invitation"];

export type AuthLimitSettings = {
  failuresPerAddress: number;
  signUpsPerAddressPerHour: number;
  accountMailsPerRecipientPerDay: number;
  accountMailsPerHour: number;
};

export type AuthLimits = {
  /**
   * Takes one sign-in attempt; seconds to wait when any limit is used up, else 0. A trusted device
   * meets only its (e-mail, address) limit: strangers' failures never lock it out.
   */
  beginSignIn(email: string, address: string, standing?: HashStanding): Promise<number>;
  /** A right password: the attempt is given back and the (e-mail, address) count cleared. */
  signInSucceeded(email: string, address: string, standing?: HashStanding): Promise<void>;
  /** Not the person's failure (our server failed): the attempt is given back. */
  signInNotCounted(email: string, address: string, standing?: HashStanding): Promise<void>;
  /** Refused as busy: given back to the account, still counted against the address and network. */
  signInBusy(email: string, address: string, standing?: HashStanding): Promise<void>;
  /** Takes one second-factor attempt of the account from the address; seconds to wait when refused, else 0. */
  beginSecondFactor(userId: string, address: string): Promise<number>;
  /** A right code clears the address's count and gives the attempt back; `counted: false` only gives it back. */
  endSecondFactor(userId: string, address: string, outcome: { ok: boolean; counted: boolean }): Promise<void>;
  /** Whether this refusal is the first of its (e-mail, address) in the window: recorded once, not per request. */
  firstRefusal(email: string, address: string): Promise<boolean>;
  /** Takes one sign-up from an address and its network; seconds to wait when refused, else 0. */
  takeSignUp(address: string): Promise<number>;
  /** Takes one password-reset request from an address and its network; seconds to wait when refused, else 0. */
  takeResetRequest(address: string): Promise<number>;
  /** Whether one more account e-mail of this kind may go to this address now (its allowance, then the kind's budget). */
  takeAccountMail(recipient: string, kind: AccountMailKind): Promise<boolean>;
  /** Seconds until the kind's hourly budget has room again; 0 when it has room now. */
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
  // Told once an hour per kind, not once per refused mail.
  const exhaustedReports = limiter("account-mail-exhausted", 1, HOUR);
  const fromAddressAndNetwork = async (
    byAddress: RateLimiterDrizzle,
    byNetwork: RateLimiterDrizzle,
    address: string,
  ) => {
    const wait = await take(byAddress, address);
    return wait > 0 ? wait : take(byNetwork, networkOf(address));
  };
  /** The limits an attempt takes: the account's first (given back when busy), then the source's. */
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
      // The kind's budget is only used by a mail the recipient's own allowance lets through.
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

/** Consumes a point: 0 when allowed, else the seconds until the window frees one. */
async function take(store: RateLimiterDrizzle, key: string): Promise<number> {
  try {
    await store.consume(key);
    return 0;
  } catch (reason) {
    // A refusal (points used up) is expected; a database error is not and must surface.
    if (reason instanceof RateLimiterRes) return Math.max(1, Math.ceil(reason.msBeforeNext / 1000));
    throw reason;
  }
}

let current: { db: AppDatabase; limits: AuthLimits } | undefined;

/** The process's limits over the process's database. */
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

/** The kinds of account e-mail whose hourly budget is used up now, and for how long (the dashboard's notice). */
export async function pausedAccountMail(): Promise<{ kind: AccountMailKind; seconds: number }[]> {
  const limits = await authLimits();
  const waits = await Promise.all(
    ACCOUNT_MAIL_KINDS.map(async (kind) => ({ kind, seconds: await limits.mailBudgetWait(kind) })),
  );
  return waits.filter((wait) => wait.seconds > 0);
}
