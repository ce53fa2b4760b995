import { RateLimiterMemory } from "rate-limiter-flexible";
import { getConfig } from "../config.server";

/**
 * Failed sign-ins are limited on the server, per client address and per e-mail: the browser's
 * counter (spec: 5 attempts) is a courtesy, not a guard. Only failures count; a success clears
 * the e-mail's count. In memory for now: one instance per database (see issue 12 for sharing it
 * through PostgreSQL when several instances run).
 */
export const FAILED_LOGINS_PER_EMAIL = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const LOGIN_LIMITED_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes before trying again, or ask an administrator to reset your password.";

const KEY = Symbol.for("solar-advisory.login-limits");
type Limits = { byEmail: RateLimiterMemory; byAddress: RateLimiterMemory };
type WithLimits = typeof globalThis & { [KEY]?: Limits };

function limits(): Limits {
  const g = globalThis as WithLimits;
  const perAddress = getConfig().LOGIN_FAILURES_PER_ADDRESS;
  g[KEY] ??= {
    byEmail: new RateLimiterMemory({
      keyPrefix: "login-email",
      points: FAILED_LOGINS_PER_EMAIL,
      duration: LOGIN_WINDOW_SECONDS,
    }),
    byAddress: new RateLimiterMemory({
      keyPrefix: "login-address",
      points: perAddress,
      duration: LOGIN_WINDOW_SECONDS,
    }),
  };
  return g[KEY];
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** Seconds to wait before another attempt, or 0 when one may be made. */
export async function loginRetryAfter(email: string, address: string): Promise<number> {
  const { byEmail, byAddress } = limits();
  const [mail, client] = await Promise.all([byEmail.get(emailKey(email)), byAddress.get(address)]);
  const wait = (state: typeof mail, points: number) =>
    state && state.consumedPoints >= points ? Math.ceil(state.msBeforeNext / 1000) : 0;
  return Math.max(wait(mail, FAILED_LOGINS_PER_EMAIL), wait(client, getConfig().LOGIN_FAILURES_PER_ADDRESS));
}

export async function recordFailedLogin(email: string, address: string): Promise<void> {
  const { byEmail, byAddress } = limits();
  // consume() rejects once the points are used up; the count is what matters here.
  await Promise.all([byEmail.consume(emailKey(email)).catch(() => {}), byAddress.consume(address).catch(() => {})]);
}

export async function clearFailedLogins(email: string): Promise<void> {
  await limits().byEmail.delete(emailKey(email));
}
