import { PassThrough, type Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import type { BillStorage } from "../storage/bill-storage.server";
import { BillReceiver } from "./bill-file.server";

function memoryStorage() {
  const objects = new Map<string, string>();
  const deleted: string[] = [];
  let puts = 0;
  const storage: BillStorage = {
    async put(key, body) {
      puts++;
      objects.set(key, await text(body));
      return { bytes: objects.get(key)?.length ?? 0 };
    },
    get: async () => null,
    async delete(key) {
      deleted.push(key);
      objects.delete(key);
    },
    async *list() {},
  };
  return { storage, objects, deleted, puts: () => puts };
}

const pdf = `%PDF-1.4\n${" ".repeat(2000)}`;

function send(stream: PassThrough, content: string) {
  stream.write(content.slice(0, 10)); // the first bytes arrive on their own
  stream.end(content.slice(10));
}

describe("BillReceiver", () => {
  it("stores a real PDF as it streams, and keeps it once its row is written", async () => {
    const { storage, objects, deleted } = memoryStorage();
    const stream = new PassThrough();
    const receiver = new BillReceiver(
      { fieldName: "file", name: "bill.pdf", type: "application/pdf" },
      stream,
      storage,
      {
        store: true,
      },
    );
    send(stream, pdf);
    const file = await receiver.received();
    expect(file).toMatchObject({ size: pdf.length, truncated: false });
    expect(objects.get(file.key as string)).toBe(pdf);
    receiver.keep();
    // A failure after the row was written never removes the file it names.
    await receiver.discard();
    expect(deleted).toEqual([]);
  });

  it.each([
    ["whose first bytes are not what its name says", { name: "bill.pdf", type: "application/pdf" }, "<!doctype html>"],
    ["whose declared type is not allowed", { name: "bill.gif", type: "image/gif" }, pdf],
    ["with ../ in its name", { name: "../bill.pdf", type: "application/pdf" }, pdf],
  ])("never stores a file %s, but counts all of it", async (_label, info, content) => {
    const { storage, puts } = memoryStorage();
    const stream = new PassThrough();
    const receiver = new BillReceiver({ fieldName: "file", ...info }, stream, storage, { store: true });
    send(stream, content.padEnd(3000, " "));
    const file = await receiver.received();
    expect(file.key).toBeNull();
    expect(file.size).toBe(3000);
    expect(puts()).toBe(0);
  });

  it("gives up storing when the upload fails midway, leaving nothing", async () => {
    const { storage, objects } = memoryStorage();
    const stream = new PassThrough();
    const receiver = new BillReceiver(
      { fieldName: "file", name: "bill.pdf", type: "application/pdf" },
      stream as Readable,
      storage,
      { store: true },
    );
    stream.write(pdf);
    setTimeout(() => stream.destroy(new Error("cut off")), 10);
    const file = await receiver.received();
    expect(file.key).toBeNull();
    await receiver.discard();
    expect([...objects.keys()].filter((key) => objects.get(key) === pdf)).toEqual([]);
  });
});
