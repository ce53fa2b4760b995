import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type AppConfig, getConfig } from "../config.server";
import { log } from "../log.server";
import { assertBillKey, BILL_KEY_FOLDER, billKeyTime, newBillKey } from "./bill-keys.server";
import type { BillStorage, SignedUrlOptions } from "./bill-storage-interface.server";
import type { S3BillStorage } from "./s3-bill-storage.server";

export { newBillKey } from "./bill-keys.server";
export type { BillStorage, SignedUrlOptions } from "./bill-storage-interface.server";

const PREFIX = BILL_KEY_FOLDER;
const TYPE_SUFFIX = ".type";

export class LocalBillStorage implements BillStorage {
  constructor(private readonly root: string) {}

  private fileOf(key: string): string {
    assertBillKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }> {
    let file: string;
    try {
      file = this.fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
    } catch (error) {
      body.destroy();
      throw error;
    }
    // "wx": never overwrite. A crash mid-write leaves a partial file no row names, for the orphan sweep.
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "wx", 0o600);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const out = createWriteStream(file, { fd: handle });
    try {
      await pipeline(body, out);
      await fs.writeFile(`${file}${TYPE_SUFFIX}`, contentType, { flag: "wx", mode: 0o600 });
      return { bytes: out.bytesWritten };
    } catch (error) {
      // Only what this call created (an EEXIST above never deletes another's bill).
      await fs.rm(file, { force: true });
      await fs.rm(`${file}${TYPE_SUFFIX}`, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const file = this.fileOf(key);
    try {
      const [stat, contentType] = await Promise.all([fs.stat(file), fs.readFile(`${file}${TYPE_SUFFIX}`, "utf8")]);
      return { body: createReadStream(file) as Readable, contentType, size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }

  async checkWritable(): Promise<void> {
    // Under a name no key pattern matches.
    const folder = path.join(this.root, PREFIX);
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, `.readyz-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);
    try {
      await fs.writeFile(file, "ok", { flag: "wx", mode: 0o600 });
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async *list(olderThan: Date, options: { createdSince?: Date } = {}): AsyncIterable<string> {
    const folder = path.join(this.root, PREFIX);
    let dir: Awaited<ReturnType<typeof fs.opendir>>;
    try {
      dir = await fs.opendir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    const since = options.createdSince?.getTime() ?? 0;
    const seen = new Set<string>();
    for await (const entry of dir) {
      if (!entry.isFile()) continue;
      // A sidecar alone means a crash between the two writes.
      const name = entry.name.endsWith(TYPE_SUFFIX) ? entry.name.slice(0, -TYPE_SUFFIX.length) : entry.name;
      const key = `${PREFIX}/${name}`;
      const created = billKeyTime(key);
      if (created === null || created < since || seen.has(key)) continue;
      seen.add(key);
      // The later of the bill and its sidecar: an upload in progress keeps writing.
      const times = await Promise.all(
        [path.join(folder, name), path.join(folder, `${name}${TYPE_SUFFIX}`)].map((file) =>
          fs.stat(file).then(
            (stat) => stat.mtimeMs,
            () => 0,
          ),
        ),
      );
      const modified = Math.max(...times);
      if (modified > 0 && modified < olderThan.getTime()) yield key;
    }
  }
}

let storage: BillStorage | undefined;

export function getBillStorage(dataDir: string): BillStorage {
  storage ??= billStorageFromConfig(getConfig(), dataDir);
  return storage;
}

type StorageConfig = Pick<
  AppConfig,
  | "BILL_STORAGE"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PREFIX"
  | "S3_CONDITIONAL_WRITES"
>;

/** The AWS SDK (about 20 MB, 90 ms to load) is loaded only when S3 is used. */
export function billStorageFromConfig(config: StorageConfig, dataDir: string): BillStorage {
  if (config.BILL_STORAGE !== "s3") return new LocalBillStorage(path.resolve(dataDir, "uploads"));
  const bucket = config.S3_BUCKET;
  if (!bucket) throw new Error("BILL_STORAGE=s3 needs S3_BUCKET");
  log.info(
    {
      bucket,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).host : undefined,
      prefix: config.S3_PREFIX,
      credentials: config.S3_ACCESS_KEY_ID ? "S3_ACCESS_KEY_ID" : "default chain",
    },
    "Bills are stored in S3",
  );
  return new DeferredBillStorage(async () => {
    const { S3BillStorage } = await import("./s3-bill-storage.server");
    return new S3BillStorage({
      bucket,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      prefix: config.S3_PREFIX,
      conditionalWrites: config.S3_CONDITIONAL_WRITES,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  });
}

export class DeferredBillStorage implements BillStorage {
  private instance: Promise<S3BillStorage> | undefined;

  constructor(private readonly make: () => Promise<S3BillStorage>) {}

  loaded(): Promise<S3BillStorage> {
    this.instance ??= this.make();
    return this.instance;
  }

  async put(key: string, body: Readable, contentType: string) {
    let storage: S3BillStorage;
    try {
      storage = await this.loaded();
    } catch (error) {
      body.destroy();
      throw error;
    }
    return storage.put(key, body, contentType);
  }

  async get(key: string) {
    return (await this.loaded()).get(key);
  }

  async delete(key: string) {
    return (await this.loaded()).delete(key);
  }

  async *list(olderThan: Date, options?: { createdSince?: Date }) {
    yield* (await this.loaded()).list(olderThan, options);
  }

  async signedUrl(key: string, seconds: number, options?: SignedUrlOptions) {
    return (await this.loaded()).signedUrl(key, seconds, options);
  }

  async checkWritable() {
    return (await this.loaded()).checkWritable();
  }
}

export function useBillStorage(replacement: BillStorage | undefined): void {
  storage = replacement;
}

/** Held from the first write until the row commits or the file goes: the sweep never touches them. */
const reserved = new Set<string>();

export function reserveBillKey(extension: string): { key: string; release: () => void } {
  const key = newBillKey(extension);
  reserved.add(key);
  return { key, release: () => void reserved.delete(key) };
}

export function isBillKeyReserved(key: string): boolean {
  return reserved.has(key);
}
