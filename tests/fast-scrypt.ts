import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes for tests at a sixteenth of better-auth's scrypt cost (N 1,024 instead of
 * 16,384), in its "salt:key" format: every sign-in, sign-up and reset still hashes and verifies
 * for real, in milliseconds instead of 100–200 ms. Production keeps better-auth's parameters.
 */
const PARAMS = { N: 1024, r: 16, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, PARAMS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function fastHashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function fastVerifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, stored] = hash.split(":");
  if (!salt || !stored) return false;
  return timingSafeEqual(await derive(password, salt), Buffer.from(stored, "hex"));
}
