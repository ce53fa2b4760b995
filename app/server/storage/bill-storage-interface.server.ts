import type { Readable } from "node:stream";

/** Private bill storage, streamed both ways; local and S3 (decision 0013) pass one test suite. */
export interface BillStorage {
  /** Never overwrites; if `body` or the write fails, nothing is left under `key` and it rejects with that error. */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  delete(key: string): Promise<void>;
  /** For the orphan sweep; `createdSince` filters on the timestamp in the key's name. */
  list(olderThan: Date, options?: { createdSince?: Date }): AsyncIterable<string>;
  /** Only stores that can sign (S3) have it; the caller has already authorised the staff member. */
  signedUrl?(key: string, seconds: number, options?: SignedUrlOptions): Promise<string>;
  /** Writes under a name that is never a bill key, so the orphan sweep never sees it. */
  checkWritable?(): Promise<void>;
}

export type SignedUrlOptions = { contentType?: string; contentDisposition?: string };
