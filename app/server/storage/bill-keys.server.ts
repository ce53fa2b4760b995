import { randomBytes } from "node:crypto";

/**
 * Storage keys of uploaded bills: the spec's path `energy-bills/{timestamp}-{random}.{ext}`. The
 * key is what `lead_submissions.file_url` holds, whatever the storage (a file under
 * DATA_DIR/uploads, or an object in a bucket, behind an optional prefix).
 */
export const BILL_KEY_FOLDER = "energy-bills";

const KEY_PATTERN = /^energy-bills\/(\d+)-[0-9a-f]{16}\.(pdf|jpg|jpeg|png)$/;

export function newBillKey(extension: string, now = Date.now()): string {
  return `${BILL_KEY_FOLDER}/${now}-${randomBytes(8).toString("hex")}.${extension}`;
}

/** When a key was made (the timestamp in its name), or null for a name that is not a key. */
export function billKeyTime(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}

export function isBillKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Throws for anything that is not a bill key (a path from elsewhere never reaches storage). */
export function assertBillKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** The error `put` rejects with when the key is taken: code EEXIST, as the local store's `wx`. */
export function billExistsError(key: string, cause?: unknown): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`EEXIST: a bill is already stored under ${key}`, { cause });
  error.code = "EEXIST";
  return error;
}

/** The content type a bill of this key's extension is served as. */
export function billKeyContentType(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return extension === "pdf" ? "application/pdf" : extension === "png" ? "image/png" : "image/jpeg";
}
