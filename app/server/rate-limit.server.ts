import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { AppDatabase } from "./db/client.server";
import { rateLimits } from "./db/schema";
import { errorFields, log } from "./log.server";

/** If the database cannot count, an in-memory limiter stands in: a visitor is never refused for our fault. */
export type SubmissionVerdict = { allowed: boolean; retryAfterSeconds: number };

export type FormRateLimiter = { take(key: string): Promise<SubmissionVerdict> };

export function createFormRateLimiter(db: AppDatabase, limit: number, windowSeconds: number): FormRateLimiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: "form",
    points: limit,
    duration: windowSeconds,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: "form-insurance", points: limit, duration: windowSeconds }),
  });
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        log.error(errorFields(rejection), "Form rate limit could not be counted: submission allowed");
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
  };
}

const limiters = new WeakMap<AppDatabase, Map<string, FormRateLimiter>>();

export function getFormRateLimiter(db: AppDatabase, limit: number, windowSeconds: number): FormRateLimiter {
  let byDb = limiters.get(db);
  if (!byDb) {
    byDb = new Map();
    limiters.set(db, byDb);
  }
  const id = `${limit}/${windowSeconds}`;
  let limiter = byDb.get(id);
  if (!limiter) {
    limiter = createFormRateLimiter(db, limit, windowSeconds);
    byDb.set(id, limiter);
  }
  return limiter;
}
