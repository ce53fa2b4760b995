import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { buffer, text } from "node:stream/consumers";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../config.server";
import {
  type BillStorage,
  billStorageFromConfig,
  DeferredBillStorage,
  LocalBillStorage,
  newBillKey,
} from "./bill-storage.server";
import type { S3BillStorage } from "./s3-bill-storage.server";
import { startTestS3, type TestS3 } from "./s3-test-server";

const MiB = 1024 * 1024;

type Harness = {
  storage: BillStorage;
  storedBytes(key: string): number;
  age(key: string, time: Date): void;
  putForeign(name: string): Promise<void>;
  /** Sidecars left out. */
  storedNames(): string[];
  close(): Promise<void>;
};

const implementations: { name: string; make: () => Promise<Harness> }[] = [
  {
    name: "LocalBillStorage",
    async make() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), "bill-storage-"));
      return {
        storage: new LocalBillStorage(root),
        storedBytes: (key) => fs.statSync(path.join(root, key), { throwIfNoEntry: false })?.size ?? 0,
        age(key, time) {
          for (const file of [key, `${key}.type`]) fs.utimesSync(path.join(root, file), time, time);
        },
        async putForeign(name) {
          fs.mkdirSync(path.join(root, "energy-bills"), { recursive: true });
          fs.writeFileSync(path.join(root, "energy-bills", name), "x");
        },
        storedNames: () =>
          fs
            .readdirSync(path.join(root, "energy-bills"))
            .filter((name) => !name.endsWith(".type"))
            .map((name) => `energy-bills/${name}`)
            .sort(),
        async close() {
          fs.rmSync(root, { recursive: true, force: true });
        },
      };
    },
  },
  {
    // With a key prefix, as in a shared bucket.
    name: "S3BillStorage",
    make: () => s3Harness((s3) => s3.storage({ prefix: "tenant-a" })),
  },
  {
    // Made as the app makes it from its configuration.
    name: "S3 storage from BILL_STORAGE=s3",
    make: () =>
      s3Harness((s3) =>
        billStorageFromConfig(
          parseConfig({
            BILL_STORAGE: "s3",
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_ACCESS_KEY_ID: "S3RVER",
            S3_SECRET_ACCESS_KEY: "S3RVER",
            S3_PREFIX: "tenant-a",
          }),
          os.tmpdir(),
        ),
      ),
  },
];

