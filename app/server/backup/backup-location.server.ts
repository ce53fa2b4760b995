import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppConfig } from "../config.server";

/** A backup is a folder of files under its id; its manifest is written last, so one without it is incomplete. */
export interface BackupLocation {
  readonly description: string;
  write(name: string, body: Readable, bytes: number): Promise<void>;
  read(name: string): Promise<Readable>;
  listIds(): Promise<string[]>;
  remove(id: string): Promise<void>;
  listFiles(folder: string): Promise<string[]>;
}

export class BackupFileMissing extends Error {
  constructor(readonly file: string) {
    super(`${file} is missing`);
    this.name = "BackupFileMissing";
  }
}

export const BACKUP_ID = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export function backupIdAt(at: Date): string {
  return `backup-${at.toISOString().replace(/[:.]/g, "-")}`;
}

export function backupIdTime(id: string): Date | null {
  if (!BACKUP_ID.test(id)) return null;
  const [, date, h, m, s, ms] = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(id) ?? [];
  return new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
}

function safeName(name: string): string {
  const parts = name.split("/");
  if (parts.some((part) => part === "" || part === "." || part === ".."))
    throw new Error(`Bad backup file name: ${name}`);
  return name;
}

export class FolderBackupLocation implements BackupLocation {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = root;
  }

  async write(name: string, body: Readable, _bytes?: number): Promise<void> {
    const file = path.join(this.root, safeName(name));
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written under a temporary name: a crash never leaves a full-looking file.
    const partial = `${file}.partial`;
    await pipeline(body, createWriteStream(partial, { mode: 0o600 }));
    await fs.rename(partial, file);
  }

  async read(name: string): Promise<Readable> {
    const file = path.join(this.root, safeName(name));
    try {
      await fs.access(file);
    } catch {
      throw new BackupFileMissing(name);
    }
    return createReadStream(file);
  }

  async listIds(): Promise<string[]> {
    try {
      const entries = await fs.readdir(this.root, { withFileTypes: true });
      return entries.filter((entry) => entry.isDirectory() && BACKUP_ID.test(entry.name)).map((entry) => entry.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    if (!BACKUP_ID.test(id)) throw new Error(`Not a backup id: ${id}`);
    await fs.rm(path.join(this.root, id), { recursive: true, force: true });
  }

  async listFiles(folder: string): Promise<string[]> {
    try {
      const entries = await fs.readdir(path.join(this.root, safeName(folder)), { withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }
}

type S3Settings = Pick<AppConfig, "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">;

export class S3BackupLocation implements BackupLocation {
  readonly description: string;
  private readonly client: Promise<import("@aws-sdk/client-s3").S3Client>;

  constructor(
    private readonly bucket: string,
    private readonly prefix: string,
    settings: S3Settings,
  ) {
    this.description = `s3://${bucket}/${prefix}`;
    // The SDK is large: loaded only when backups go to S3.
    this.client = import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.S3_REGION,
          ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT, forcePathStyle: true } : {}),
          ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
            ? {
                credentials: {
                  accessKeyId: settings.S3_ACCESS_KEY_ID,
                  secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
                },
              }
            : {}),
          maxAttempts: 3,
          // No aws-chunked trailer, which some S3-compatible stores reject; the manifest's SHA-256 checks every file.
          requestChecksumCalculation: "WHEN_REQUIRED",
        }),
    );
  }

  private key(name: string) {
    return `${this.prefix}${safeName(name)}`;
  }

  async write(name: string, body: Readable, bytes: number): Promise<void> {
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.client).send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(name), Body: body, ContentLength: bytes }),
    );
  }

  async read(name: string): Promise<Readable> {
    const { GetObjectCommand } = await import("@aws-sdk/client-s3");
    try {
      const answer = await (await this.client).send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return answer.Body as Readable;
    } catch (error) {
      if ((error as { name?: string }).name === "NoSuchKey") throw new BackupFileMissing(name);
      throw error;
    }
  }

  private async *keys(prefix: string, delimiter?: string) {
    const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    let token: string | undefined;
    do {
      const page = await (await this.client).send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      for (const common of page.CommonPrefixes ?? []) if (common.Prefix) yield common.Prefix;
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async listIds(): Promise<string[]> {
    const ids: string[] = [];
    for await (const key of this.keys(this.prefix, "/")) {
      const id = key.slice(this.prefix.length).replace(/\/$/, "");
      if (BACKUP_ID.test(id)) ids.push(id);
    }
    return ids;
  }

  async remove(id: string): Promise<void> {
    if (!BACKUP_ID.test(id)) throw new Error(`Not a backup id: ${id}`);
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    const client = await this.client;
    for await (const key of this.keys(`${this.prefix}${id}/`)) {
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    }
  }

  async listFiles(folder: string): Promise<string[]> {
    const prefix = `${this.key(folder)}/`;
    const names: string[] = [];
    for await (const key of this.keys(prefix, "/")) if (!key.endsWith("/")) names.push(key.slice(prefix.length));
    return names.sort();
  }
}

export function backupLocationFromConfig(
  config: Pick<AppConfig, "BACKUP_URL" | "DATA_DIR"> & S3Settings,
  url = config.BACKUP_URL,
): BackupLocation {
  const value = url ?? path.join(config.DATA_DIR, "backups");
  if (value.startsWith("s3://")) {
    const { hostname: bucket, pathname } = new URL(value);
    const prefix = pathname.replace(/^\/+|\/+$/g, "");
    return new S3BackupLocation(bucket, prefix ? `${prefix}/` : "", config);
  }
  return new FolderBackupLocation(path.resolve(value.startsWith("file://") ? new URL(value).pathname : value));
}
