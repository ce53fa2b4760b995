import type { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  ChecksumAlgorithm,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { log } from "../log.server";
import { assertBillKey, BILL_KEY_FOLDER, billExistsError, billKeyTime, isBillKey } from "./bill-keys.server";
import type { BillStorage, SignedUrlOptions } from "./bill-storage-interface.server";

/** S3's smallest part: every part of a multipart upload but the last must be at least this. */
const S3_MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_SIGNED_URL_SECONDS = 3600;

export type S3BillStorageOptions = {
  bucket: string;
  region?: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  prefix?: string;
  /** `If-None-Match: *` on the creating write; turn off only for a store that rejects the header. */
  conditionalWrites?: boolean;
  partSize?: number;
};

/** One reused 5 MiB part buffer per upload (lib-storage's `Upload` held three); no ACL is ever sent (decision 0013). */
export class S3BillStorage implements BillStorage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly conditionalWrites: boolean;
  private readonly partSize: number;
  private multipartListing = true;

  constructor(options: S3BillStorageOptions) {
    this.bucket = options.bucket;
    this.prefix = normalizePrefix(options.prefix);
    this.conditionalWrites = options.conditionalWrites ?? true;
    this.partSize = Math.max(S3_MIN_PART_BYTES, options.partSize ?? S3_MIN_PART_BYTES);
    this.client = new S3Client({
      region: options.region ?? "us-east-1",
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      maxAttempts: 3,
      // Bounded waits: a store that stops answering fails the request instead of holding the upload.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    });
  }

  private objectKey(key: string): string {
    assertBillKey(key);
    return `${this.prefix}${key}`;
  }

  private billKeyOf(objectKey: string | undefined): string | null {
    if (!objectKey?.startsWith(this.prefix)) return null;
    const key = objectKey.slice(this.prefix.length);
    return isBillKey(key) ? key : null;
  }

  async put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }> {
    let objectKey: string;
    try {
      objectKey = this.objectKey(key);
      if (await this.exists(objectKey)) throw billExistsError(key);
    } catch (error) {
      body.destroy();
      throw error;
    }
    const target = { Bucket: this.bucket, Key: objectKey };
    const ifNew = this.conditionalWrites ? { IfNoneMatch: "*" } : {};
    const checksums = (await this.client.config.requestChecksumCalculation()) === "WHEN_SUPPORTED";
    const algorithm = checksums ? { ChecksumAlgorithm: ChecksumAlgorithm.CRC32 } : {};
    let part: Buffer | null = null;
    let filled = 0;
    let bytes = 0;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    const sendPart = async (buffer: Buffer) => {
      uploadId ??= (
        await this.client.send(new CreateMultipartUploadCommand({ ...target, ContentType: contentType, ...algorithm }))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(
        new UploadPartCommand({
          ...target,
          UploadId: uploadId,
          PartNumber,
          Body: buffer.subarray(0, filled),
          ...algorithm,
        }),
      );
      parts.push({ PartNumber, ETag: sent.ETag, ...(sent.ChecksumCRC32 ? { ChecksumCRC32: sent.ChecksumCRC32 } : {}) });
      filled = 0;
    };

    let readingBody = false;
    try {
      const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
      for (;;) {
        readingBody = true;
        const next = await chunks.next();
        readingBody = false;
        if (next.done) break;
        const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
        bytes += chunk.length;
        for (let offset = 0; offset < chunk.length; ) {
          // A full part goes only once more bytes follow, so a body of exactly one part is one PutObject.
          if (part && filled === part.length) await sendPart(part);
          part ??= Buffer.allocUnsafe(this.partSize);
          const copied = chunk.copy(part, filled, offset);
          filled += copied;
          offset += copied;
        }
      }
      const rest = part ? part.subarray(0, filled) : Buffer.alloc(0);
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ ...target, Body: rest, ContentType: contentType, ...ifNew }));
      } else {
        if (part && filled > 0) await sendPart(part);
        await this.client.send(
          new CompleteMultipartUploadCommand({
            ...target,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
            ...ifNew,
          }),
        );
      }
      return { bytes };
    } catch (error) {
      // The body's own failure (refused, cut off) is what `put` rejects with.
      const failure = readingBody ? error : isPreconditionFailed(error) ? billExistsError(key, error) : error;
      body.destroy();
      if (uploadId !== undefined) await this.abortUpload(objectKey, uploadId);
      throw failure;
    }
  }

  private async abortUpload(objectKey: string, uploadId: string): Promise<void> {
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: objectKey, UploadId: uploadId }),
      );
    } catch (error) {
      log.warn(
        { key: objectKey, err: String(error).slice(0, 200) },
        "Could not abort an unfinished bill upload: the orphan sweep or the bucket's lifecycle rule removes its parts",
      );
    }
  }

  private async exists(objectKey: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      // A 403 means the credentials lack s3:ListBucket (S3 then hides whether a key exists): an error, not absent.
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async get(key: string) {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? "application/octet-stream",
        size: object.ContentLength ?? 0,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
    for await (const upload of this.multipartUploads(objectKey)) {
      if (upload.Key !== objectKey || !upload.UploadId) continue;
      try {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: objectKey, UploadId: upload.UploadId }),
        );
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
  }

  async checkWritable(): Promise<void> {
    const random = Math.random().toString(36).slice(2, 10);
    const Key = `${this.prefix}${BILL_KEY_FOLDER}/.readyz-${process.pid}-${Date.now()}-${random}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: "ok", ContentType: "text/plain" }));
    } finally {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })).catch(() => {});
    }
  }

  /** Unfinished multipart uploads too; `createdSince` starts the listing there (keys sort by their 13-digit time). */
  async *list(olderThan: Date, options: { createdSince?: Date } = {}): AsyncIterable<string> {
    const folder = `${this.prefix}${BILL_KEY_FOLDER}/`;
    const since = options.createdSince?.getTime();
    const startAfter = since === undefined ? undefined : `${folder}${since}`;
    const wanted = (key: string | null): key is string =>
      key !== null && (since === undefined || (billKeyTime(key) ?? 0) >= since);

    const stale = new Set<string>();
    for await (const upload of this.multipartUploads(folder, startAfter)) {
      const key = this.billKeyOf(upload.Key);
      if (wanted(key) && upload.Initiated && upload.Initiated < olderThan) stale.add(key);
    }

    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: folder,
          StartAfter: startAfter,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = this.billKeyOf(object.Key);
        if (!wanted(key) || !object.LastModified || object.LastModified >= olderThan) continue;
        stale.delete(key);
        yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    yield* stale;
  }

  private async *multipartUploads(prefix: string, keyMarker?: string) {
    if (!this.multipartListing) return;
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = { KeyMarker: keyMarker };
    for (;;) {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, ...markers }),
        );
      } catch (error) {
        if (!isUnsupported(error)) throw error;
        this.multipartListing = false;
        log.warn(
          { bucket: this.bucket },
          "This S3 store cannot list multipart uploads: parts of an upload cut off by a crash are left to the bucket's lifecycle rule",
        );
        return;
      }
      yield* page.Uploads ?? [];
      if (!page.IsTruncated) return;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }

  async signedUrl(key: string, seconds: number, options: SignedUrlOptions = {}): Promise<string> {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
      throw new RangeError(`A signed URL lives 1 to ${MAX_SIGNED_URL_SECONDS} seconds (got ${seconds})`);
    }
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
      ResponseCacheControl: "private, no-store",
    });
    return getSignedUrl(this.client, command, { expiresIn: seconds });
  }

  destroy(): void {
    this.client.destroy();
  }
}

function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "" : `${trimmed}/`;
}

type ServiceError = { name?: string; $metadata?: { httpStatusCode?: number } };

function statusOf(error: unknown): number | undefined {
  return (error as ServiceError | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as ServiceError | null)?.name;
  return name === "NoSuchKey" || name === "NotFound" || name === "NoSuchUpload" || statusOf(error) === 404;
}

function isPreconditionFailed(error: unknown): boolean {
  return (error as ServiceError | null)?.name === "PreconditionFailed" || statusOf(error) === 412;
}

function isUnsupported(error: unknown): boolean {
  const name = (error as ServiceError | null)?.name;
  const status = statusOf(error);
  return name === "NotImplemented" || name === "MethodNotAllowed" || status === 501 || status === 405;
}
