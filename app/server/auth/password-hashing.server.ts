import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Password hashing with a cap on how many run at once. scrypt runs in libuv's thread pool, which
 * compression and file writes share, and takes a whole core: uncapped, 16 concurrent sign-ins
 * made pages and bill uploads wait 30 s (review N2). A few more checks may wait briefly for the
 * slot (two staff signing in together); beyond that the attempt is refused at once (503).
 */
export class HashingBusyError extends Error {
  constructor() {
    super("Too many password checks at once");
    this.name = "HashingBusyError";
  }
}

export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
  /** Hashes running now (for tests and the bench). */
  running(): number;
};

/** Checks that may wait for a slot, and for how long, before the answer is 503. */
export const HASH_QUEUE = { length: 4, waitMs: 3_000 };

export function cappedPasswordHashing(atOnce: number, queue = HASH_QUEUE): PasswordHashing {
  let running = 0;
  const waiting: (() => void)[] = [];
  function acquire(): Promise<void> {
    if (running < atOnce) {
      running++;
      return Promise.resolve();
    }
    if (waiting.length >= queue.length) return Promise.reject(new HashingBusyError());
    return new Promise((resolve, reject) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(handOver), 1);
        reject(new HashingBusyError());
      }, queue.waitMs);
      waiting.push(handOver);
    });
  }
  // A finished check hands its slot to the first one waiting (the count of running stays).
  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
  async function gated<T>(work: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
  return {
    hash: (password) => gated(() => hashPassword(password)),
    verify: ({ hash, password }) => gated(() => verifyPassword({ hash, password })),
    running: () => running,
  };
}
