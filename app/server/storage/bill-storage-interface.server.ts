import type { Readable } from "node:stream";

/**
 * Private storage for uploaded energy bills. Keys follow the spec's path
 * `energy-bills/{timestamp}-{random}.{ext}`; files live under DATA_DIR/uploads, outside every
 * folder the server publishes, and are only ever read back by server code.
 *
 * Bodies are streams both ways: an upload goes to storage as it arrives (never held whole in
 * memory), and staff read a bill back as a stream. The interface says nothing about files: the
 * local folder (`LocalBillStorage`) and an S3 bucket (`S3BillStorage`, decision 0013) implement it
 * and pass one test suite (`bill-storage.server.test.ts`). `BILL_STORAGE` picks one.
 */
export interface BillStorage {
  /**
   * Writes a new object from `body` as it streams; never overwrites an existing one. If `body`
   * fails (the upload was refused or cut off) or the write fails, nothing is left under `key`
   * and the promise rejects with that error. Resolves with the bytes written.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key (complete or not) last written before `olderThan`, for the orphan sweep;
   * with `createdSince`, only keys whose timestamp (in the key's name) is at or after it.
   */
  list(olderThan: Date, options?: { createdSince?: Date }): AsyncIterable<string>;
  /**
   * A URL that opens the bill without the app for `seconds`, for a staff member the app has
   * already authorised. Only stores that can sign (S3) have it.
   */
  signedUrl?(key: string, seconds: number, options?: SignedUrlOptions): Promise<string>;
  /**
   * Readiness (`/readyz`): writes and removes a tiny object under a health-check name that is
   * never a bill key (so `list` and the orphan sweep never see it); rejects when the store cannot
   * take a write. A store without it is checked with a `put` and `delete` of a reserved bill key.
   */
  checkWritable?(): Promise<void>;
}

/** What the response to a signed URL says about the bill (fixed in the signature). */
export type SignedUrlOptions = { contentType?: string; contentDisposition?: string };
