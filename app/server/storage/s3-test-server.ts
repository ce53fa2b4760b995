import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { S3BillStorage, type S3BillStorageOptions } from "./s3-bill-storage.server";

/**
 * s3rver on loopback for tests. It checks URL expiry but no signature or ACL, cannot list or abort multipart
 * uploads, and ignores `If-None-Match`: tests of those behaviours say so.
 */
export type TestS3 = {
  endpoint: string;
  bucket: string;
  dir: string;
  storage(options?: Partial<S3BillStorageOptions>): S3BillStorage;
  /** Its mtime is the object's LastModified. */
  objectFile(objectKey: string): string;
  objectKeys(): string[];
  partBytes(objectKey?: string): number;
  /** `start` resumes on the same port and folder. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const OBJECT_SUFFIX = "._S3rver_object";

export async function startTestS3(bucket = "bills-test"): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: "127.0.0.1", port, directory: dir, silent: true });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const make = (options: Partial<S3BillStorageOptions> = {}) =>
    new S3BillStorage({
      bucket,
      endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      ...options,
    });
  const setup = make();
  await setup.client.send(new CreateBucketCommand({ Bucket: bucket }));
  setup.destroy();

  const bucketDir = path.join(dir, bucket);
  const walk = (folder: string): string[] =>
    fs.existsSync(folder)
      ? fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(folder, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        })
      : [];
  return {
    endpoint,
    bucket,
    dir,
    storage: make,
    objectFile: (objectKey) => path.join(bucketDir, `${objectKey}${OBJECT_SUFFIX}`),
    objectKeys: () =>
      walk(bucketDir)
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => path.relative(bucketDir, file).slice(0, -OBJECT_SUFFIX.length))
        .sort(),
    partBytes(objectKey) {
      const uploads = path.join(bucketDir, "._S3rver_uploads");
      if (!fs.existsSync(uploads)) return 0;
      let bytes = 0;
      for (const id of fs.readdirSync(uploads)) {
        const folder = path.join(uploads, id);
        const keyFile = path.join(folder, "key");
        if (!fs.existsSync(keyFile)) continue;
        if (objectKey !== undefined && fs.readFileSync(keyFile, "utf8") !== objectKey) continue;
        for (const part of fs.readdirSync(folder)) {
          if (/^\d+$/.test(part)) bytes += fs.statSync(path.join(folder, part)).size;
        }
      }
      return bytes;
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