async function s3Harness(make: (s3: TestS3) => BillStorage): Promise<Harness> {
  const s3 = await startTestS3();
  const prefix = "tenant-a/";
  const storage = make(s3);
  const concrete = storage instanceof DeferredBillStorage ? await storage.loaded() : (storage as S3BillStorage);
  const objectFile = (key: string) => s3.objectFile(`${prefix}${key}`);
  return {
    storage,
    storedBytes: (key) =>
      s3.partBytes(`${prefix}${key}`) + (fs.statSync(objectFile(key), { throwIfNoEntry: false })?.size ?? 0),
    age: (key, time) => fs.utimesSync(objectFile(key), time, time),
    storedNames: () =>
      s3
        .objectKeys()
        .filter((objectKey) => objectKey.startsWith(prefix))
        .map((objectKey) => objectKey.slice(prefix.length)),
    async putForeign(name) {
      await concrete.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}energy-bills/${name}`, Body: "x" }),
      );
    },
    async close() {
      concrete.destroy();
      await s3.close();
    },
  };
}

function lazyBody(total: number, holdAt: number) {
  const state = { produced: 0, hash: createHash("sha256") };
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* chunks() {
    for (let at = 0; at < total; at += 64 * 1024) {
      if (at >= holdAt) await released;
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - at), (at / (64 * 1024)) % 251);
      state.produced += chunk.length;
      state.hash.update(chunk);
      yield chunk;
    }
  }
  return { body: Readable.from(chunks(), { objectMode: false }), state, release };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function listAll(storage: BillStorage, olderThan: Date, createdSince?: Date) {
  const keys: string[] = [];
  for await (const key of storage.list(olderThan, { createdSince })) keys.push(key);
  return keys.sort();
}

const farFuture = () => new Date(Date.now() + 3_600_000);

describe.each(implementations)("$name (the shared BillStorage contract)", ({ make }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await make();
  });
  afterEach(() => h.close());

  it("stores a large body while it is still being made: nothing waits for the whole file", async () => {
    const key = newBillKey("pdf");
    const total = 12 * MiB;
    const source = lazyBody(total, 7 * MiB);
    const put = h.storage.put(key, source.body, "application/pdf");
    // Stored while the source is held at 7 of its 12 MiB: the storage does not buffer the whole body.
    await expect.poll(() => h.storedBytes(key), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(source.state.produced).toBeLessThanOrEqual(7 * MiB);
    source.release();
    expect(await put).toEqual({ bytes: total });
    const file = await h.storage.get(key);
    expect(file).toMatchObject({ contentType: "application/pdf", size: total });
    expect(sha256(await buffer(file?.body as Readable))).toBe(source.state.hash.digest("hex"));
  });

  it("reads a bill back as a stream with its type and size; a missing key is null", async () => {
    const key = newBillKey("png");
    const body = new PassThrough();
    const put = h.storage.put(key, body, "image/png");
    body.write(Buffer.alloc(256 * 1024, 1));
    body.end(Buffer.from("end"));
    expect(await put).toEqual({ bytes: 256 * 1024 + 3 });
    const file = await h.storage.get(key);
    expect(file?.contentType).toBe("image/png");
    expect(file?.size).toBe(256 * 1024 + 3);
    expect(file?.body).toBeInstanceOf(Readable);
    expect((await text(file?.body as Readable)).endsWith("end")).toBe(true);
    expect(await h.storage.get(newBillKey("pdf"))).toBeNull();
  });

  it("never overwrites an existing bill (EEXIST), and keeps it and its type", async () => {
    const key = newBillKey("pdf");
    await h.storage.put(key, Readable.from([Buffer.from("first")]), "application/pdf");
    await expect(h.storage.put(key, Readable.from([Buffer.from("second")]), "image/png")).rejects.toThrow(/EEXIST/);
    const file = await h.storage.get(key);
    expect(file?.contentType).toBe("application/pdf");
    expect(await text(file?.body as Readable)).toBe("first");
  });

  it.each([
    ["early", 1024],
    ["after more than one 5 MiB part", 6 * MiB],
  ])("leaves nothing behind when the stream fails %s, and rejects with the stream's error", async (_when, size) => {
    const key = newBillKey("pdf");
    const body = new PassThrough();
    const put = h.storage.put(key, body, "application/pdf");
    const chunk = Buffer.alloc(64 * 1024, 1);
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (!body.write(chunk)) await new Promise((resolve) => body.once("drain", resolve));
    }
    if (size > 5 * MiB) await expect.poll(() => h.storedBytes(key), { timeout: 10_000 }).toBeGreaterThan(0);
    setTimeout(() => body.destroy(new Error("refused")), 20);
    await expect(put).rejects.toThrow("refused");
    expect(await h.storage.get(key)).toBeNull();
    expect(await listAll(h.storage, farFuture())).not.toContain(key);
  });

  it("deletes a bill; deleting a missing one is not an error", async () => {
    const key = newBillKey("jpg");
    await h.storage.put(key, Readable.from([Buffer.from("bill")]), "image/jpeg");
    await h.storage.delete(key);
    expect(await h.storage.get(key)).toBeNull();
    await expect(h.storage.delete(key)).resolves.toBeUndefined();
    await expect(h.storage.delete(newBillKey("pdf"))).resolves.toBeUndefined();
  });

  it("lists bill keys last written before a time, optionally only those made since; nothing else", async () => {
    const oldKey = newBillKey("pdf", Date.now() - 7_200_000);
    const newKey = newBillKey("png");
    await h.storage.put(oldKey, Readable.from([Buffer.from("a")]), "application/pdf");
    await h.storage.put(newKey, Readable.from([Buffer.from("b")]), "image/png");
    await h.putForeign("not-a-key.txt");
    h.age(oldKey, new Date(Date.now() - 3_600_000));
    expect(await listAll(h.storage, new Date(Date.now() - 60_000))).toEqual([oldKey]);
    expect(await listAll(h.storage, farFuture())).toEqual([oldKey, newKey].sort());
    expect(await listAll(h.storage, farFuture(), new Date(Date.now() - 60_000))).toEqual([newKey]);
  });

  it("takes a readiness write (checkWritable) that leaves nothing behind and is never listed", async () => {
    const key = newBillKey("pdf", Date.now() - 7_200_000);
    await h.storage.put(key, Readable.from([Buffer.from("bill")]), "application/pdf");
    await h.storage.checkWritable?.();
    expect(h.storage.checkWritable).toBeTypeOf("function");
    expect(await listAll(h.storage, farFuture())).toEqual([key]);
    expect(h.storedNames()).toEqual([key]);
  });

  it("refuses a name that is not a bill key", async () => {
    const body = Readable.from([Buffer.from("x")]);
    await expect(h.storage.put("energy-bills/../../etc/passwd", body, "text/plain")).rejects.toThrow(/Invalid/);
    expect(body.destroyed).toBe(true);
    await expect(h.storage.get("energy-bills/x.html")).rejects.toThrow(/Invalid/);
    await expect(h.storage.delete("other/1-0123456789abcdef.pdf")).rejects.toThrow(/Invalid/);
  });

  it("offers a short-lived signed URL only if it can sign: it opens the bill, then expires", async (context) => {
    if (!h.storage.signedUrl) {
      expect(h.storage).toBeInstanceOf(LocalBillStorage);
      return context.skip();
    }
    const key = newBillKey("pdf");
    await h.storage.put(key, Readable.from([Buffer.from("%PDF-1.4 signed")]), "application/pdf");
    const url = await h.storage.signedUrl(key, 60, {
      contentType: "application/pdf",
      contentDisposition: 'inline; filename="bill.pdf"',
    });
    expect(new URL(url).hostname).toBe("127.0.0.1");
    const opened = await fetch(url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toBe('inline; filename="bill.pdf"');
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(await opened.text()).toBe("%PDF-1.4 signed");

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() - 10_000 });
    const brief = await h.storage.signedUrl(key, 1).finally(() => vi.useRealTimers());
    const expired = await fetch(brief);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("expired");
    await expect(h.storage.signedUrl(key, 0)).rejects.toThrow(RangeError);
    await expect(h.storage.signedUrl(key, 7200)).rejects.toThrow(RangeError);
  });
});

describe("LocalBillStorage (the folder's own rules)", () => {
  let root: string;
  let storage: LocalBillStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "bill-storage-"));
    storage = new LocalBillStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const stored = () =>
    fs.existsSync(path.join(root, "energy-bills")) ? fs.readdirSync(path.join(root, "energy-bills")).sort() : [];

  it("writes files only its own user can read, type in a sidecar", async () => {
    const key = newBillKey("pdf");
    await storage.put(key, Readable.from([Buffer.from("bill")]), "application/pdf");
    expect((fs.statSync(path.join(root, key)).mode & 0o777).toString(8)).toBe("600");
    expect(fs.readFileSync(path.join(root, `${key}.type`), "utf8")).toBe("application/pdf");
  });

  it("lists a lone sidecar (a crash between the two writes) by its key, and delete removes it", async () => {
    const loneSidecar = newBillKey("jpg", Date.now() - 7_200_000);
    fs.mkdirSync(path.join(root, "energy-bills"), { recursive: true });
    fs.writeFileSync(path.join(root, `${loneSidecar}.type`), "image/jpeg");
    const longAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(path.join(root, `${loneSidecar}.type`), longAgo, longAgo);
    expect(await listAll(storage, new Date(Date.now() - 60_000))).toEqual([loneSidecar]);
    await storage.delete(loneSidecar);
    expect(stored()).toEqual([]);
  });
});
