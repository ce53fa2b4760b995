import { PassThrough, type Readable } from "node:stream";
import { finished } from "node:stream/promises";
import {
  checkBillFile,
  FILE_MAX_BYTES,
  FILE_MIN_BYTES,
  fileExtension,
  kindOfExtension,
  sniffFileKind,
} from "~/lib/validation/bill";
import { log } from "../log.server";
import { type BillStorage, reserveBillKey } from "../storage/bill-storage.server";
import type { FileInfo } from "./multipart.server";

const SNIFF_BYTES = 16;

export type ReceivedBill = FileInfo & {
  size: number;
  head: Buffer;
  truncated: boolean;
  key: string | null;
  storageError: unknown;
};

/**
 * Streams to storage, never held in memory: wrong declared name or type, or first bytes unlike the extension,
 * is not stored; past `FILE_MAX_BYTES` the partial object goes. The rest is read so every field still arrives.
 */
export class BillReceiver {
  readonly file: ReceivedBill;
  private out: PassThrough | null = null;
  private stored: Promise<void> = Promise.resolve();
  private reservation: { key: string; release: () => void } | null = null;
  private pending: Buffer[] = [];
  private discarding: boolean;
  private refused = false;
  private kept = false;
  private readonly ended: Promise<void>;

  constructor(
    info: FileInfo,
    private readonly stream: Readable,
    private readonly storage: BillStorage,
    options: { store: boolean },
  ) {
    this.file = { ...info, size: 0, head: Buffer.alloc(0), truncated: false, key: null, storageError: null };
    // The declared checks, with a size that passes: the real size is checked at the end.
    this.discarding =
      !options.store || checkBillFile({ name: info.name, type: info.type, size: FILE_MIN_BYTES }) !== null;
    stream.on("limit", () => {
      this.file.truncated = true;
      this.refuse();
    });
    stream.on("data", (chunk: Buffer) => this.onData(chunk));
    stream.on("end", () => {
      if (this.out && !this.out.destroyed) this.out.end();
    });
    stream.on("error", (error) => this.refuse(error));
    this.ended = finished(stream).catch(() => {});
  }

  async received(): Promise<ReceivedBill> {
    await this.ended;
    await this.stored;
    return this.file;
  }

  /** A no-op once `keep` has been called. */
  async discard(): Promise<void> {
    if (this.kept) return;
    this.refuse();
    await this.received();
    const reservation = this.reservation;
    if (!reservation) return;
    this.file.key = null;
    try {
      await this.storage.delete(reservation.key);
    } catch (error) {
      log.error({ key: reservation.key, err: String(error) }, "Could not remove a refused bill file");
    } finally {
      reservation.release();
    }
  }

  /** Its row now names the key: the orphan sweep may judge it like any other. */
  keep(): void {
    this.kept = true;
    this.reservation?.release();
  }

  private onData(chunk: Buffer) {
    const file = this.file;
    file.size += chunk.length;
    if (file.head.length < SNIFF_BYTES) {
      file.head = Buffer.concat([file.head, chunk.subarray(0, SNIFF_BYTES - file.head.length)]);
    }
    if (file.size > FILE_MAX_BYTES) {
      file.truncated = true;
      this.refuse();
    }
    if (this.discarding) return;
    if (!this.out) {
      this.pending.push(chunk);
      if (file.head.length >= SNIFF_BYTES) this.startStoring();
      return;
    }
    if (!this.out.write(chunk)) {
      this.stream.pause();
      this.out.once("drain", () => this.stream.resume());
    }
  }

  private startStoring() {
    const file = this.file;
    if (sniffFileKind(file.head) !== kindOfExtension(file.name)) {
      this.discarding = true;
      this.pending = [];
      return;
    }
    const reservation = reserveBillKey(fileExtension(file.name));
    this.reservation = reservation;
    const out = new PassThrough();
    out.on("error", () => {});
    this.out = out;
    this.stored = this.storage.put(reservation.key, out, file.type).then(
      () => {
        if (!this.refused) file.key = reservation.key;
      },
      (error: unknown) => {
        if (!this.refused) file.storageError = error;
        this.discarding = true;
        this.pending = [];
        this.stream.resume();
      },
    );
    for (const chunk of this.pending) out.write(chunk);
    this.pending = [];
  }

  /** The object is removed by `put`; reading goes on to the end of the part. */
  private refuse(error: Error = new Error("Bill refused while it was uploading")) {
    this.refused = true;
    this.discarding = true;
    this.pending = [];
    if (this.out && !this.out.destroyed) this.out.destroy(error);
    if (!this.stream.destroyed) this.stream.resume();
  }
}
