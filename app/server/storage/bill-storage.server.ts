import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Private storage for uploaded energy bills. Keys follow the spec's path
 * `energy-bills/{timestamp}-{random}.{ext}`; files live under DATA_DIR/uploads, outside every
 * folder the server publishes, and are only ever read back by server code.
 */
export interface BillStorage {
  /** Writes a new object; never overwrites an existing one. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
}

export function newBillKey(extension: string, now = Date.now()): string {
  return `energy-bills/${now}-${randomBytes(8).toString("hex")}.${extension}`;
}

const KEY_PATTERN = /^energy-bills\/\d+-[0-9a-f]{16}\.(pdf|jpg|jpeg|png)$/;

export class LocalBillStorage implements BillStorage {
  constructor(private readonly root: string) {}

  private fileOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // "wx": fail rather than overwrite (the spec's upload has no overwrite).
    await fs.writeFile(file, body, { flag: "wx", mode: 0o600 });
    try {
      await fs.writeFile(`${file}.type`, contentType, { flag: "wx", mode: 0o600 });
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const file = this.fileOf(key);
    try {
      const [body, contentType] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.type`, "utf8")]);
      return { body, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.type`, { force: true });
  }
}

const KEY = Symbol.for("solar-advisory.bill-storage");
type WithStorage = typeof globalThis & { [KEY]?: BillStorage };

export function getBillStorage(dataDir: string): BillStorage {
  const g = globalThis as WithStorage;
  g[KEY] ??= new LocalBillStorage(path.resolve(dataDir, "uploads"));
  return g[KEY];
}

/** Lets tests put a failing or in-memory storage in place. */
export function useBillStorage(storage: BillStorage | undefined): void {
  (globalThis as WithStorage)[KEY] = storage;
}
