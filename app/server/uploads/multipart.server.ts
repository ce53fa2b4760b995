import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "busboy";

export type MultipartLimits = {
  /** Bytes of the one file; busboy marks it truncated when it reaches this many. */
  maxFileBytes: number;
  maxFieldBytes: number;
  maxFields: number;
  /** The whole body, counted as it streams (a chunked body declares no length). */
  maxTotalBytes: number;
  /** The client sends nothing for this long: cut off. */
  idleMs: number;
  /** Past `minRateAfterMs` of reading, an average below this (bytes/s) is cut off; 0: never. */
  minBytesPerSecond: number;
  minRateAfterMs: number;
};

export type FileInfo = { fieldName: string; name: string; type: string };

/**
 * Receives the body's first file. The handler must consume `stream` to its end (busboy waits for
 * it before reading on), e.g. by piping it to storage or calling `resume()`. If the upload fails
 * (cut off, malformed, the client gone), the stream errors. `fieldsSoFar`: the fields sent before
 * the file.
 */
export type FileHandler = (file: FileInfo, stream: Readable, fieldsSoFar: Readonly<Record<string, string>>) => void;

export type UploadFailure = "too-large" | "idle" | "slow" | "evicted" | "malformed" | "aborted";

/**
 * Who watches the upload (its upload slot): told how far it is at every tick and once read; its
 * signal cuts the upload off ("evicted").
 */
export type UploadWatcher = {
  signal: AbortSignal;
  report: (received: number, readingMs: number, done?: boolean) => void;
};

/** Why a body was not read to its end, with the fields that arrived before (to show the form again). */
export class UploadError extends Error {
  constructor(
    readonly reason: UploadFailure,
    readonly fields: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(`Upload ${reason}`, options);
    this.name = "UploadError";
  }
}

const TICK_MS = 250;

/**
 * Streams a multipart body with hard limits: one file of at most `maxFileBytes` handed to
 * `onFile` as it arrives (nothing is buffered here), a few small text fields, a total size, and
 * time limits, so no client can hold a reader for long (security review H1): nothing received for
 * `idleMs`, or a crawl below `minBytesPerSecond` once `minRateAfterMs` have passed. Time the
 * server itself pauses the body (storage slower than the client) counts for neither.
 *
 * `watcher` (the upload's slot) follows its progress and may cut it off (decision 0020).
 *
 * On any failure it stops reading: it cancels its own source, the request body stream (the
 * server's body bridge then discards the rest and closes the connection after the response),
 * never the socket, so the client still gets the answer (security review L3). It rejects with an
 * `UploadError`; a second file, extra fields or parts are ignored, as busboy's limits do.
 */
export async function parseMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: FileHandler = (_file, stream) => stream.resume(),
  watcher?: UploadWatcher,
): Promise<{ fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    await request.body?.cancel().catch(() => {});
    throw new UploadError("malformed", fields);
  }
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { "content-type": contentType },
      // Keep the name as sent: a name with "../" or a slash must be refused, not silently trimmed.
      preservePath: true,
      limits: {
        files: 1,
        fileSize: limits.maxFileBytes,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFields + 1,
      },
    });
  } catch (error) {
    // No or a broken boundary.
    await request.body.cancel().catch(() => {});
    throw new UploadError("malformed", fields, { cause: error });
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  const started = Date.now();
  let received = 0;
  let lastProgress = started;
  let pausedTotal = 0;
  let sawFile = false;
  let settle: (error: UploadError | null) => void = () => {};

  const readingMs = () => Date.now() - started - pausedTotal;
  const evicted = () => settle(new UploadError("evicted", { ...fields }));
  const done = new Promise<{ fields: Record<string, string> }>((resolve, reject) => {
    let settled = false;
    settle = (error) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      watcher?.signal.removeEventListener("abort", evicted);
      if (!error) {
        watcher?.report(received, readingMs(), true);
        return resolve({ fields });
      }
      // Stop reading: our source only. Its destruction cancels the request body stream.
      source.unpipe(busboy);
      source.destroy();
      // The file stream (if one is open) errors, so whatever stores it gives up and cleans up.
      busboy.destroy(error);
      reject(error);
    };
  });

  source.on("data", (chunk: Buffer) => {
    received += chunk.length;
    lastProgress = Date.now();
    if (received > limits.maxTotalBytes) settle(new UploadError("too-large", { ...fields }));
  });
  // The client went away mid-body (the bridge errors the stream).
  source.on("error", (error) => settle(new UploadError("aborted", { ...fields }, { cause: error })));

  let lastTick = started;
  const timer = setInterval(
    () => {
      const now = Date.now();
      const elapsed = now - lastTick;
      lastTick = now;
      // Paused by us (busboy or storage busy: backpressure) is not the client's slowness.
      if (source.readableFlowing === false) {
        pausedTotal += elapsed;
        lastProgress = now;
        return;
      }
      if (now - lastProgress > limits.idleMs) return settle(new UploadError("idle", { ...fields }));
      const reading = readingMs();
      watcher?.report(received, reading);
      if (limits.minBytesPerSecond > 0 && reading >= limits.minRateAfterMs) {
        if (received / (reading / 1000) < limits.minBytesPerSecond) settle(new UploadError("slow", { ...fields }));
      }
    },
    Math.min(TICK_MS, limits.idleMs),
  );
  timer.unref();
  if (watcher?.signal.aborted) evicted();
  else watcher?.signal.addEventListener("abort", evicted, { once: true });

  busboy.on("field", (name, value) => {
    if (!(name in fields)) fields[name] = value;
  });
  busboy.on("file", (fieldName, stream, info) => {
    if (sawFile) {
      stream.resume();
      return;
    }
    sawFile = true;
    // Errors reach us through busboy's own "error"; the handler sees them on the stream too.
    stream.on("error", () => {});
    onFile({ fieldName, name: info.filename ?? "", type: info.mimeType ?? "" }, stream, fields);
  });
  // NUL or CR/LF in a part header, a part header too long, no closing boundary, …
  busboy.on("error", (error) => settle(new UploadError("malformed", { ...fields }, { cause: error })));
  busboy.on("close", () => settle(null));
  source.pipe(busboy);
  return done;
}
