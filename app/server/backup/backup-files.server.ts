import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import type { BackupLocation } from "./backup-location.server";

/** Written last; restore trusts nothing it does not list. */
export const manifestSchema = z.object({
  format: z.literal(1),
  id: z.string(),
  /** Nothing committed after this moment is in the backup. */
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  engine: z.enum(["pglite", "postgres"]),
  app: z.object({ version: z.string() }),
  schema: z.object({ migrations: z.number().int().min(0), last: z.number() }),
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.array(
    z.object({
      name: z.string(),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      contentType: z.string().optional(),
    }),
  ),
  missingBills: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupFile = BackupManifest["files"][number];

export const MANIFEST = "manifest.json";
export const BILLS_FOLDER = "bills/";

export function hashing(body: Readable): { stream: Readable; digest: () => { bytes: number; sha256: string } } {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new PassThrough();
  body.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  body.on("error", (error) => stream.destroy(error));
  body.pipe(stream);
  let sha256: string | undefined;
  return {
    stream,
    digest: () => {
      sha256 ??= hash.digest("hex");
      return { bytes, sha256 };
    },
  };
}

export async function writeBackupFile(
  location: BackupLocation,
  id: string,
  name: string,
  body: Readable,
  bytes: number,
  contentType?: string,
): Promise<BackupFile> {
  const hashed = hashing(body);
  await location.write(`${id}/${name}`, hashed.stream, bytes);
  const digest = hashed.digest();
  if (digest.bytes !== bytes) throw new Error(`${name}: wrote ${digest.bytes} bytes, expected ${bytes}`);
  return { name, ...digest, ...(contentType ? { contentType } : {}) };
}

export async function checkBackupFile(location: BackupLocation, id: string, file: BackupFile): Promise<string | null> {
  let body: Readable;
  try {
    body = await location.read(`${id}/${file.name}`);
  } catch (error) {
    return `${file.name}: ${(error as Error).message}`;
  }
  const hashed = hashing(body);
  try {
    await pipeline(hashed.stream, async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    });
  } catch (error) {
    return `${file.name}: could not be read (${(error as Error).message})`;
  }
  const { bytes, sha256 } = hashed.digest();
  if (bytes !== file.bytes) return `${file.name}: ${bytes} bytes where the manifest says ${file.bytes} (truncated?)`;
  if (sha256 !== file.sha256) return `${file.name}: its checksum does not match the manifest (damaged)`;
  return null;
}

export async function downloadBackupFile(
  location: BackupLocation,
  id: string,
  file: BackupFile,
  target: string,
): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const hashed = hashing(await location.read(`${id}/${file.name}`));
  await pipeline(hashed.stream, fs.createWriteStream(target, { mode: 0o600 }));
  const { bytes, sha256 } = hashed.digest();
  if (bytes !== file.bytes || sha256 !== file.sha256) throw new Error(`${file.name} changed while it was read`);
}

export function appVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")).version ?? "unknown";
  } catch {
    return "unknown";
  }
}
