import { randomBytes } from "node:crypto";

/** The spec's path `energy-bills/{timestamp}-{random}.{ext}`; `lead_submissions.file_url` holds it, whatever the store. */
export const BILL_KEY_FOLDER = "energy-bills";

const KEY_PATTERN = /^energy-bills\/(\d+)-[0-9a-f]{16}\.(pdf|jpg|jpeg|png)$/;

export function newBillKey(extension: string, now = Date.now()): string {
  return `${BILL_KEY_FOLDER}/${now}-${randomBytes(8).toString("hex")}.${extension}`;
}

export function billKeyTime(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}

export function isBillKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertBillKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

export function billExistsError(key: string, cause?: unknown): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`EEXIST: a bill is already stored under ${key}`, { cause });
  error.code = "EEXIST";
  return error;
}

export function billKeyContentType(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return extension === "pdf" ? "application/pdf" : extension === "png" ? "image/png" : "image/jpeg";
}
