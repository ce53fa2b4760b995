import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalBillStorage, newBillKey } from "./bill-storage.server";

let root: string;
let storage: LocalBillStorage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "bill-storage-"));
  storage = new LocalBillStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const stored = () =>
  fs.existsSync(path.join(root, "energy-bills")) ? fs.readdirSync(path.join(root, "energy-bills")).sort() : [];

describe("LocalBillStorage", () => {
  it("writes a stream as it arrives (nothing held back) and reads it back as a stream", async () => {
    const key = newBillKey("pdf");
    const body = new PassThrough();
    const put = storage.put(key, body, "application/pdf");
    body.write(Buffer.alloc(256 * 1024, 1));
    // The first part is on disk while the stream is still open.
    await expect.poll(() => fs.statSync(path.join(root, key), { throwIfNoEntry: false })?.size ?? 0).toBe(256 * 1024);
    body.end(Buffer.from("end"));
    expect(await put).toEqual({ bytes: 256 * 1024 + 3 });
    expect((fs.statSync(path.join(root, key)).mode & 0o777).toString(8)).toBe("600");
    const file = await storage.get(key);
    expect(file?.contentType).toBe("application/pdf");
    expect(file?.size).toBe(256 * 1024 + 3);
    expect((await text(file?.body as Readable)).endsWith("end")).toBe(true);
    expect(await storage.get(newBillKey("pdf"))).toBeNull();
  });

  it("leaves nothing behind when the stream fails midway", async () => {
    const body = new PassThrough();
    const put = storage.put(newBillKey("pdf"), body, "application/pdf");
    body.write(Buffer.alloc(1024, 1));
    setTimeout(() => body.destroy(new Error("refused")), 20);
    await expect(put).rejects.toThrow("refused");
    expect(stored()).toEqual([]);
  });

  it("never overwrites, and never removes, an existing bill", async () => {
    const key = newBillKey("pdf");
    await storage.put(key, Readable.from([Buffer.from("first")]), "application/pdf");
    await expect(storage.put(key, Readable.from([Buffer.from("second")]), "application/pdf")).rejects.toThrow(/EEXIST/);
    expect(fs.readFileSync(path.join(root, key), "utf8")).toBe("first");
    expect(fs.readFileSync(path.join(root, `${key}.type`), "utf8")).toBe("application/pdf");
  });

  it("lists keys last written before a time (bill or lone sidecar), optionally only those made since", async () => {
    const longAgo = new Date(Date.now() - 3_600_000);
    const oldKey = newBillKey("pdf", Date.now() - 7_200_000);
    const newKey = newBillKey("png");
    const loneSidecar = newBillKey("jpg", Date.now() - 7_200_000);
    await storage.put(oldKey, Readable.from([Buffer.from("a")]), "application/pdf");
    await storage.put(newKey, Readable.from([Buffer.from("b")]), "image/png");
    fs.writeFileSync(path.join(root, `${loneSidecar}.type`), "image/jpeg");
    fs.writeFileSync(path.join(root, "energy-bills", "not-a-key.txt"), "x");
    for (const file of [oldKey, `${oldKey}.type`, `${loneSidecar}.type`]) {
      fs.utimesSync(path.join(root, file), longAgo, longAgo);
    }
    const list = async (olderThan: Date, createdSince?: Date) => {
      const keys: string[] = [];
      for await (const key of storage.list(olderThan, { createdSince })) keys.push(key);
      return keys.sort();
    };
    expect(await list(new Date(Date.now() - 60_000))).toEqual([oldKey, loneSidecar].sort());
    expect(await list(new Date(Date.now() + 60_000))).toEqual([oldKey, newKey, loneSidecar].sort());
    expect(await list(new Date(Date.now() + 60_000), new Date(Date.now() - 60_000))).toEqual([newKey]);
    await storage.delete(loneSidecar);
    expect(stored()).not.toContain(`${loneSidecar.slice("energy-bills/".length)}.type`);
  });
});
