import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * Password hashing with a cap on how many run at once. scrypt runs in libuv's thread pool, which
 * compression and file writes share: uncapped, 16 concurrent sign-ins made pages and bill uploads
 * wait 30 s (review N2). Beyond the cap the attempt is refused at once (503), not queued.
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

export function cappedPasswordHashing(atOnce: number): PasswordHashing {
  let running = 0;
  async function gated<T>(work: () => Promise<T>): Promise<T> {
    if (running >= atOnce) throw new HashingBusyError();
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  }
  return {
    hash: (password) => gated(() => hashPassword(password)),
    verify: ({ hash, password }) => gated(() => verifyPassword({ hash, password })),
    running: () => running,
  };
}
