import { RateLimiterDrizzle } from "rate-limiter-flexible";
import { getConfig } from "../config.server";
import type { AppDatabase } from "../db/client.server";
import { getDb } from "../db/db.server";
import { rateLimits } from "../db/schema";

/**
 * Failed sign-ins are limited on the server, per client address and per e-mail: the browser's
 * counter (spec: 5 attempts) is a courtesy, not a guard. Only failures count; a success clears
 * the e-mail's count. The counters live in the database (rate-limiter-flexible's Drizzle store),
 * so several instances on one PostgreSQL share them and a restart does not reset them.
 */
export const FAILED_LOGINS_PER_EMAIL = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export const LOGIN_LIMITED_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes before trying again, or ask an administrator to reset your password.";

export type LoginLimits = {
  retryAfter(email: string, address: string): Promise<number>;
  recordFailure(email: string, address: string): Promise<void>;
  clear(email: string): Promise<void>;
};

const emailKey = (email: string) => email.trim().toLowerCase();

export function createLoginLimits(db: AppDatabase, perAddress: number): LoginLimits {
  const store = { storeClient: db, schema: rateLimits, duration: LOGIN_WINDOW_SECONDS };
  const byEmail = new RateLimiterDrizzle({ ...store, keyPrefix: "login-email", points: FAILED_LOGINS_PER_EMAIL });
  const byAddress = new RateLimiterDrizzle({ ...store, keyPrefix: "login-address", points: perAddress });
  type State = Awaited<ReturnType<typeof byEmail.get>>;
  const wait = (state: State, points: number) =>
    state && state.consumedPoints >= points ? Math.ceil(state.msBeforeNext / 1000) : 0;
  return {
    async retryAfter(email, address) {
      const [mail, client] = await Promise.all([byEmail.get(emailKey(email)), byAddress.get(address)]);
      return Math.max(wait(mail, FAILED_LOGINS_PER_EMAIL), wait(client, perAddress));
    },
    async recordFailure(email, address) {
      // consume() rejects once the points are used up; the count is what matters here.
      await Promise.all([
        byEmail.consume(emailKey(email)).catch(rethrowStoreErrors),
        byAddress.consume(address).catch(rethrowStoreErrors),
      ]);
    },
    async clear(email) {
      await byEmail.delete(emailKey(email));
    },
  };
}

/** A refusal (points used up) is expected; a database error is not and must surface. */
function rethrowStoreErrors(reason: unknown): void {
  if (reason instanceof Error) throw reason;
}

const KEY = Symbol.for("solar-advisory.login-limits");
type WithLimits = typeof globalThis & { [KEY]?: { db: AppDatabase; limits: LoginLimits } };

async function limits(): Promise<LoginLimits> {
  const db = await getDb();
  const g = globalThis as WithLimits;
  if (g[KEY]?.db !== db) g[KEY] = { db, limits: createLoginLimits(db, getConfig().LOGIN_FAILURES_PER_ADDRESS) };
  return g[KEY].limits;
}

/** Seconds to wait before another attempt, or 0 when one may be made. */
export async function loginRetryAfter(email: string, address: string): Promise<number> {
  return (await limits()).retryAfter(email, address);
}

export async function recordFailedLogin(email: string, address: string): Promise<void> {
  await (await limits()).recordFailure(email, address);
}

export async function clearFailedLogins(email: string): Promise<void> {
  await (await limits()).clear(email);
}
