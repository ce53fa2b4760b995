import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { ListMultipartUploadsCommandOutput } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../config.server";
import { log } from "../log.server";
import { billStorageFromConfig, DeferredBillStorage, LocalBillStorage, newBillKey } from "./bill-storage.server";
import { S3BillStorage } from "./s3-bill-storage.server";
import { startTestS3, type TestS3 } from "./s3-test-server";

type Sent = { command: string; method: string; path: string; headers: Record<string, string> };

function recordRequests(storage: S3BillStorage): Sent[] {
  const sent: Sent[] = [];
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { method: string; path: string; headers: Record<string, string> };
      sent.push({
        command: String(context.commandName),
        method: request.method,
        path: request.path,
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
        ),
      });
      return next(args);
    },
    { step: "finalizeRequest", name: "recordRequests" },
  );
  return sent;
}

/** Answers `command` without the server, for what s3rver cannot do. */
function answer(storage: S3BillStorage, command: string, reply: (input: Record<string, unknown>) => unknown) {
  const inputs: Record<string, unknown>[] = [];
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== command) return next(args);
      const input = args.input as Record<string, unknown>;
      inputs.push(input);
      return { output: { $metadata: {}, ...(reply(input) as object) }, response: {} } as never;
    },
    { step: "initialize", name: `answer${command}` },
  );
  return inputs;
}

const MiB = 1024 * 1024;
const bytes = (size: number) => Readable.from([Buffer.alloc(size, 7)]);

let s3: TestS3;
const made: S3BillStorage[] = [];
const storageOf = (options: Parameters<TestS3["storage"]>[0] = {}) => {
  const storage = s3.storage(options);
  made.push(storage);
  return storage;
};

beforeAll(async () => {
  s3 = await startTestS3();
});
afterEach(() => {
  for (const storage of made.splice(0)) storage.destroy();
});
afterAll(() => s3?.close());

