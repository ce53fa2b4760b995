import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import Busboy from "busboy";

export type MultipartLimits = {
  /** busboy marks the file truncated when it reaches this many bytes. */
  maxFileBytes: number;
  maxFieldBytes: number;
  maxFields: number;
  /** Counted as it streams: a chunked body declares no length. */
  maxTotalBytes: number;
  idleMs: number;
  /** Bytes/s; judged only after `minRateAfterMs` of reading; 0: never. */
  minBytesPerSecond: number;
  minRateAfterMs: number;
};

export type FileInfo = { fieldName: string; name: string; type: string };

/** The handler must consume `stream` to its end (busboy waits for it); the stream errors if the upload fails. */
export type FileHandler = (file: FileInfo, stream: Readable, fieldsSoFar: Readonly<Record<string, string>>) => void;

export type UploadFailure = "too-large" | "idle" | "slow" | "evicted" | "malformed" | "aborted";

export type UploadWatcher = {
  signal: AbortSignal;
  report: (received: number, readingMs: number, done?: boolean) => void;
};

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
 * Hard limits on size and time so no client can hold a reader; time the server pauses the body counts for
 * neither. On failure it cancels its own source, never the socket, so the client still gets the answer.
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
      // Our source only: its destruction cancels the request body stream.
      source.unpipe(busboy);
      source.destroy();
      // The open file stream errors, so whatever stores it gives up and cleans up.
      busboy.destroy(error);
      reject(error);
    };
  });

  source.on("data", (chunk: Buffer) => {
    received += chunk.length;
    lastProgress = Date.now();
    if (received > limits.maxTotalBytes) settle(new UploadError("too-large", { ...fields }));
  });
  source.on("error", (error) => settle(new UploadError("aborted", { ...fields }, { cause: error })));

  let lastTick = started;
  const timer = setInterval(
    () => {
      const now = Date.now();
      const elapsed = now - lastTick;
      lastTick = now;
      // Paused by us (backpressure) is not the client's slowness.
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
  busboy.on("error", (error) => settle(new UploadError("malformed", { ...fields }, { cause: error })));
  busboy.on("close", () => settle(null));
  source.pipe(busboy);
  return done;
}