describe("S3BillStorage", () => {
  it("writes privately: no ACL ever, the content type kept, If-None-Match: * on the write that makes the object", async () => {
    const storage = storageOf();
    const sent = recordRequests(storage);
    const small = newBillKey("pdf");
    const large = newBillKey("png");
    await storage.put(small, bytes(1024), "application/pdf");
    await storage.put(large, bytes(6 * MiB), "image/png");

    const writes = sent.filter((request) => request.method !== "HEAD" && request.method !== "GET");
    expect(writes.map((request) => request.command)).toEqual([
      "PutObjectCommand",
      "CreateMultipartUploadCommand",
      "UploadPartCommand",
      "UploadPartCommand",
      "CompleteMultipartUploadCommand",
    ]);
    for (const request of sent) {
      expect(Object.keys(request.headers).filter((name) => /^x-amz-(acl|grant-)/.test(name))).toEqual([]);
    }
    const creating = writes.filter((request) => /^(PutObject|CompleteMultipartUpload)Command$/.test(request.command));
    expect(creating.map((request) => request.headers["if-none-match"])).toEqual(["*", "*"]);
    expect(writes[0]?.headers["content-type"]).toBe("application/pdf");
    expect(writes[1]?.headers["content-type"]).toBe("image/png");
    // The HEAD check holds where If-None-Match is ignored.
    expect(sent.filter((request) => request.method === "HEAD").map((request) => request.path)).toEqual([
      `/${s3.bucket}/${small}`,
      `/${s3.bucket}/${large}`,
    ]);
    expect((await storage.get(large))?.contentType).toBe("image/png");
  });

  it("with S3_CONDITIONAL_WRITES off, sends no If-None-Match (the HEAD check still refuses a taken key)", async () => {
    const storage = storageOf({ conditionalWrites: false });
    const sent = recordRequests(storage);
    const key = newBillKey("pdf");
    await storage.put(key, bytes(10), "application/pdf");
    expect(sent.every((request) => !("if-none-match" in request.headers))).toBe(true);
    await expect(storage.put(key, bytes(10), "application/pdf")).rejects.toThrow(/EEXIST/);
  });

  it("turns the store's 412 (another writer made the key first) into EEXIST", async () => {
    // s3rver ignores If-None-Match, so the store's refusal is played by the client.
    const storage = storageOf();
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== "PutObjectCommand") return next(args);
        throw Object.assign(new Error("At least one of the pre-conditions you specified did not hold"), {
          name: "PreconditionFailed",
          $metadata: { httpStatusCode: 412 },
        });
      },
      { step: "initialize", name: "preconditionFailed" },
    );
    const error = await storage.put(newBillKey("pdf"), bytes(10), "application/pdf").catch((caught) => caught);
    expect(error).toMatchObject({ code: "EEXIST" });
    expect(error.cause).toMatchObject({ name: "PreconditionFailed" });
  });

  it("keeps bills under S3_PREFIX and ignores every other object of the bucket", async () => {
    const mine = storageOf({ prefix: "/site-a/" });
    const other = storageOf({ prefix: "site-b" });
    const root = storageOf();
    const key = newBillKey("pdf", Date.now() - 7_200_000);
    await mine.put(key, bytes(10), "application/pdf");
    await other.put(newBillKey("pdf", Date.now() - 7_200_000), bytes(10), "application/pdf");
    await root.put(newBillKey("pdf", Date.now() - 7_200_000), bytes(10), "application/pdf");
    expect(s3.objectKeys()).toContain(`site-a/${key}`);
    const listed: string[] = [];
    for await (const found of mine.list(new Date(Date.now() + 60_000))) listed.push(found);
    expect(listed).toEqual([key]);
    expect(await root.get(key)).toBeNull();
  });

  it("fails, rather than answering 'missing' or 'ready', when the store does not answer", async () => {
    const storage = storageOf();
    const key = newBillKey("pdf");
    await storage.put(key, bytes(10), "application/pdf");
    await s3.stop();
    try {
      await expect(storage.checkWritable()).rejects.toThrow();
      const body = bytes(10);
      await expect(storage.put(newBillKey("pdf"), body, "application/pdf")).rejects.toThrow();
      expect(body.destroyed).toBe(true);
      await expect(storage.get(key)).rejects.toThrow();
    } finally {
      await s3.start();
    }
    expect((await storage.get(key))?.size).toBe(10);
  });

  it("on a store that cannot list multipart uploads (s3rver), lists objects only and says so once", async () => {
    const storage = storageOf();
    const key = newBillKey("pdf", Date.now() - 7_200_000);
    await storage.put(key, bytes(10), "application/pdf");
    const warn = vi.spyOn(log, "warn");
    try {
      for (let run = 0; run < 2; run++) {
        const listed: string[] = [];
        for await (const found of storage.list(new Date(Date.now() + 60_000))) listed.push(found);
        expect(listed).toContain(key);
      }
      expect(warn.mock.calls.filter(([, message]) => String(message).includes("multipart"))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("lists unfinished multipart uploads started before the cutoff, and delete aborts them", async () => {
    // s3rver can neither list nor abort multipart uploads: those answers are played here.
    const storage = storageOf({ prefix: "crash" });
    const done = newBillKey("pdf", Date.now() - 7_200_000);
    const cutOff = newBillKey("pdf", Date.now() - 7_200_000);
    const fresh = newBillKey("png");
    await storage.put(done, bytes(10), "application/pdf");
    const uploads: NonNullable<ListMultipartUploadsCommandOutput["Uploads"]> = [
      { Key: `crash/${cutOff}`, UploadId: "u-cut-off", Initiated: new Date(Date.now() - 3_600_000) },
      { Key: `crash/${done}`, UploadId: "u-done-too", Initiated: new Date(Date.now() - 3_600_000) },
      { Key: `crash/${fresh}`, UploadId: "u-fresh", Initiated: new Date() },
      { Key: "crash/energy-bills/not-a-key", UploadId: "u-foreign", Initiated: new Date(0) },
    ];
    const listings = answer(storage, "ListMultipartUploadsCommand", (input) => ({
      Uploads: uploads.filter((upload) => upload.Key?.startsWith(String(input.Prefix))),
      IsTruncated: false,
    }));
    const aborted = answer(storage, "AbortMultipartUploadCommand", () => ({}));

    const listed: string[] = [];
    for await (const found of storage.list(new Date(Date.now() - 60_000))) listed.push(found);
    expect(listed.sort()).toEqual([cutOff, done].sort());
    expect(listings[0]).toMatchObject({ Prefix: "crash/energy-bills/", KeyMarker: undefined });

    const since = new Date(Date.now() - 60_000);
    for await (const _ of storage.list(new Date(), { createdSince: since })) {
      // only the window's keys are asked for
    }
    expect(listings[1]).toMatchObject({ KeyMarker: `crash/energy-bills/${since.getTime()}` });

    await storage.delete(cutOff);
    await storage.delete(done);
    expect(aborted.map((input) => input.UploadId)).toEqual(["u-cut-off", "u-done-too"]);
    expect(await storage.get(done)).toBeNull();
  });

  it("signs URLs for one hour at most", async () => {
    const storage = storageOf();
    await expect(storage.signedUrl(newBillKey("pdf"), 3601)).rejects.toThrow(RangeError);
    const url = new URL(await storage.signedUrl(newBillKey("pdf"), 3600));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
  });
});

describe("billStorageFromConfig", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bill-config-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps bills in DATA_DIR/uploads by default", () => {
    expect(billStorageFromConfig(parseConfig({}), dir)).toBeInstanceOf(LocalBillStorage);
  });

  it("uses the S3_* bucket with BILL_STORAGE=s3: path-style at a custom endpoint, the given keys", async () => {
    const deferred = billStorageFromConfig(
      parseConfig({
        BILL_STORAGE: "s3",
        S3_BUCKET: "solar-bills",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "prod/",
      }),
      dir,
    );
    expect(deferred).toBeInstanceOf(DeferredBillStorage);
    const storage = await (deferred as DeferredBillStorage).loaded();
    try {
      expect(storage).toBeInstanceOf(S3BillStorage);
      expect(storage.bucket).toBe("solar-bills");
      expect(storage.prefix).toBe("prod/");
      expect(storage.client.config.forcePathStyle).toBe(true);
      expect(await storage.client.config.region()).toBe("eu-west-1");
      expect((await storage.client.config.credentials()).accessKeyId).toBe("AKIDEXAMPLE");
      const url = new URL(await storage.signedUrl(newBillKey("pdf"), 60));
      expect(`${url.host}${url.pathname}`).toMatch(/^127\.0\.0\.1:9000\/solar-bills\/prod\/energy-bills\//);
    } finally {
      storage.destroy();
    }
  });

  it("addresses AWS itself virtual-host style when no endpoint is set", async () => {
    const storage = billStorageFromConfig(
      parseConfig({ BILL_STORAGE: "s3", S3_BUCKET: "solar-bills", S3_ACCESS_KEY_ID: "A", S3_SECRET_ACCESS_KEY: "B" }),
      dir,
    ) as DeferredBillStorage;
    try {
      const url = new URL(await storage.signedUrl(newBillKey("pdf"), 60));
      expect(url.host).toBe("solar-bills.s3.us-east-1.amazonaws.com");
    } finally {
      (await storage.loaded()).destroy();
    }
  });
});
